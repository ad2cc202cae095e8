import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { data } from 'react-router'
import { parseStatisticsPeriod } from '~/models/sellers/listing-stats'
import { findListingStatistics } from '~/models/sellers/listing-stats.server'
import { countSellerLeads, listingLeads } from '~/models/sellers/seller-leads.server'
import { withWaitingTime } from '~/models/sellers/reply-times'
import { listingTier } from '~/models/listings/listing-rules'
import { draftStepPath, sellerListingPath, sellerPaths } from '~/models/sellers/listing-draft'
import { createDraft } from '~/models/sellers/listing-drafts.server'
import { draftDataOfListing, findEditableListing } from '~/models/sellers/listing-publish.server'
import { type StatusChange, changesFrom, sellerStatusLabel } from '~/models/sellers/seller-listing-status'
import { changeListingStatus, confirmSellerListing, deleteSellerListing, findListingDraftId, findSellerListing } from '~/models/sellers/seller-listings.server'
import { listingPath } from '~/models/listings/listing-path'
import { activeStatuses } from '~/models/listings/listing.server'
import { heldForReviewStatus, offTheSitesStatuses } from '~/models/listings/enumerations'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { backTo, notFound, requireSellerScope } from '~/routes/account/listings/seller-access.server'
import { siteDirectory } from '~/sites/site-origin.server'
import { listingTakesVisits } from '~/models/visits/visit-requests.server'

/**
 * One listing in the sellers' tool (issue 15 §4): where it stands, its public page, and the
 * changes a seller makes: edit, pause, under contract, sold, delete. A listing a partner feed
 * owns is shown read-only. Only the owning seller (or its corporate master) finds it at all.
 */
const sectionName = 'Manage Listings'
/** The page shows the newest leads; the inbox, filtered to the listing, has them all. */
const recentLeadCount = 5

const listingIdOf = (param: string | undefined) => (/^[1-9]\d{0,9}$/.test(param ?? '') ? Number(param) : Number.NaN)

export async function loadSellerListing(db: Kysely<Database>, site: SiteProfile, request: Request, param: string | undefined) {
  const scope = await requireSellerScope(db, request, site, sectionName)
  const listing = await findSellerListing(db, scope, listingIdOf(param))
  if (!listing) throw notFound()
  const url = new URL(request.url)
  const days = parseStatisticsPeriod(url.searchParams.get('days'))
  const [place, draftId, statistics, leads, leadCount, takesVisits] = await Promise.all([
    db
      .selectFrom('listings')
      .innerJoin('counties', 'counties.id', 'listings.county_id')
      .innerJoin('states', 'states.id', 'listings.state_id')
      .select(['counties.name', 'counties.suffix', 'states.abbreviation', 'states.name as stateName'])
      .where('listings.id', '=', listing.id)
      .executeTakeFirstOrThrow(),
    findListingDraftId(db, scope, listing.id),
    findListingStatistics(db, { scope, days, listingId: listing.id }),
    listingLeads(db, scope, siteDirectory, listing.id, recentLeadCount).then((leads) => leads.map((lead) => withWaitingTime(lead, new Date()))),
    countSellerLeads(db, scope, { listingId: listing.id }),
    listingTakesVisits(db, listing.id),
  ])
  const countyName = `${place.name} ${place.suffix}`
  return {
    listing: { ...listing, statusLabel: sellerStatusLabel(listing.status), tier: listingTier(listing), place: `${countyName}, ${place.stateName}` },
    /** Held by the scam review: the seller reads what happens next (decision 0068), and there is no public page yet. */
    isHeld: listing.status === heldForReviewStatus,
    publicPath: offTheSitesStatuses.some((status) => status === listing.status)
      ? null
      : site.listingPathStyle
        ? listingPath(site, { id: listing.id, acres: listing.acres, countyName, stateAbbreviation: place.abbreviation })
        : null,
    changes: listing.isFromFeed ? [] : changesFrom(listing.status),
    // Issue 19 freshness: a seller confirms without editing; a feed confirms by still sending it.
    canConfirm: !listing.isFromFeed && (activeStatuses as readonly number[]).includes(listing.status),
    draftPath: draftId === undefined ? null : draftStepPath(draftId, 'review'),
    notice: url.searchParams.get('published') ?? url.searchParams.get('changed'),
    statistics: statistics!,
    leads,
    leadCount,
    /** Issue 38 item 3: the 'Takes visit bookings' switch (visit-booking-setting.tsx). */
    takesVisits,
  }
}

