import { brokerNameSlug } from '~/utils/format'
import type { SiteProfile } from '~/models/sites/site-profile'

/**
 * Broker page and directory URLs per site (spec §2), by `SiteProfile.brokerPathStyle`: 'member'
 * (land) /member/{name}/{id} and /member/{name}/{id}/listings/, directory /broker/;
 * 'broker-suffix' (farm) /broker/{name}-{id}/ and /broker/{name}-{id}/land/, directory
 * /real-estate-agents/; 'profile' (hunting) /profile/{name}/{id} and /profile/{name}/{id}/properties,
 * directory /find-agent/. The name is spec §5's broker slug. Later pages of the listings page
 * add a `page-{n}` segment, as search paths do.
 */
export interface BrokerName {
  id: number
  contactName: string | null
  companyName: string | null
}

export type BrokerPageKind = 'profile' | 'listings'

export interface BrokerPathTarget {
  brokerId: number
  kind: BrokerPageKind
  /** 1 for the profile page. */
  page: number
}

type BrokerPathStyle = NonNullable<SiteProfile['brokerPathStyle']>

const directoryBases: Record<BrokerPathStyle, string> = {
  member: '/broker/',
  'broker-suffix': '/real-estate-agents/',
  profile: '/find-agent/',
}

/** The start of every directory path of the site; undefined where the site has no directory. */
export function brokerDirectoryPath(site: SiteProfile) {
  return site.brokerPathStyle && site.features.brokerDirectory ? directoryBases[site.brokerPathStyle] : undefined
}

export function brokerPagePath(site: SiteProfile, broker: BrokerName, kind: BrokerPageKind = 'profile', page = 1) {
  const slug = brokerNameSlug(broker.contactName, broker.companyName)
  const pageToken = kind === 'listings' && page > 1 ? `page-${page}` : undefined
  switch (site.brokerPathStyle) {
    case 'member':
      return kind === 'profile' ? `/member/${slug}/${broker.id}` : `/member/${slug}/${broker.id}/listings/${pageToken ? `${pageToken}/` : ''}`
    case 'broker-suffix':
      return kind === 'profile' ? `/broker/${slug}-${broker.id}/` : `/broker/${slug}-${broker.id}/land/${pageToken ? `${pageToken}/` : ''}`
    case 'profile':
      return kind === 'profile' ? `/profile/${slug}/${broker.id}` : `/profile/${slug}/${broker.id}/properties${pageToken ? `/${pageToken}` : ''}`
    case null:
      return undefined
  }
}

/**
 * Where links to a broker lead. Spec §2 calls the broker page the "paid broker page": a free
 * seller (spec §3 isFree) has none, and their listings page stands in for it.
 */
export function brokerCanonicalPath(site: SiteProfile, broker: BrokerName & { isFree: boolean }) {
  return brokerPagePath(site, broker, broker.isFree ? 'listings' : 'profile')
}

const idPattern = /^\d{1,9}$/
const listingsTails: Record<BrokerPathStyle, string> = { member: 'listings', 'broker-suffix': 'land', profile: 'properties' }

function toBrokerId(segment: string | undefined) {
  return segment !== undefined && idPattern.test(segment) && Number(segment) > 0 ? Number(segment) : undefined
}

/** The profile (no tail), or the listings page with an optional `page-{n}` after its tail word. */
function target(style: BrokerPathStyle, brokerId: number | undefined, tail: string[]): BrokerPathTarget | undefined {
  if (brokerId === undefined) return undefined
  const [word, pageToken, ...rest] = tail
  if (word === undefined) return { brokerId, kind: 'profile', page: 1 }
  if (word !== listingsTails[style] || rest.length > 0) return undefined
  if (pageToken === undefined) return { brokerId, kind: 'listings', page: 1 }
  const page = pageToken.match(/^page-(\d{1,4})$/)
  return page && Number(page[1]) > 0 ? { brokerId, kind: 'listings', page: Number(page[1]) } : undefined
}

/**
 * Which broker page a path names: the id, the profile or the listings page, and the page of
 * listings. Only the id counts; the route answers any other spelling with a 301 to
 * `brokerPagePath`. Undefined for every other shape (on the land site, /member/{name}/{non-numeric}
 * is left to the search grammar, spec §2: /member/{id}/sort-newest/ is broker results).
 */
export function parseBrokerPath(site: SiteProfile, pathname: string): BrokerPathTarget | undefined {
  const segments = pathname.split('/').filter(Boolean)
  const style = site.brokerPathStyle
  switch (style) {
    case 'member':
    case 'profile': {
      const [head, name, id, ...tail] = segments
      if (head !== (style === 'member' ? 'member' : 'profile') || name === undefined) return undefined
      return target(style, toBrokerId(id), tail)
    }
    case 'broker-suffix': {
      const [head, nameAndId, ...tail] = segments
      if (head !== 'broker' || nameAndId === undefined) return undefined
      // Spec §2: the id is the last dash-separated segment.
      return target(style, toBrokerId(nameAndId.split('-').at(-1)), tail)
    }
    case null:
      return undefined
  }
}

/**
 * The name words of a land-site broker page address whose id is not numeric
 * (/member/john-smith/abc → 'john smith'): spec §2 "if brokerId is not numeric it falls back to
 * search results". Undefined for any other path, and for /member/{id}/{token}, which is the
 * broker's results search.
 */
export function parseBrokerNameWithoutId(site: SiteProfile, pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean)
  const [head, name, id] = segments
  if (site.brokerPathStyle !== 'member' || head !== 'member' || segments.length !== 3) return undefined
  if (idPattern.test(name!) || idPattern.test(id!)) return undefined
  const words = name!
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(' ')
  return words === '' ? undefined : words
}
