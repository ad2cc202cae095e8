import { type Kysely, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { marketStatus } from '~/models/listings/enumerations'

export interface FeedStateRow {
  name: string
  slug: string
  abbreviation: string
  /** Active listings (available or under contract) that came from partner feeds. */
  listings: number
  /** When an import last changed one of the state's feed listings; null if none ever did. */
  lastChangedAt: string | null
}

/** Every state with its feed listings and the last time an import changed one (/landfeed/states/). */
export async function feedListingsByState(db: Kysely<Database>): Promise<FeedStateRow[]> {
  const rows = await db
    .selectFrom('states')
    .leftJoin('listings', (join) => join.onRef('listings.state_id', '=', 'states.id').on('listings.partner_id', 'is not', null))
    .select([
      'states.name',
      'states.slug',
      'states.abbreviation',
      sql<number>`sum(case when listings.status in (${sql.lit(marketStatus.available)}, ${sql.lit(marketStatus.underContract)}) then 1 else 0 end)`.as('listings'),
      (eb) => eb.fn.max('listings.updated_at').as('lastChangedAt'),
    ])
    .groupBy(['states.id', 'states.name', 'states.slug', 'states.abbreviation'])
    .orderBy('states.name')
    .execute()
  return rows.map((row) => ({ ...row, listings: Number(row.listings ?? 0), lastChangedAt: row.lastChangedAt ?? null }))
}
