import type { Kysely } from 'kysely'

/**
 * Spec §3 external link types "external listing URL, auction URL, virtual tour, other": beside the
 * virtual tour a listing keeps its page on the seller's own site and its auction's page.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('listings').addColumn('external_listing_url', 'text').execute()
  await db.schema.alterTable('listings').addColumn('auction_url', 'text').execute()
}

export async function down(db: Kysely<any>) {
  for (const column of ['auction_url', 'external_listing_url']) await db.schema.alterTable('listings').dropColumn(column).execute()
}
