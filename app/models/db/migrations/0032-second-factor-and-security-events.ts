import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * A second factor for sign-in (issue 33 finding 8, decision 0052): a user's TOTP secret, encrypted
 * with a key derived from SESSION_SECRET, the last time step a code was used for (a code works
 * once), and the SHA-256 of the unused recovery codes; and `security_events`, the audit trail of
 * logins, password and second-factor changes and administrators' decisions.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'integer', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_encrypted', 'text', (column) => column.notNull())
    // Null while the user has not yet confirmed the secret with a code: it signs no one in then.
    .addColumn('enabled_at', 'text')
    // A TOTP time step (Unix time / 30 s): far inside an integer.
    .addColumn('last_used_step', 'integer')
    // A JSON array of the SHA-256 of the recovery codes not used yet.
    .addColumn('recovery_code_hashes', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema
    .createTable('security_events')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    // Null for a failed login with an unknown address; the row stays when the user is deleted.
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('site_id', 'integer')
    .addColumn('client_address', 'text')
    .addColumn('detail', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('security_events_user').on('security_events').columns(['user_id', 'created_at']).execute()
  await db.schema.createIndex('security_events_created').on('security_events').column('created_at').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('security_events').execute()
  await db.schema.dropTable('second_factors').execute()
}
