import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { accountPaths } from '~/models/accounts/account-paths'
import type { Database } from '~/models/db/db-schema'
import { feedRunRecords, reasonCounts } from '~/models/feeds/feed-report.server'
import { canSeeFeeds, decideHeldRecord, feedAccessOf, visibleRun, visibleRuns, waitingRecords } from '~/models/feeds/feed-review.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { getViewerId, requireViewer } from '~/http/session.server'
import { recordRequestEvent, requireFreshSecondFactor } from '~/http/second-factor.server'
import type { LoginSectionName } from '~/models/accounts/login-sections'

/**
 * The feed report screens (issue 14 §4, login required): a partner's account sees its own import
 * runs and the records waiting on it; an administrator sees every run and reviews held records.
 * Anyone else gets a 404, as for a page that is not there: the pages say nothing about feeds.
 */
const notFound = () => new Response('Not Found', { status: 404 })

async function requireFeedAccess(db: Kysely<Database>, site: SiteProfile, request: Request, sectionName: LoginSectionName) {
  const viewer = await requireViewer(request, sectionName)
  const access = await feedAccessOf(db, viewer.id)
  if (!canSeeFeeds(access)) throw notFound()
  return access
}

export async function loadFeedRuns(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const access = await requireFeedAccess(db, site, request, 'Feed Imports')
  const [runs, waiting] = await Promise.all([visibleRuns(db, access), waitingRecords(db, { partnerIds: access.partnerIds })])
  return { runs, waiting, isAdmin: access.isAdmin }
}

export async function loadFeedRun(db: Kysely<Database>, site: SiteProfile, request: Request, runIdParam: string | undefined) {
  const access = await requireFeedAccess(db, site, request, 'Feed Imports')
  const runId = /^[1-9]\d{0,9}$/.test(runIdParam ?? '') ? Number(runIdParam) : undefined
  const run = runId === undefined ? undefined : await visibleRun(db, access, runId)
  if (!run) throw notFound()
  const [records, codes] = await Promise.all([feedRunRecords(db, run.id, { limit: 1000 }), reasonCounts(db, run.id)])
  return { run, records, codes }
}

/** An administrator with a fresh second factor (decision 0052); answers the administrator's id. */
async function requireAdministrator(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const access = await requireFeedAccess(db, site, request, 'Held Listings')
  if (!access.isAdmin) throw notFound()
  const userId = (await getViewerId(request))!
  await requireFreshSecondFactor(db, request, userId)
  return userId
}

export async function loadFeedReview(db: Kysely<Database>, site: SiteProfile, request: Request) {
  await requireAdministrator(db, site, request)
  const decided = new URL(request.url).searchParams.get('decided')
  const decisions = ['approve', 'reject', 'none'] as const
  return { held: await waitingRecords(db, { allHeld: true }), decided: decisions.find((decision) => decision === decided) ?? null }
}

/** Approve or reject one held record, then back to the list (post/redirect/get). */
export async function handleFeedReviewPost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const userId = await requireAdministrator(db, site, request)
  const form = await readFormData(request)
  const decision = form.get('decision')
  const partnerId = Number(form.get('partnerId'))
  const partnerListingId = String(form.get('partnerListingId') ?? '')
  if ((decision !== 'approve' && decision !== 'reject') || !Number.isInteger(partnerId) || !partnerListingId) {
    throw new Response('That decision could not be read. Go back to the list and try again.', { status: 400 })
  }
  const isDecided = await decideHeldRecord(db, { partnerId, partnerListingId, decision })
  await recordRequestEvent(db, request, decision === 'approve' ? 'held-listing-approved' : 'held-listing-rejected', userId, {
    partnerId,
    partnerListingId,
    isDecided,
  })
  // Another reviewer, or a new import, may have settled the record first; the list shows where it stands.
  throw redirect(`${accountPaths.feedReview}?decided=${isDecided ? decision : 'none'}`, 303)
}
