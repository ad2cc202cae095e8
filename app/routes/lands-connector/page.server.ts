import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { findSavedSearches } from '~/models/accounts/saved-search.server'
import { likedListingIdsAmong } from '~/models/accounts/saved-property.server'
import { describeLandRequest, type LandRequest, landRequestTitle, landsConnectorPaths, landsConnectorSectionName } from '~/models/connector/land-request'
import { findRequestRecipients } from '~/models/connector/land-request-leads.server'
import { findRequestMatches } from '~/models/connector/land-request-matches.server'
import { recipientsPerRequest } from '~/models/connector/land-request-targeting'
import { deleteLandRequest, findLandRequest, landRequestsPerUser, listLandRequests, type RequestOwner } from '~/models/connector/land-requests.server'
import type { Database } from '~/models/db/db-schema'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { requireViewer } from '~/http/session.server'
import { landSite } from '~/sites/land'
import { siteOrigin } from '~/sites/site-origin.server'

/**
 * The Lands Connector's pages for the buyer (spec §2 /lands-connector/, login required, spec §6
 * logged-in user; issue 17 item 2): their requests, and one request with the listings that match
 * it now, who received it, and its delete. Each read and write is scoped by the signed-in user and
 * the site, so another user's request is a 404.
 */
export const notFound = () => new Response('Not Found', { status: 404 })

/** Cards of matching listings each search of a request shows; its search page shows them all. */
const listingsPerSearch = 3

/** The same connector address on the land site, at its configured origin. */
function onTheLandSite(request: Request) {
  const { pathname, search } = new URL(request.url)
  return new URL(`${pathname}${search}`, siteOrigin(landSite)).href
}

/**
 * The signed-in buyer as the owner of requests on this site. The connector lives on the sites
 * that sell land (decision 0020), but spec §2 lists it among every site's routes and a landowner
 * valuing land is a likely buyer or seller: a site without search (AcreWorth) answers its paths
 * with a permanent redirect to the land site's, as it does the land feed's (decision 0062).
 */
export async function requireRequestOwner(site: SiteProfile, request: Request) {
  if (!site.searchGrammar) throw redirect(onTheLandSite(request), 301)
  const viewer = await requireViewer(request, landsConnectorSectionName)
  const owner: RequestOwner = { userId: viewer.id, siteId: site.siteId }
  return { viewer, owner }
}

/** The request an address names (`/lands-connector/{id}/`), of this owner; a 404 for any other. */
export async function requireOwnedRequest(db: Kysely<Database>, owner: RequestOwner, requestId: string | undefined) {
  const id = /^[1-9]\d{0,9}$/.test(requestId ?? '') ? Number(requestId) : undefined
  const landRequest = id === undefined ? undefined : await findLandRequest(db, owner, id)
  if (!landRequest) throw notFound()
  return landRequest
}

const summaryOf = (landRequest: LandRequest) => ({ id: landRequest.id, title: landRequestTitle(landRequest), details: describeLandRequest(landRequest) })

export async function loadLandRequests(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const { owner } = await requireRequestOwner(site, request)
  const landRequests = await listLandRequests(db, owner)
  const summaries = await Promise.all(
    landRequests.map(async (landRequest) => {
      const matches = await findRequestMatches(db, site, landRequest, { listingsPerSearch: 0 })
      return { ...summaryOf(landRequest), matchCount: matches.reduce((sum, match) => sum + match.totalCount, 0) }
    }),
  )
  return { requests: summaries, canAddRequest: landRequests.length < landRequestsPerUser, isDeleted: new URL(request.url).searchParams.has('deleted') }
}

/** What `?sent=3` or `?saved=1` after the form tells the buyer. */
function outcomeOf(url: URL) {
  const sent = url.searchParams.get('sent')
  const sentCount = sent !== null && /^\d$/.test(sent) && Number(sent) <= recipientsPerRequest ? Number(sent) : null
  return { sentCount, isUpdated: url.searchParams.has('saved') }
}

export async function loadLandRequest(db: Kysely<Database>, site: SiteProfile, request: Request, requestId: string | undefined) {
  const { viewer, owner } = await requireRequestOwner(site, request)
  const landRequest = await requireOwnedRequest(db, owner, requestId)
  const [matches, recipients, savedSearches] = await Promise.all([
    findRequestMatches(db, site, landRequest, { listingsPerSearch }),
    findRequestRecipients(db, landRequest.id),
    findSavedSearches(db, owner),
  ])
  const listingIds = matches.flatMap((match) => match.listings.map((listing) => listing.id))
  const notifyByPath = new Map(savedSearches.map((search) => [search.path, search.notify]))
  return {
    request: { ...summaryOf(landRequest), message: landRequest.message, sharesContact: landRequest.shareContact },
    matches: matches.map((match) => ({ ...match, notify: notifyByPath.get(match.path) ?? null })),
    recipients,
    likedListingIds: await likedListingIdsAmong(db, viewer.id, listingIds),
    ...outcomeOf(new URL(request.url)),
  }
}

/** The request page's one form: delete it (with its leads and saved searches), back to the list. */
export async function handleLandRequestPost(db: Kysely<Database>, site: SiteProfile, request: Request, requestId: string | undefined) {
  assertSameOrigin(request)
  const { owner } = await requireRequestOwner(site, request)
  const landRequest = await requireOwnedRequest(db, owner, requestId)
  const form = await readFormData(request)
  if (form.get('intent') !== 'delete') throw new Response('Unknown form', { status: 400 })
  await deleteLandRequest(db, owner, landRequest.id)
  return redirect(`${landsConnectorPaths.home}?deleted=1`, 303)
}
