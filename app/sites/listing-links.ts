import type { ListingSummary } from '~/models/listings/listing-summary'
import { brokerCanonicalPath } from './broker-path'
import { listingPath } from './listing-path'
import type { SiteProfile } from './site-profile'

/** A listing summary with the addresses its card links to on a site. */
export type LinkedListing<Summary extends ListingSummary = ListingSummary> = Summary & {
  href: string
  /** The seller's page on this site, for the broker block; absent without one (no broker block, or no broker pages). */
  brokerHref?: string
}

/**
 * The card's links, written on the server: the listing's canonical URL, and the broker's own page
 * (not /propertylink/{id}, a redirect robots.txt keeps crawlers out of).
 */
export function linkedListing<Summary extends ListingSummary>(site: SiteProfile, listing: Summary): LinkedListing<Summary> {
  const { broker } = listing
  const brokerHref =
    broker && brokerCanonicalPath(site, { id: broker.accountId, contactName: broker.contactName, companyName: broker.companyName, isFree: broker.isFree })
  return { ...listing, href: listingPath(site, listing), ...(brokerHref ? { brokerHref } : {}) }
}
