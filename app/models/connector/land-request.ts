import { type ActivityKey, type PropertyTypeKey, activityOptions, propertyTypeOptions } from '~/models/search/search-options'
import { formatRange } from '~/utils/format'

/**
 * A buyer's Lands Connector request (spec §2 /lands-connector/, §6 "Logged-in user: … lands
 * connector"; issue 17 item 2): the land they want, as the buyer's pages, the form and the leads
 * describe it. Pure module: the pages and the server share it.
 */

/** A place the buyer wants land in: a whole state (`place` null) or a county, region or city of it, as search URL tokens. */
export interface LandRequestPlace {
  state: string
  place: string | null
  /** 'Travis County, TX', 'Montana'. */
  label: string
}

export const financingOptions = [
  { key: 'cash', label: 'I will pay cash' },
  { key: 'needs-financing', label: 'I will need financing' },
  { key: 'pre-approved', label: 'I am pre-approved for a loan' },
  { key: 'undecided', label: 'Not sure yet' },
] as const

export const timelineOptions = [
  { key: 'within-3-months', label: 'Within 3 months' },
  { key: 'within-6-months', label: 'In 3 to 6 months' },
  { key: 'within-a-year', label: 'In 6 to 12 months' },
  { key: 'later', label: 'In more than a year' },
  { key: 'just-looking', label: 'Just looking' },
] as const

export type FinancingKey = (typeof financingOptions)[number]['key']
export type TimelineKey = (typeof timelineOptions)[number]['key']

export interface LandRequest {
  id: number
  siteId: number
  places: LandRequestPlace[]
  acresMin: number | null
  acresMax: number | null
  priceMin: number | null
  priceMax: number | null
  propertyTypes: PropertyTypeKey[]
  activityTypes: ActivityKey[]
  financing: FinancingKey
  timeline: TimelineKey
  message: string
  phone: string | null
  /** The buyer agreed that the land professionals it is sent to see their e-mail address and phone. */
  shareContact: boolean
  createdAt: string
  updatedAt: string
}

/** What a request asks, as the form gives it (places resolved): everything but its id, owner and times. */
export type LandRequestInput = Omit<LandRequest, 'id' | 'siteId' | 'createdAt' | 'updatedAt'>

/** The section's name: the account menu's, the page title's, and the login page's title after the site's name (spec §2). */
export const landsConnectorSectionName = 'Lands Connector'

/** The connector's own addresses under the spec's /lands-connector/. */
export const landsConnectorPaths = {
  home: '/lands-connector/',
  newRequest: '/lands-connector/new/',
} as const

export const landRequestPath = (id: number) => `${landsConnectorPaths.home}${id}/`
export const landRequestEditPath = (id: number) => `${landRequestPath(id)}edit/`
/** Where a land professional answers a request without seeing the buyer's address (`land-request-relay.server.ts`). */
export const landRequestReplyPath = (token: string) => `${landsConnectorPaths.home}reply/${token}/`

const labelOf = <Key extends string>(options: readonly { key: Key; label: string }[], key: Key) => options.find((option) => option.key === key)?.label ?? key

/** The request in a few labelled lines, for the buyer's pages, the land professionals' e-mail and their inbox. */
export function describeLandRequest(request: Omit<LandRequestInput, 'message' | 'phone' | 'shareContact'>) {
  const hasAcres = request.acresMin !== null || request.acresMax !== null
  const hasPrice = request.priceMin !== null || request.priceMax !== null
  const labels = (options: readonly { key: string; label: string }[], keys: readonly string[]) =>
    options
      .filter((option) => keys.includes(option.key))
      .map((option) => option.label)
      .join(', ')
  return [
    { label: 'Where', value: request.places.map((place) => place.label).join('; ') },
    { label: 'Size', value: hasAcres ? formatRange(request.acresMin, request.acresMax, { unit: 'ac' }) : 'Any' },
    { label: 'Price', value: hasPrice ? formatRange(request.priceMin, request.priceMax, { prefix: '$' }) : 'Any' },
    { label: 'Kinds of land', value: labels(propertyTypeOptions, request.propertyTypes) || 'Any' },
    { label: 'Activities', value: labels(activityOptions, request.activityTypes) || 'Any' },
    { label: 'Financing', value: labelOf(financingOptions, request.financing) },
    { label: 'Timeline', value: labelOf(timelineOptions, request.timeline) },
  ]
}

/** The request's name in lists and e-mail subjects: its places, 'Travis County, TX and Montana'. */
export function landRequestTitle(request: Pick<LandRequest, 'places'>) {
  const labels = request.places.map((place) => place.label)
  return labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`
}
