import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { listingEventType } from '~/models/listings/enumerations'
import { findListingDetail } from '~/models/listings/listing-detail.server'
import { opensLinksDirectly } from '~/models/listings/listing-rules'
import { siteExternalUrl } from '~/sites/external-url'
import { isListingExternalLinkKind, listingExternalLinkFields, listingExternalLinkPath } from '~/sites/listing-external-link'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { recordVisitorEvent } from './visitor-events.server'

/**
 * A listing's link to another site (spec §3 external link types, /externallink/{id}/{kind}): records
 * the 'external link click' for a person (not a crawler), then answers 302 to the address with the
 * spec §5 tracking parameters when the listing's owner pays us or was approved by us, or else the
 * 'You are leaving' page's data (`opensLinksDirectly`). Plain links, so the click counts with
 * scripts off too. A listing outside the site, or without that link (or one that is no web address),
 * is a 404.
 */
export async function loadListingExternalLink(db: Kysely<Database>, site: SiteProfile, request: Request, params: { listingId?: string; kind?: string }) {
  const { listingId, kind } = params
  if (!site.searchGrammar || !/^\d{1,9}$/.test(listingId ?? '') || !isListingExternalLinkKind(kind)) throw new Response('Not Found', { status: 404 })
  const listing = await findListingDetail(db, Number(listingId), { scopeBits: site.listingScopeBits })
  const url = listing?.[listingExternalLinkFields[kind]]
  if (!listing || !url) throw new Response('Not Found', { status: 404 })
  const destination = webAddress(siteExternalUrl(site, url))
  // Only web addresses are links to follow (the page puts it in an href: never a `javascript:` one).
  if (!destination) throw new Response('Not Found', { status: 404 })
  recordVisitorEvent(db, request, { listingIds: [listing.id], siteId: site.siteId, eventType: listingEventType.externalLinkClick })
  if (opensLinksDirectly(listing)) throw redirect(destination.href, 302)
  return {
    destination: destination.href,
    destinationHost: destination.host,
    listingTitle: listing.title,
    listingPath: listingPath(site, listing),
    path: listingExternalLinkPath(listing.id, kind),
  }
}

function webAddress(text: string) {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}
