import type { Kysely } from 'kysely'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type SitemapPage, sitemapPath } from '~/models/sitemaps/sitemap-path'
import { formatAcres, formatPrice } from '~/utils/format'
import type { Database } from '~/models/db/db-schema'
import { upgradeLevel } from '~/models/listings/enumerations'
import { type Gazetteer, findPlaceById, findStateById, resolveLocation } from '~/models/places/gazetteer.server'
import { isActiveListing } from '~/models/listings/listing-rules'
import { normalizeCriteria, type SearchCriteria } from '~/models/search/search-criteria'
import { matchesSearch } from '~/models/search/search-filters.server'
import { marketStatusLabel } from '~/models/search/search-options'
import { pageCountOf, paginationOf } from '~/models/search/pagination'

/** Long lists go on over pages of this many links: enough for a county, few enough for a slow phone. */
const sitemapListingsPerPage = 250

const notFound = () => new Response('Not Found', { status: 404 })

export interface ListingList {
  criteria: Partial<SearchCriteria>
  /** Featured: spec §2's top tiers, diamond, platinum and gold. */
  featuredOnly?: boolean
  order: 'newest' | 'tier'
}

const featuredLevels = [upgradeLevel.diamond, upgradeLevel.platinum, upgradeLevel.gold]

/** The listings a list holds (the search engine's own conditions). */
function listingsOf(db: Kysely<Database>, site: SiteProfile, gazetteer: Gazetteer, list: ListingList) {
  const criteria = normalizeCriteria(list.criteria)
  const resolved = resolveLocation(gazetteer, criteria)
  if (!resolved.ok) throw notFound()
  const request = { criteria, location: resolved.location, scopeBits: site.listingScopeBits }
  return db
    .selectFrom('listings')
    .where((eb) => matchesSearch(db, eb, request, null))
    .$if(list.featuredOnly === true, (query) => query.where('listings.upgrade_level', 'in', featuredLevels))
}

const countOf = (matching: ReturnType<typeof listingsOf>) => matching.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()

/** How many listings a list holds. */
export async function countListingsOf(db: Kysely<Database>, site: SiteProfile, gazetteer: Gazetteer, list: ListingList) {
  return Number((await countOf(listingsOf(db, site, gazetteer, list))).count)
}

/** One page of listings matching a search (the engine's own conditions), as links with their size and price. */
export async function listingLinks(db: Kysely<Database>, site: SiteProfile, gazetteer: Gazetteer, list: ListingList, page: number) {
  const matching = listingsOf(db, site, gazetteer, list)
  const [count, rows] = await Promise.all([
    countOf(matching),
    matching
      .select(['listings.id', 'listings.title', 'listings.acres', 'listings.price', 'listings.status', 'listings.county_id', 'listings.state_id'])
      .$if(list.order === 'tier', (query) => query.orderBy('listings.upgrade_level', 'desc'))
      .orderBy('listings.created_at', 'desc')
      .orderBy('listings.id', 'desc')
      .limit(sitemapListingsPerPage)
      .offset((page - 1) * sitemapListingsPerPage)
      .execute(),
  ])
  const links = rows.map((row) => {
    const status = isActiveListing(row) ? [] : [marketStatusLabel(row.status)]
    const path = listingPath(site, {
      id: row.id,
      acres: row.acres,
      countyName: findPlaceById(gazetteer, 'county', row.county_id)?.name ?? '',
      stateAbbreviation: findStateById(gazetteer, row.state_id)?.abbreviation ?? '',
    })
    return { label: row.title, href: path, note: [formatAcres(row.acres), formatPrice(row.price), ...status].join(' · ') }
  })
  return { total: Number(count.count), links }
}

export function pagination(site: SiteProfile, sitemap: Extract<SitemapPage, { page: number }>, total: number) {
  const pageCount = pageCountOf(total, sitemapListingsPerPage)
  if (sitemap.page > pageCount) throw notFound()
  return paginationOf(sitemap.page, pageCount, (page) => sitemapPath(site, { ...sitemap, page }))
}
