import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { headContextForRequest } from '~/sites/head-context.server'
import { listingPath } from '~/models/listings/listing-path'
import { listingCard } from '~/sites/listing-links'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { requestIsForPath } from '~/http/requested-path.server'
import type { Database } from '~/models/db/db-schema'
import { listingEventType, upgradeLevel } from '~/models/listings/enumerations'
import { type Gazetteer, findPlaceById, findStateById, loadGazetteer } from '~/models/places/gazetteer.server'
import type { Breadcrumb } from '~/components/breadcrumbs'
import type { ListingDetail } from '~/models/listings/listing-detail'
import type { ListingFeatureGroup } from '~/components/listing-facts'
import { recentFinanceCenter } from '~/models/finance/finance-centers.server'
import { financingPath } from '~/models/finance/finance-path'
import { findListingDetail, findOtherListingsByBroker, findSimilarListings } from '~/models/listings/listing-detail.server'
import { loadListingHistoryView } from '~/models/trust/listing-history.server'
import type { ListingSummary } from '~/models/listings/listing-summary'
import { listingPageDescription, listingPageTitle } from '~/models/listings/listing-seo'
import { listingStructuredData } from './listing-structured-data.server'
import { loadListingContext } from './listing-context.server'
import { listingFormIntents } from '~/models/listings/listing-form-fields'
import { handleListingFormPost } from '~/routes/listing-forms.server'
import { recordVisitorEvent } from '~/routes/visitor-events.server'
import { isActiveListing, showsContactButton } from '~/models/listings/listing-rules'
import { visitBookingOf } from '~/models/visits/visit-requests.server'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { activityOptions, amenityOptions, propertyTypeOptions } from '~/models/search/search-options'
import { likedListingIdsAmong } from '~/models/accounts/saved-property.server'
import { getViewerId } from '~/http/session.server'
import { findAdForPlace } from '~/models/ads/ads.server'

const listedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** Spec §3 "breadcrumbSchema" (issue 6: United States › State › County › City), each crumb a search of the site. */
function listingBreadcrumbs(site: SiteProfile, gazetteer: Gazetteer, listing: ListingDetail): Breadcrumb[] {
  const crumbs = [{ name: 'United States', href: buildSearchPath(site, normalizeCriteria({})) }]
  const state = findStateById(gazetteer, listing.stateId)
  if (!state) return crumbs
  const searchOf = (places: string[]) => buildSearchPath(site, normalizeCriteria({ state: state.token, places }))
  crumbs.push({ name: state.name, href: searchOf([]) })
  const places = [findPlaceById(gazetteer, 'county', listing.countyId), listing.cityId === null ? undefined : findPlaceById(gazetteer, 'city', listing.cityId)]
  for (const place of places) if (place) crumbs.push({ name: place.name, href: searchOf([place.token]) })
  return crumbs
}

/** Labels of the options whose bits the listing has; composite options (waterfront…) are left out, their parts are listed. */
function labelsOf(options: readonly { label: string; bits: number }[], bits: number) {
  return options.filter((option) => (option.bits & (option.bits - 1)) === 0 && (bits & option.bits) !== 0).map((option) => option.label)
}

/** The detail page's property details: labels from the search option tables, and the yes/no facts; empty rows left out. */
function listingFeatureGroups(listing: ListingDetail): ListingFeatureGroup[] {
  return [
    { term: 'Property types', labels: labelsOf(propertyTypeOptions, listing.propertyTypes) },
    { term: 'Activities', labels: labelsOf(activityOptions, listing.activities) },
    { term: 'Features', labels: labelsOf(amenityOptions, listing.amenities) },
    {
      term: 'Rights and terms',
      labels: [listing.mineralRights ? 'Mineral rights included' : '', listing.ownerFinancing ? 'Owner financing available' : ''].filter(Boolean),
    },
  ].filter((group) => group.labels.length > 0)
}

/** What the detail page draws (its component's and its head's data). */
export type ListingPageData = Awaited<ReturnType<typeof loadListingPage>>

/**
 * Everything the detail page shows for listing `listingId` on `site`. Throws a 404 for an
 * unknown listing or one outside the site's scope, and a 301 to the canonical URL for any other
 * spelling of it (spec §2). Sold and off-market listings are pages too: their badge says so.
 */
