import type { Kysely } from 'kysely'
import { timedCache } from '~/utils/timed-cache.server'
import type { Database } from '~/models/db/db-schema'
import { activeStatuses } from '~/models/listings/listing.server'
import { hasAnyBit } from '~/models/search/search-filters.server'

/** A state with the number of active listings a site shows there. */
export interface PopularState {
  id: number
  name: string
  abbreviation: string
  /** The gazetteer's slug: 'New-Mexico'. */
  slug: string
  listings: number
}

const timeToLiveMilliseconds = 10 * 60_000

/**
 * Every state (and DC) with its active listing count within the site's property-type scope
 * (`SiteProfile.listingScopeBits`, 0 for all), most listings first, then by name: the "Popular
 * States" of footers and home pages (spec §7 /api/popular/statenames). Counting reads the whole
 * table and footers ask on every page, so the answer is kept for ten minutes per database and scope.
 */
export const popularStates: (db: Kysely<Database>, scopeBits: number) => Promise<PopularState[]> = timedCache(timeToLiveMilliseconds, countListingsByState)

async function countListingsByState(db: Kysely<Database>, scopeBits: number) {
  const counts = db
    .selectFrom('listings')
    .where('status', 'in', activeStatuses)
    .$if(scopeBits !== 0, (query) => query.where((eb) => hasAnyBit(eb, 'property_types', scopeBits)))
    .groupBy('state_id')
    .select((eb) => ['state_id', eb.fn.countAll<number>().as('listings')])
  const rows = await db
    .selectFrom('states')
    .leftJoin(counts.as('counts'), 'counts.state_id', 'states.id')
    .select(['states.id', 'states.name', 'states.abbreviation', 'states.slug', 'counts.listings'])
    .execute()
  return rows
    .map((row) => ({ id: row.id, name: row.name, abbreviation: row.abbreviation, slug: row.slug, listings: Number(row.listings ?? 0) }))
    .sort((a, b) => b.listings - a.listings || a.name.localeCompare(b.name))
}
