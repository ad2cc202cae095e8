import type { Kysely } from 'kysely'

/**
 * Sign-up confirmation (issue 33 item 7, decision 0051): an account the sign-up form makes awaits
 * the confirming link of its mail before its password logs in, so signing up and then logging in
 * cannot tell a new address from one that has an account. Every account before this, and every
 * other way of making one, is confirmed.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('users')
    .addColumn('awaits_confirmation', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('users').dropColumn('awaits_confirmation').execute()
}
