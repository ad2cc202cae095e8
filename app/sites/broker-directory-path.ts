import { type BrokerDirectoryCriteria, brokerSortOptions, brokerTypeOptions, normalizeDirectoryCriteria } from '~/models/brokers/broker-directory'
import { pathSegments, placeTokenPattern } from '~/models/search/grammar-tokens'
import { brokerDirectoryPath } from '~/models/brokers/broker-path'
import type { SiteProfile } from '~/models/sites/site-profile'

/**
 * Broker directory URLs (spec §2: land /broker/{rest}, farm /real-estate-agents/{rest}, hunting
 * /find-agent/{rest}): the only code that reads or writes them. After the site's directory base
 * come, each optional and in this order, a state token, a broker type word (brokers, agents,
 * auctioneer, owner, retailer), a sort token (sort-az, sort-za, sort-listings-high,
 * sort-price-high, sort-acres-high) and `page-{n}`: /broker/texas/agents/sort-az/page-2/.
 * A name search rides in `?name=`.
 */
export interface ParsedDirectoryPath {
  criteria: BrokerDirectoryCriteria
  /** The same directory page in normal form: a request for any other spelling is redirected here (301). */
  normalPath: string
}

export function buildBrokerDirectoryPath(site: SiteProfile, criteria: Partial<BrokerDirectoryCriteria>): string {
  const base = brokerDirectoryPath(site)
  if (!base) throw new Error(`${site.name} has no broker directory`)
  const normal = normalizeDirectoryCriteria(criteria)
  const segments = [
    normal.state,
    normal.brokerType,
    brokerSortOptions.find((option) => option.key === normal.sort)?.token,
    normal.page > 1 ? `page-${normal.page}` : undefined,
  ].filter((segment) => segment != null)
  const path = segments.length > 0 ? `${base}${segments.join('/')}/` : base
  return normal.name ? `${path}?${new URLSearchParams({ name: normal.name })}` : path
}

/** Each reads one optional segment of the fixed order into `parsed`; false when the segment is something else. */
const readers: ((segment: string, parsed: Partial<BrokerDirectoryCriteria>) => boolean)[] = [
  (segment, parsed) => {
    const isOtherToken = brokerTypeOptions.some((option) => option.word === segment) || segment.startsWith('sort-') || segment.startsWith('page-')
    if (isOtherToken || !placeTokenPattern.test(segment)) return false
    parsed.state = segment
    return true
  },
  (segment, parsed) => {
    const type = brokerTypeOptions.find((option) => option.word === segment)
    if (type) parsed.brokerType = type.word
    return type !== undefined
  },
  (segment, parsed) => {
    const sort = brokerSortOptions.find((option) => option.token === segment)
    if (sort) parsed.sort = sort.key
    return sort !== undefined
  },
  (segment, parsed) => {
    const page = segment.match(/^page-(\d{1,4})$/)
    if (page) parsed.page = Number(page[1])
    return page !== null && Number(page[1]) > 0
  },
]

/**
 * Reads a directory path (and its query) on a site. Undefined when the site has no directory,
 * the path is not under its base, or a segment is unknown or out of order: the route answers 404.
 * Whether the state exists is the page's business (the grammar knows no places).
 */
export function parseBrokerDirectoryPath(site: SiteProfile, pathname: string, query = new URLSearchParams()): ParsedDirectoryPath | undefined {
  const base = brokerDirectoryPath(site)
  if (!base) return undefined
  const segments = pathSegments(pathname)
  if (!segments) return undefined
  const baseSegment = base.split('/').filter(Boolean)[0]
  if (segments[0] !== baseSegment) return undefined
  const parsed: Partial<BrokerDirectoryCriteria> = { name: query.get('name') ?? undefined }
  let reader = 0
  for (const segment of segments.slice(1)) {
    while (reader < readers.length && !readers[reader]!(segment, parsed)) reader += 1
    if (reader === readers.length) return undefined
    reader += 1
  }
  const criteria = normalizeDirectoryCriteria(parsed)
  return { criteria, normalPath: buildBrokerDirectoryPath(site, criteria) }
}
