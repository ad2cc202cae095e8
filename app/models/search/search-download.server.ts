import type { Kysely } from 'kysely'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type CsvValue, csvText } from '~/utils/csv'
import { formatPrice } from '~/utils/format'
import type { Database } from '~/models/db/db-schema'
import type { ListingSummary } from '~/models/listings/listing-summary'
import { marketStatusLabel } from './search-options'
import type { ResolvedSearch } from './search-request.server'
import { searchListings } from './search.server'

/** A download holds the search's first this-many results, in the search's order. */
const downloadRowLimit = 1000

/** Where a search's 'Download' button points: the search's own path rides along as `path`. */
export function searchDownloadHref(searchPath: string) {
  return `/download/search?${new URLSearchParams({ path: searchPath })}`
}

const columns: [heading: string, value: (listing: ListingSummary, url: string) => CsvValue][] = [
  ['Listing ID', (listing) => listing.id],
  ['Title', (listing) => listing.title],
  ['Price', (listing) => formatPrice(listing.price)],
  ['Price (USD)', (listing) => (listing.price > 2 ? listing.price : null)],
  ['Acres', (listing) => listing.acres],
  ['Status', (listing) => marketStatusLabel(listing.status)],
  ['Address', (listing) => listing.address1],
  ['City', (listing) => listing.cityName],
  ['County', (listing) => listing.countyName],
  ['State', (listing) => listing.stateAbbreviation],
  ['Zip', (listing) => listing.zip],
  ['Beds', (listing) => listing.beds],
  ['Baths', (listing) => listing.baths],
  ['Home sq ft', (listing) => listing.homeSqft],
  ['Listed', (listing) => listing.createdAt.slice(0, 10)],
  ['Latitude', (listing) => listing.latitude],
  ['Longitude', (listing) => listing.longitude],
  ['URL', (_listing, url) => url],
]

/** The search's results as a CSV spreadsheet (spec §2: sellers see a 'Download' button on results). */
export async function searchResultsCsv(db: Kysely<Database>, site: SiteProfile, search: ResolvedSearch, origin: string) {
  const { listings } = await searchListings(db, {
    criteria: { ...search.criteria, page: 1 },
    location: search.location,
    scopeBits: site.listingScopeBits,
    pageSize: downloadRowLimit,
  })
  const rows = [
    columns.map(([heading]) => heading),
    ...listings.map((listing) => columns.map(([, value]) => value(listing, `${origin}${listingPath(site, listing)}`))),
  ]
  return csvText(rows)
}

/** 'texas-land-for-sale.csv' from '/search/texas-land-for-sale/'. */
export function downloadFileName(searchPath: string) {
  const name =
    searchPath
      .split('?')[0]!
      .split('/')
      .filter(Boolean)
      .join('-')
      .replace(/[^a-z0-9-]/gi, '') || 'search'
  return `${name}.csv`
}
