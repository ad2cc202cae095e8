import { brokerNameSlug } from '~/utils/format'
import type { SiteProfile } from './site-profile'

/**
 * Broker page and directory URLs per site (spec §2): land /member/{name}/{id} and
 * /member/{name}/{id}/listings/, directory /broker/; farm /broker/{name}-{id}/ and
 * /broker/{name}-{id}/land/, directory /real-estate-agents/; hunting /profile/{name}/{id} and
 * /profile/{name}/{id}/properties, directory /find-agent/. The name is spec §5's broker slug.
 * The valuation site has no broker pages.
 */
export interface BrokerName {
  id: number
  contactName: string | null
  companyName: string | null
}

export type BrokerPageKind = 'profile' | 'listings'

export function brokerDirectoryPath(site: SiteProfile) {
  switch (site.key) {
    case 'land':
      return '/broker/'
    case 'farm':
      return '/real-estate-agents/'
    case 'hunting':
      return '/find-agent/'
    case 'value':
      return undefined
  }
}

export function brokerPagePath(site: SiteProfile, broker: BrokerName, kind: BrokerPageKind = 'profile') {
  const slug = brokerNameSlug(broker.contactName, broker.companyName)
  switch (site.key) {
    case 'land':
      return kind === 'profile' ? `/member/${slug}/${broker.id}` : `/member/${slug}/${broker.id}/listings/`
    case 'farm':
      return kind === 'profile' ? `/broker/${slug}-${broker.id}/` : `/broker/${slug}-${broker.id}/land/`
    case 'hunting':
      return kind === 'profile' ? `/profile/${slug}/${broker.id}` : `/profile/${slug}/${broker.id}/properties`
    case 'value':
      return undefined
  }
}

const idPattern = /^\d{1,9}$/

function toBrokerId(segment: string | undefined) {
  return segment !== undefined && idPattern.test(segment) && Number(segment) > 0 ? Number(segment) : undefined
}

/**
 * Which broker page a path names: the id and whether it is the profile or the listings page.
 * Only the id counts; the route answers any other slug with a 301 to `brokerPagePath`.
 * Undefined for every other shape (on the land site, /member/{name}/{non-numeric} is left to
 * the search grammar, spec §2).
 */
export function parseBrokerPath(site: SiteProfile, pathname: string): { brokerId: number; kind: BrokerPageKind } | undefined {
  const segments = pathname.split('/').filter(Boolean)
  const withKind = (brokerId: number | undefined, kind: BrokerPageKind) => (brokerId === undefined ? undefined : { brokerId, kind })
  switch (site.key) {
    case 'land': {
      const [head, , id, tail, ...rest] = segments
      if (head !== 'member' || segments.length < 3 || rest.length > 0) return undefined
      if (tail === undefined) return withKind(toBrokerId(id), 'profile')
      return tail === 'listings' ? withKind(toBrokerId(id), 'listings') : undefined
    }
    case 'farm': {
      const [head, nameAndId, tail, ...rest] = segments
      if (head !== 'broker' || nameAndId === undefined || rest.length > 0) return undefined
      // Spec §2: the id is the last dash-separated segment.
      const id = toBrokerId(nameAndId.split('-').at(-1))
      if (tail === undefined) return withKind(id, 'profile')
      return tail === 'land' ? withKind(id, 'listings') : undefined
    }
    case 'hunting': {
      const [head, , id, tail, ...rest] = segments
      if (head !== 'profile' || segments.length < 3 || rest.length > 0) return undefined
      if (tail === undefined) return withKind(toBrokerId(id), 'profile')
      return tail === 'properties' ? withKind(toBrokerId(id), 'listings') : undefined
    }
    case 'value':
      return undefined
  }
}
