import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { accountPaths } from '~/models/accounts/account-paths'
import { isAdministrator } from '~/models/accounts/user.server'
import type { Database } from '~/models/db/db-schema'
import type { SiteProfile } from '~/models/sites/site-profile'
import { decideScamReview, openScamReviews } from '~/models/trust/scam-reviews.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { requireViewer } from '~/http/session.server'
import { recordRequestEvent, requireFreshSecondFactor } from '~/http/second-factor.server'
import { siteDirectory } from '~/sites/site-origin.server'

/**
 * /account/scam-review/ (issue 38 item 1, decision 0068, administrators only): the listings the
 * scam screen held or buyers reported as a scam, with their signal codes, approved or removed one
 * by one. A visitor logs in first; anyone else gets a 403, for every read and every post.
 */
async function requireAdministrator(db: Kysely<Database>, request: Request) {
  const viewer = await requireViewer(request, 'Scam Review')
  if (!(await isAdministrator(db, viewer.id))) throw new Response('Forbidden', { status: 403 })
  await requireFreshSecondFactor(db, request, viewer.id)
  return viewer.id
}

const decisions = ['approve', 'remove', 'none'] as const

export async function loadScamReview(db: Kysely<Database>, request: Request) {
  await requireAdministrator(db, request)
  const decided = new URL(request.url).searchParams.get('decided')
  return { reviews: await openScamReviews(db), decided: decisions.find((decision) => decision === decided) ?? null }
}

/** Approve or remove one listing, then back to the list (post/redirect/get). */
export async function handleScamReviewPost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const userId = await requireAdministrator(db, request)
  const form = await readFormData(request)
  const decision = form.get('decision')
  const reviewId = Number(form.get('reviewId'))
  if ((decision !== 'approve' && decision !== 'remove') || !Number.isSafeInteger(reviewId) || reviewId < 1) {
    throw new Response('That decision could not be read. Go back to the list and try again.', { status: 400 })
  }
  const isDecided = await decideScamReview(db, { reviewId, decision, userId }, { site, directory: siteDirectory })
  await recordRequestEvent(db, request, decision === 'approve' ? 'held-listing-approved' : 'held-listing-rejected', userId, { scamReviewId: reviewId, isDecided })
  // Another administrator may have decided first; the list shows where it stands.
  throw redirect(`${accountPaths.scamReview}?decided=${isDecided ? decision : 'none'}`, 303)
}
