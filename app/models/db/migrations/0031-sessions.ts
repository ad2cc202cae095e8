import type { Kysely } from 'kysely'

/**
 * Server-side sessions (issue 33 finding 2, decision 0047): the cookie carries a random id, signed;
 * the row holds what the session knows, and ending it (logout, a password change, 'Sign out
 * everywhere else', idle or absolute expiry) ends it for every copy of the cookie. Only the id's
 * SHA-256 is stored, so a leaked database signs no one in.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    // Null for a visitor's session (a pending action, a notice): it signs no one in.
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()
  await db.schema.createIndex('sessions_last_seen').on('sessions').column('last_seen_at').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('sessions').execute()
}
