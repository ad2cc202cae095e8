import { heldForReviewStatus, marketStatus, removedAsScamStatus } from '~/models/listings/enumerations'
import { marketStatusLabel } from '~/models/search/search-options'

/**
 * A seller's view of spec §4 market statuses in the sellers' tool (issue 15): the list's status
 * filter, and the changes a seller may make from each status. Pure module: the pages show only
 * the changes allowed, and the server refuses the others.
 */

export const sellerStatusFilters = [
  { key: 'all', label: 'All', statuses: [] },
  { key: 'available', label: 'Available', statuses: [marketStatus.available] },
  { key: 'under-contract', label: 'Under Contract', statuses: [marketStatus.underContract] },
  { key: 'off-market', label: 'Off Market', statuses: [marketStatus.offMarket] },
  { key: 'sold', label: 'Sold', statuses: [marketStatus.sold] },
] as const satisfies readonly { key: string; label: string; statuses: readonly number[] }[]

export type SellerStatusFilter = (typeof sellerStatusFilters)[number]['key']

export const parseStatusFilter = (value: string | null): SellerStatusFilter => sellerStatusFilters.find((filter) => filter.key === value)?.key ?? 'all'

export type StatusChange =
  { kind: 'pause' } | { kind: 'resume' } | { kind: 'under-contract' } | { kind: 'back-on-market' } | { kind: 'sold'; salesPrice: number; salesDate: string }

/** Which changes each status allows (spec §4 leaves the transitions unshown; these are a seller's). */
export const allowedFrom: Record<StatusChange['kind'], number[]> = {
  pause: [marketStatus.available, marketStatus.underContract],
  resume: [marketStatus.offMarket, marketStatus.sold],
  'under-contract': [marketStatus.available],
  'back-on-market': [marketStatus.underContract],
  sold: [marketStatus.available, marketStatus.underContract, marketStatus.offMarket],
}

export const statusAfter: Record<StatusChange['kind'], number> = {
  pause: marketStatus.offMarket,
  resume: marketStatus.available,
  'under-contract': marketStatus.underContract,
  'back-on-market': marketStatus.available,
  sold: marketStatus.sold,
}

/** The changes a listing in this status offers, in the order the page shows them. */
export const changesFrom = (status: number) => (Object.keys(allowedFrom) as StatusChange['kind'][]).filter((kind) => allowedFrom[kind].includes(status))

/**
 * What a seller reads of a listing's status: the spec label, or for a listing the scam review
 * holds or removed (decision 0068) what happens to it, never why.
 */
export function sellerStatusLabel(status: number) {
  if (status === heldForReviewStatus) return 'Being checked by our team'
  if (status === removedAsScamStatus) return 'Not published (removed by our team)'
  return marketStatusLabel(status)
}

/** The seller's plain-words explanation of a held listing (the publish notice and the listing's page). */
export const heldListingNotice =
  'Your listing is being checked by our team before it appears on the sites. We will e-mail you within one business day; you need to do nothing meanwhile.'
