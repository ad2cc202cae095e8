import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * What signed-in users keep (spec §3 "Saved search", "User info" listOfLiked): liked listings,
 * saved searches, and the password reset keys of /reset/{resetKey} (only their hashes).
 */
export async function up(db: Kysely<any>) {
  const identity = identityPrimaryKey(dialectOf(db))
  await db.schema
    .createTable('saved_properties')
    .addColumn('id', 'integer', identity)
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('listing_id', 'integer', (column) => column.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('saved_properties_user_listing', ['user_id', 'listing_id'])
    .execute()
  await db.schema.createIndex('saved_properties_user_created').on('saved_properties').columns(['user_id', 'created_at']).execute()

  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'integer', identity)
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('notify', 'text', (column) => column.notNull().defaultTo('No Updates'))
    .addColumn('criteria', 'text', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (column) => column.notNull())
    // Saving the same search again keeps the one saved search.
    .addUniqueConstraint('saved_searches_user_site_path', ['user_id', 'site_id', 'path'])
    .execute()

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', identity)
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (column) => column.notNull().unique())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute()
}

export async function down(db: Kysely<any>) {
  for (const table of ['password_resets', 'saved_searches', 'saved_properties']) await db.schema.dropTable(table).execute()
}
