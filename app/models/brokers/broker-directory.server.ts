import type { Kysely } from 'kysely'
import { timedCache } from '~/utils/timed-cache.server'
import { brokerDisplayName } from '~/utils/format'
import type { BrokerSort } from './broker-directory'
import { activeListingsOnSite } from './broker.server'
import type { Database } from '~/models/db/db-schema'
import { auctionWithoutPrice } from '~/models/listings/enumerations'

/** One broker in the directory, with the statistics its card shows and the sort needs. */
export interface DirectoryBroker {
  id: number
  contactName: string
  companyName: string
  brokerType: number
  isFree: boolean
  city: string | null
  stateId: number | null
  stateAbbreviation: string | null
  portraitDocumentId: number | null
  listingCount: number
  totalAcres: number
  maxPrice: number | null
}

export interface DirectoryQuery {
  scopeBits: number
  stateId?: number
  brokerType?: number
  name?: string
  sort: BrokerSort
  page: number
  pageSize: number
}

interface DirectoryEntry extends DirectoryBroker {
  /** Lower-case contact and company names, for the name search. */
  searchText: string
  /** The lower-case display name, for the name sorts. */
  sortName: string
}

/** The directory's brokers in each sort order, read once and kept (see `directorySnapshot`). */
type DirectorySnapshot = Record<BrokerSort, DirectoryEntry[]>

/**
 * Accounts with at least one active listing on the site, with their listing statistics.
 * Only those appear in the directory: it is for finding someone who sells land here now, and a
 * broker with nothing on this site (the farm site shows farms only) would be a dead end.
 */
async function readDirectory(db: Kysely<Database>, scopeBits: number): Promise<DirectorySnapshot> {
  const stats = activeListingsOnSite(db, scopeBits)
    .groupBy('listings.account_id')
    .select((eb) => [
      'listings.account_id',
      eb.fn.countAll<number>().as('listing_count'),
      eb.fn.sum<number>('listings.acres').as('total_acres'),
      eb.fn.max<number | null>('listings.price').filterWhere('listings.price', '>', auctionWithoutPrice).as('max_price'),
    ])
  const rows = await db
    .selectFrom('accounts')
    .innerJoin(stats.as('stats'), 'stats.account_id', 'accounts.id')
    .leftJoin('states', 'states.id', 'accounts.state_id')
    .select([
      'accounts.id',
      'accounts.contact_name',
      'accounts.company_name',
      'accounts.broker_type',
      'accounts.is_free',
      'accounts.city',
      'accounts.state_id',
      'states.abbreviation',
      'accounts.portrait_document_id',
      'stats.listing_count',
      'stats.total_acres',
      'stats.max_price',
    ])
    .execute()
  const entries = rows.map((row): DirectoryEntry => ({
    id: row.id,
    contactName: row.contact_name,
    companyName: row.company_name,
    brokerType: row.broker_type,
    isFree: row.is_free === 1,
    city: row.city,
    stateId: row.state_id,
    stateAbbreviation: row.abbreviation,
    portraitDocumentId: row.portrait_document_id,
    listingCount: Number(row.listing_count),
    totalAcres: Number(row.total_acres),
    maxPrice: row.max_price === null ? null : Number(row.max_price),
    searchText: `${row.contact_name}\n${row.company_name}`.toLowerCase(),
    sortName: brokerDisplayName({ contactName: row.contact_name, companyName: row.company_name }).toLowerCase(),
  }))
  // Every sort ends on the name and the id, so pages never overlap.
  const byName = entries.sort((a, b) => (a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : a.id - b.id))
  const sortedBy = (compare: (a: DirectoryEntry, b: DirectoryEntry) => number) => [...byName].sort(compare)
  return {
    // Paid accounts first (they have full broker pages, spec §2), then by number of listings.
    default: sortedBy((a, b) => Number(a.isFree) - Number(b.isFree) || b.listingCount - a.listingCount),
    'name-asc': byName,
    'name-desc': sortedBy((a, b) => (a.sortName < b.sortName ? 1 : a.sortName > b.sortName ? -1 : a.id - b.id)),
    'listings-desc': sortedBy((a, b) => b.listingCount - a.listingCount),
    // A broker with only auctions and 'Contact for Price' listings has no highest price: last.
    'price-desc': sortedBy((a, b) => (b.maxPrice ?? -1) - (a.maxPrice ?? -1)),
    'acres-desc': sortedBy((a, b) => b.totalAcres - a.totalAcres),
  }
}

/**
 * The directory of a site scope, kept ten minutes per database handle (as popular states are):
 * the statistics come from one grouped pass over the listings' account index, too slow to repeat
 * for every page at a million listings, while filtering and paging the kept list takes
 * milliseconds. A new listing reaches the directory within about ten minutes.
 */
const directorySnapshot = timedCache(10 * 60_000, readDirectory)

function matches({ stateId, brokerType, name }: Pick<DirectoryQuery, 'stateId' | 'brokerType' | 'name'>) {
  const needle = name?.toLowerCase()
  return (broker: DirectoryEntry) =>
    (stateId === undefined || broker.stateId === stateId) &&
    (brokerType === undefined || broker.brokerType === brokerType) &&
    (needle === undefined || broker.searchText.includes(needle))
}

/** One page of the directory, and how many brokers match in all. */
export async function findDirectoryBrokers(db: Kysely<Database>, query: DirectoryQuery): Promise<{ totalCount: number; brokers: DirectoryBroker[] }> {
  const matching = (await directorySnapshot(db, query.scopeBits))[query.sort].filter(matches(query))
  const start = (query.page - 1) * query.pageSize
  return { totalCount: matching.length, brokers: matching.slice(start, start + query.pageSize).map(({ searchText, sortName, ...broker }) => broker) }
}

/**
 * How many directory brokers each state and each broker type has, for the browse links: the
 * states under the chosen type, the types within the chosen state.
 */
export async function countDirectoryBrokers(
  db: Kysely<Database>,
  { scopeBits, stateId, brokerType }: Pick<DirectoryQuery, 'scopeBits' | 'stateId' | 'brokerType'>,
): Promise<{ byState: Map<number, number>; byType: Map<number, number> }> {
  const byState = new Map<number, number>()
  const byType = new Map<number, number>()
  const add = (counts: Map<number, number>, key: number) => counts.set(key, (counts.get(key) ?? 0) + 1)
  for (const broker of (await directorySnapshot(db, scopeBits))['name-asc']) {
    if (broker.stateId !== null && (brokerType === undefined || broker.brokerType === brokerType)) add(byState, broker.stateId)
    if (stateId === undefined || broker.stateId === stateId) add(byType, broker.brokerType)
  }
  return { byState, byType }
}