export async function loadListingPage(db: Kysely<Database>, site: SiteProfile, request: Request, listingId: number) {
  const scopeBits = site.listingScopeBits
  const listing = await findListingDetail(db, listingId, { scopeBits })
  if (!listing) throw new Response('Not Found', { status: 404 })
  const canonicalPath = listingPath(site, listing)
  if (!requestIsForPath(request, canonicalPath, { pageParams: ['sent'] })) throw redirect(canonicalPath, 301)
  recordView(db, site, request, listing.id)
  const gazetteer = await loadGazetteer(db)
  const [financeCenter, otherListings, similarListings, ad, context, history, visitBooking] = await Promise.all([
    listingFinanceCenter(db, site, listing),
    // Spec §2: only paid listings name their broker, so only they point to the broker's other land.
    listing.broker ? findOtherListingsByBroker(db, { accountId: listing.broker.accountId, excludeListingId: listing.id, scopeBits }) : [],
    findSimilarListings(db, listing, { scopeBits, excludeAccountId: listing.broker?.accountId }),
    findAdForPlace(db, site, { stateId: listing.stateId, countyId: listing.countyId }, { rotationKey: canonicalPath }),
    loadListingContext(db, request, gazetteer, listing),
    loadListingHistoryView(db, listing, { now: new Date(), pathOf: (fields) => listingPath(site, fields) }),
    visitBookingOf(db, { id: listing.id, isActive: isActiveListing(listing) }, new Date()),
  ])
  const card = (summary: ListingSummary) => listingCard(site, summary)
  const pageListingIds = [listing.id, ...otherListings.map((other) => other.id), ...similarListings.map((similar) => similar.id)]
  const likedListingIds = await likedListingIdsAmong(db, await getViewerId(request), pageListingIds)
  const page = {
    listing,
    canonicalPath,
    title: listingPageTitle(listing, site.name),
    description: listingPageDescription(listing),
    /** 'April 11, 2026': formatted on the server, so the page reads the same in every time zone. */
    listedOn: listedDate.format(new Date(listing.createdAt)),
    /** Property types, activities, amenities and rights, labelled here so the option tables stay off the page's JavaScript. */
    featureGroups: listingFeatureGroups(listing),
    /** Spec §2: diamond listings get the transparent header. */
    isDiamond: listing.upgradeLevel === upgradeLevel.diamond,
    breadcrumbs: listingBreadcrumbs(site, gazetteer, listing),
    otherListings: otherListings.map(card),
    similarListings: similarListings.map(card),
    /** The finance center for the listing's place (the header's 'Finance'), null when none lends there. */
    financeHref: financeCenter ? financingPath(financeCenter.id) : null,
    /** The contact form's finance checkbox (spec §3), where a lender serves the listing's place. */
    financeCheckbox: financeCenter && { label: financeCenter.checkboxLabel, isCheckedByDefault: financeCenter.checkboxDefaultState },
    /** Which of the page's forms just succeeded (`?sent=` after its redirect), for the confirmation. */
    sent: listingFormIntents.find((intent) => intent === new URL(request.url).searchParams.get('sent')) ?? null,
    /** Which of the page's listings (itself, other and similar) the signed-in viewer likes (spec §4 "Like"). */
    likedListingIds,
    /** The page's ad (issue 17 §8), for the listing's county or state; null when none fits. */
    ad,
    context,
    /** Issue 19: the listing's history, days on market, freshness and 'Also listed by' (listing-history.tsx). */
    history,
    /** Issue 38 item 3: 'Visits available' and the request form, when the seller takes bookings (listing-visits.tsx). */
    visitBooking,
  }
  return { ...page, structuredData: listingStructuredData(page, headContextForRequest(request).origin) }
}

/**
 * Spec §3 'details viewed', once per page view by a person: the return to the page after one of
 * its forms (`?sent=`; a refused form does not reload the page, see `listingShouldRevalidate`)
 * is not a view.
 */
function recordView(db: Kysely<Database>, site: SiteProfile, request: Request, listingId: number) {
  if (new URL(request.url).searchParams.has('sent')) return
  recordVisitorEvent(db, request, { listingIds: [listingId], siteId: site.siteId, eventType: listingEventType.detailsViewed })
}

/**
 * The printable flyer of a listing (spec §2 /flyer/{propertyId}): the listing's facts and its
 * broker, and a 'flyers printed' event (spec §3) for each person who opens it.
 */
export async function loadFlyer(db: Kysely<Database>, site: SiteProfile, request: Request, listingId: number) {
  const listing = await findListingDetail(db, listingId, { scopeBits: site.listingScopeBits })
  if (!listing) throw new Response('Not Found', { status: 404 })
  recordVisitorEvent(db, request, { listingIds: [listingId], siteId: site.siteId, eventType: listingEventType.flyersPrinted })
  return {
    listing,
    listingPath: listingPath(site, listing),
    title: listingPageTitle(listing, site.name),
    listedOn: listedDate.format(new Date(listing.createdAt)),
  }
}

/** A form posted to a listing page (contact, report, share): handled for the listing the path names. */
export async function handleListingPagePost(db: Kysely<Database>, site: SiteProfile, request: Request, listingId: number) {
  const listing = await findListingDetail(db, listingId, { scopeBits: site.listingScopeBits })
  if (!listing) throw new Response('Not Found', { status: 404 })
  return handleListingFormPost(db, site, request, {
    id: listing.id,
    title: listing.title,
    path: listingPath(site, listing),
    canContact: showsContactButton(listing),
    financeCenterId: (await listingFinanceCenter(db, site, listing))?.id ?? null,
  })
}

/** The lender for the listing's place on this site (its county's, else its state's, else the default), if any. */
function listingFinanceCenter(db: Kysely<Database>, site: SiteProfile, listing: Pick<ListingDetail, 'stateId' | 'countyId'>) {
  return recentFinanceCenter(db, site, { stateId: listing.stateId, countyId: listing.countyId })
}