export type SoldErrors = { salesPrice?: string; salesDate?: string }

/** Spec §3 salesPrice and soldDate, as a seller types them when marking a listing sold. */
function soldChange(form: FormData, today: string): { change: StatusChange } | { errors: SoldErrors } {
  const price = String(form.get('salesPrice') ?? '')
    .trim()
    .replaceAll(',', '')
  const date = String(form.get('salesDate') ?? '').trim()
  const errors: SoldErrors = {}
  if (!price) errors.salesPrice = 'This field is required.'
  else if (!/^\d+$/.test(price)) errors.salesPrice = 'Please enter the sale price in whole dollars.'
  else if (Number(price) < 3) errors.salesPrice = 'This value must be at least 3.'
  if (!date) errors.salesDate = 'This field is required.'
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) errors.salesDate = 'Please enter the date as YYYY-MM-DD.'
  else if (date > today) errors.salesDate = 'The sale date cannot be in the future.'
  return Object.keys(errors).length ? { errors } : { change: { kind: 'sold', salesPrice: Number(price), salesDate: date } }
}

const simpleChanges = ['pause', 'resume', 'under-contract', 'back-on-market'] as const

export async function handleSellerListingPost(db: Kysely<Database>, site: SiteProfile, request: Request, param: string | undefined) {
  assertSameOrigin(request)
  const scope = await requireSellerScope(db, request, site, sectionName)
  const listingId = listingIdOf(param)
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  const here = sellerListingPath(listingId)

  if (intent === 'edit') {
    const listing = Number.isNaN(listingId) ? undefined : await findEditableListing(db, scope, listingId)
    if (!listing)
      throw (await findSellerListing(db, scope, listingId)) ? data({ error: 'A listing from your feed changes through the feed.' }, { status: 409 }) : notFound()
    const draftId = (await findListingDraftId(db, scope, listingId)) ?? (await createDraft(db, scope, await draftDataOfListing(db, listing), listingId))
    return backTo(draftStepPath(draftId, 'place'))
  }
  if (intent === 'delete') {
    if (form.get('confirmDelete') !== 'on') return data({ deleteError: 'Tick the box to confirm that the listing should be deleted.' }, { status: 400 })
    const outcome = await deleteSellerListing(db, scope, listingId)
    if (outcome === 'not-found') throw notFound()
    if (outcome === 'from-feed') return data({ error: 'A listing from your feed leaves the sites when your feed no longer has it.' }, { status: 409 })
    return backTo(`${sellerPaths.listings}?deleted=1`)
  }
  if (intent === 'confirm') {
    const outcome = await confirmSellerListing(db, scope, listingId)
    if (outcome === 'not-found') throw notFound()
    if (outcome !== 'changed') return data({ error: 'Only a listing for sale that you manage here can be confirmed.' }, { status: 409 })
    return backTo(`${here}?changed=confirm`)
  }
  let change: StatusChange
  if (intent === 'sold') {
    const parsed = soldChange(form, new Date().toISOString().slice(0, 10))
    if ('errors' in parsed)
      return data(
        { soldErrors: parsed.errors, soldValues: { salesPrice: String(form.get('salesPrice') ?? ''), salesDate: String(form.get('salesDate') ?? '') } },
        { status: 400 },
      )
    change = parsed.change
  } else {
    const kind = simpleChanges.find((candidate) => candidate === intent)
    if (!kind) throw new Response('Unknown form', { status: 400 })
    change = { kind }
  }
  const outcome = await changeListingStatus(db, scope, listingId, change)
  if (outcome === 'not-found') throw notFound()
  if (outcome === 'from-feed') return data({ error: 'A listing from your feed changes through the feed.' }, { status: 409 })
  if (outcome === 'not-allowed') return data({ error: 'The listing has changed since this page was shown: see its status now.' }, { status: 409 })
  return backTo(`${here}?changed=${change.kind}`)
}
