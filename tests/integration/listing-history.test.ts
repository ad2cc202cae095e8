import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readConfig } from '~/config.server'
import type { Database } from '~/models/db/db-schema'
import { openDatabase } from '~/models/db/db.server'
import { importFeed } from '~/models/feeds/feed-import.server'
import { refreshListingFreshness } from '~/models/trust/listing-history.server'
import { findListingPathFields } from '~/models/listings/listing.server'
import { type SearchCriteria, normalizeCriteria } from '~/models/search/search-criteria'
import { sites } from '~/sites/index'
import { buildSearchPath } from '~/models/search/search-path'
import { listingPath } from '~/models/listings/listing-path'
import { type SiteFetch, decodeEntities, loadRequestHandler } from '../support/http'
import { privateDataDir } from '../support/private-data'

/**
 * Issue 19 items 2, 3 and 5 through a partner feed, on a private copy of the test database: a
 * price change in the feed is on the listing's page as history and in the price-reduced search,
 * a listing nobody confirms is marked at 90 days and leaves search at 180 (its page stays), and
 * the feed sending it again confirms it.
 */
const dataDir = privateDataDir('listing-history')
const host = 'land.localhost'
let fetchPage: SiteFetch
let db: Kysely<Database>
let partnerId: number

const text = async (response: Response) =>
  decodeEntities(await response.text())
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
const get = (pathname: string) => fetchPage(host, pathname, { headers: { 'x-forwarded-for': '198.51.100.219' } })

const header = 'id,status,title,description,price,acres,county,state,latitude,longitude,propertyTypes'
const title = 'Forty acres of live oak on Onion Creek'
function feedFile(price: number, id: string) {
  const file = path.join(dataDir, `${id}-${price}.csv`)
  fs.writeFileSync(file, `${header}\n${id},available,${title},Oak and cedar with creek frontage.,${price},40,Travis,TX,30.2672,-97.7431,hunting\n`)
  return file
}

/** Imports the partner's feed of the one property at this price; answers the listing its record has (null when none). */
async function importAt(price: number, now = new Date(), partner = partnerId) {
  const run = await importFeed(db, { partnerId: partner, source: feedFile(price, `history-${partner}`), allowLocalFile: true, now: () => now })
  expect(run.status).toBe('finished')
  const record = await db.selectFrom('feed_records').select('listing_id').where('partner_id', '=', partner).executeTakeFirstOrThrow()
  return record.listing_id
}

/** A feed partner for a listing-feed seller of the seed (the `offset`th). */
async function addPartner(name: string, offset: number) {
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'company_name'])
    .where('account_type', '=', 8)
    .orderBy('id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow()
  const partner = await db
    .insertInto('feed_partners')
    .values({ name, account_id: account.id, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: partner.id, companyName: account.company_name }
}

async function pagePath(listingId: number) {
  return listingPath(sites.land, (await findListingPathFields(db, listingId))!)
}

/**
 * A search of Travis County, each time with a price bound of its own: the request handler is the
 * built bundle, whose search caches forget only when its own code writes (or the server's page
 * cache tells it), so a search repeated after a write made here would be answered from its cache.
 */
let priceBound = 10_000_000
function travisSearch(criteria: Partial<SearchCriteria> = {}) {
  return get(buildSearchPath(sites.land, normalizeCriteria({ state: 'texas', places: ['travis-county'], priceMax: priceBound++, ...criteria })))
}
const reducedInTravis = () => travisSearch({ priceChangeType: 'reduction', priceChangeLookback: 7 })

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  process.env.SITE_ENVIRONMENT = 'production'
  fetchPage = await loadRequestHandler()
  db = openDatabase(readConfig())
  partnerId = (await addPartner('History Test Feed', 0)).id
})

afterAll(async () => {
  await db?.destroy()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('a listing from a feed', () => {
  test("a price change in the feed is on the page's timeline and in the price-reduced search", async () => {
    const listingId = (await importAt(480_000))!
    const listingPage = await pagePath(listingId)
    const before = await text(await get(listingPage))
    expect(before).toContain('Listing history')
    expect(before).toMatch(/Listed · \$480,000/)
    expect(before).toContain('0 days on the market')
    expect(await text(await reducedInTravis())).not.toContain(title)

    expect(await importAt(455_000)).toBe(listingId)
    const after = await text(await get(listingPage))
    expect(after).toContain('Price changed · $480,000 to $455,000 (reduced $25K)')
    expect(after).toContain('Reduced $25K')
    const reduced = await text(await reducedInTravis())
    expect(reduced).toContain(title)
    expect(reduced).toContain('Reduced $25K')
  })

  test('unconfirmed for 90 days it is marked; for 180 it leaves search but keeps its page; the feed confirms it again', async () => {
    const listingId = (await importAt(455_000))!
    const listingPage = await pagePath(listingId)
    const now = new Date()
    const confirmedDaysAgo = async (days: number) => {
      await db
        .updateTable('listings')
        .set({ confirmed_at: new Date(now.getTime() - days * 86_400_000).toISOString() })
        .where('id', '=', listingId)
        .execute()
      await refreshListingFreshness(db, now)
    }
    const notice = 'May no longer be available — ask the seller'

    await confirmedDaysAgo(89)
    expect(await text(await get(listingPage))).not.toContain(notice)

    await confirmedDaysAgo(91)
    expect(await text(await get(listingPage))).toContain(notice)
    const search = await text(await travisSearch())
    expect(search).toContain(title)
    expect(search).toContain(notice)

    await confirmedDaysAgo(181)
    const kept = await get(listingPage)
    expect(kept.status).toBe(200)
    expect(await text(kept)).toContain(notice)
    expect(await text(await travisSearch())).not.toContain(title)

    // The next import finds the record unchanged: the feed still has it, so it is confirmed.
    await importAt(455_000, now)
    expect(await text(await get(listingPage))).not.toContain(notice)
    expect(await text(await travisSearch())).toContain(title)
  })

  test("another partner's record of the same land is linked by the quality gate: 'Also listed by' on the listing's page", async () => {
    const listingId = (await importAt(455_000))!
    const other = await addPartner('Second Test Feed', 1)
    expect(await importAt(455_000, new Date(), other.id)).toBeNull()
    const record = await db.selectFrom('feed_records').select('duplicate_of_listing_id').where('partner_id', '=', other.id).executeTakeFirstOrThrow()
    expect(record.duplicate_of_listing_id).toBe(listingId)
    expect(await text(await get(await pagePath(listingId)))).toContain(`Also listed by ${other.companyName}`)
  })
})
