import type { Kysely, Transaction } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { heldForReviewStatus, removedAsScamStatus } from '~/models/listings/enumerations'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import { sendMail } from '~/models/mail/mailer.server'
import { sellerListingPath } from '~/models/sellers/listing-draft'
import type { SiteDirectory } from '~/models/sites/site-directory'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type ReviewSignalCode, reviewSignalCodes } from './scam-screen'

/**
 * The review of listings the scam screen held or buyers reported as a scam (issue 38 item 1,
 * decision 0068): while a review is open and holds its listing, the listing's status is
 * `heldForReviewStatus`, so it is on no site; an administrator approves it (its status before
 * comes back) or removes it (off the market for good), and the seller is told by e-mail. Only an
 * administrator reads or decides: the caller checks, and every function here takes its word.
 */

export type ScamReviewCause = 'screen' | 'reports'

export interface ScamReviewOpening {
  listingId: number
  cause: ScamReviewCause
  signals: readonly ReviewSignalCode[]
  score: number
  /** Take the listing off the sites until the decision. */
  hold: boolean
}

/** Opens a review of the listing, or adds to its open one; with `hold`, takes the listing off the sites until the decision. */
export async function openScamReview(db: Kysely<Database>, opening: ScamReviewOpening) {
  await db.transaction().execute((transaction) => recordScamReview(transaction, opening))
  if (opening.hold) await noteListingsChanged(db)
}

/** `openScamReview` inside the caller's transaction (publishing writes the listing and holds it at once); the caller notes the listings changed. */
export async function recordScamReview(transaction: Transaction<Database>, opening: ScamReviewOpening) {
  const now = new Date().toISOString()
  const current = await transaction.selectFrom('listings').select('status').where('id', '=', opening.listingId).executeTakeFirst()
  if (!current) return
  const open = await transaction
    .selectFrom('scam_reviews')
    .select(['id', 'is_held', 'signals', 'score'])
    .where('listing_id', '=', opening.listingId)
    .where('decided_at', 'is', null)
    .executeTakeFirst()
  const isHeld = opening.hold || open?.is_held === 1
  if (open) {
    const signals = new Set([...open.signals.split(',').filter(Boolean), ...opening.signals])
    await transaction
      .updateTable('scam_reviews')
      .set({ signals: [...signals].join(','), score: Math.max(open.score, opening.score), is_held: isHeld ? 1 : 0 })
      .where('id', '=', open.id)
      .execute()
  } else {
    await transaction
      .insertInto('scam_reviews')
      .values({
        listing_id: opening.listingId,
        cause: opening.cause,
        signals: opening.signals.join(','),
        score: opening.score,
        status_before: current.status,
        is_held: isHeld ? 1 : 0,
        created_at: now,
      })
      .execute()
  }
  if (isHeld && current.status !== heldForReviewStatus)
    await transaction.updateTable('listings').set({ status: heldForReviewStatus, updated_at: now }).where('id', '=', opening.listingId).execute()
}

/** Whether the listing waits for an administrator's decision (an edit of a held listing stays held). */
export async function hasOpenHold(db: Kysely<Database>, listingId: number) {
  const open = await db
    .selectFrom('scam_reviews')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('decided_at', 'is', null)
    .where('is_held', '=', 1)
    .executeTakeFirst()
  return open !== undefined
}

/** The open reviews, oldest first, with what an administrator needs to judge them: the listing, its owner, the signals and the reports. */
export async function openScamReviews(db: Kysely<Database>, limit = 200) {
  const rows = await db
    .selectFrom('scam_reviews')
    .innerJoin('listings', 'listings.id', 'scam_reviews.listing_id')
    .leftJoin('accounts', 'accounts.id', 'listings.account_id')
    .select([
      'scam_reviews.id',
      'scam_reviews.cause',
      'scam_reviews.signals',
      'scam_reviews.score',
      'scam_reviews.is_held',
      'scam_reviews.created_at',
      'listings.id as listingId',
      'listings.title',
      'listings.price',
      'listings.acres',
      'accounts.email as ownerEmail',
      (eb) =>
        eb
          .selectFrom('listing_reports')
          .select((inner) => inner.fn.countAll<number | string>().as('reports'))
          .whereRef('listing_reports.listing_id', '=', 'listings.id')
          .where('listing_reports.reason', '=', 'fraud')
          .as('fraudReports'),
    ])
    .where('scam_reviews.decided_at', 'is', null)
    .orderBy('scam_reviews.created_at')
    .orderBy('scam_reviews.id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    cause: row.cause,
    signals: row.signals.split(',').filter((code): code is ReviewSignalCode => (reviewSignalCodes as readonly string[]).includes(code)),
    score: row.score,
    isHeld: row.is_held === 1,
    createdAt: row.created_at,
    listingId: row.listingId,
    title: row.title,
    price: row.price,
    acres: row.acres,
    ownerEmail: row.ownerEmail,
    fraudReports: Number(row.fraudReports ?? 0),
  }))
}

export type OpenScamReview = Awaited<ReturnType<typeof openScamReviews>>[number]
export type ScamDecision = 'approve' | 'remove'

/** What the seller reads by e-mail after the decision: what happened, never which signals fired. */
const decisionMails: Record<ScamDecision, { subject: string; text: (title: string) => string }> = {
  approve: {
    subject: 'Your listing is on the sites',
    text: (title) => `Our team has checked your listing "${title}", and it is now on the sites and in search.`,
  },
  remove: {
    subject: 'Your listing was not published',
    text: (title) =>
      `Our team has checked your listing "${title}" and could not publish it. It stays off the sites. If you believe this is a mistake, reply to this e-mail with proof that you may sell the land.`,
  },
}

/**
 * Settles an open review: approve gives the listing its status before back (on the sites again),
 * remove gives it `removedAsScamStatus`, off the sites for good. Answers false when no review was open (another
 * administrator decided first). E-mails the listing's account afterwards.
 */
export async function decideScamReview(
  db: Kysely<Database>,
  { reviewId, decision, userId }: { reviewId: number; decision: ScamDecision; userId: number },
  { site, directory }: { site: SiteProfile; directory: SiteDirectory },
) {
  const now = new Date().toISOString()
  const decided = await db.transaction().execute(async (transaction) => {
    const review = await transaction
      .updateTable('scam_reviews')
      .set({ decided_at: now, decision: decision === 'approve' ? 'approved' : 'removed', decided_by_user_id: userId })
      .where('id', '=', reviewId)
      .where('decided_at', 'is', null)
      .returning(['listing_id', 'status_before', 'is_held'])
      .executeTakeFirst()
    if (!review) return undefined
    if (decision === 'remove')
      await transaction.updateTable('listings').set({ status: removedAsScamStatus, updated_at: now }).where('id', '=', review.listing_id).execute()
    else if (review.is_held === 1)
      await transaction.updateTable('listings').set({ status: review.status_before, updated_at: now }).where('id', '=', review.listing_id).execute()
    return review
  })
  if (!decided) return false
  await noteListingsChanged(db)
  const listing = await db
    .selectFrom('listings')
    .leftJoin('accounts', 'accounts.id', 'listings.account_id')
    .select(['listings.id', 'listings.title', 'listings.partner_id', 'accounts.email'])
    .where('listings.id', '=', decided.listing_id)
    .executeTakeFirst()
  if (listing?.email && listing.partner_id === null) {
    const mail = decisionMails[decision]
    await sendMail(site.name, {
      to: listing.email,
      subject: mail.subject,
      text: `${mail.text(listing.title)}\n\nYour listing: ${directory.originOf(site)}${sellerListingPath(listing.id)}\n`,
    })
  }
  return true
}
