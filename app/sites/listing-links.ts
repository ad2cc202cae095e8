import { type ListingCardView, listingCardView } from '~/models/listings/listing-card'
import type { LinkedListing } from '~/models/listings/listing-detail'
import type { ListingSummary } from '~/models/listings/listing-summary'
import { brokerCanonicalPath } from '~/models/brokers/broker-path'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteProfile } from '~/models/sites/site-profile'

/**
 * The card's links, written on the server: the listing's canonical URL, and the broker's own page
 * (not /propertylink/{id}, a redirect robots.txt keeps crawlers out of).
 */
export function linkedListing<Summary extends ListingSummary>(site: SiteProfile, listing: Summary): Summary & LinkedListing {
  const { broker } = listing
  const brokerHref =
    broker && brokerCanonicalPath(site, { id: broker.accountId, contactName: broker.contactName, companyName: broker.companyName, isFree: broker.isFree })
  return { ...listing, href: listingPath(site, listing), ...(brokerHref ? { brokerHref } : {}) }
}

/** A listing as a card of this site, worded on the server: the browser gets the card's texts, not the listing's raw fields. */
export function listingCard(site: SiteProfile, listing: ListingSummary): ListingCardView {
  return listingCardView(linkedListing(site, listing))
}
