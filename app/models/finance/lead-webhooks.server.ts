import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type LeadWebhookOutcome, postLeadWebhook } from '~/models/finance/lead-webhook-request.server'
import { type OutboundFetch, outboundFetch } from '~/models/net/outbound-fetch.server'

/**
 * The JSON a lender's webhook receives for one finance lead (event `finance-lead`). Every attempt
 * posts the same body and `X-Landmarket-Delivery`, so a receiver whose answer was lost recognises
 * the retry by either.
 */
export interface FinanceLeadWebhookBody {
  leadId: number
  financeCenterId: number
  /** The site the buyer wrote on (architecture "The four sites": 0, 1080, 1113 or 2005). */
  siteId: number
  /** The listing the buyer asked about; null from the finance page. */
  listingId: number | null
  name: string
  email: string
  phone: string | null
  message: string
  /** The finance checkbox: whether the buyer asked for financing information. */
  wantsFinancing: boolean
  /** When the buyer sent it, ISO 8601 in UTC. */
  createdAt: string
  /** The page the buyer wrote from, when known. */
  pageUrl: string | null
}

export interface LeadDeliveryOptions {
  /** The moment of the attempt: it signs the request and schedules the retry. */
  now?: Date
  /** How long the lender's endpoint has to answer. */
  timeoutMs?: number
  /** The public-only guard if not given (a test passes its opt-in for a loopback receiver). */
  outboundFetch?: OutboundFetch
}

/** The waits before the five retries (issue 14; the farm credit leads documentation promises them to lenders); after the fifth fails, the lead is not posted again. */
const retryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000]

/**
 * A claimed attempt is held this long past its timeout: no other process sends it meanwhile, and
 * if the claiming process dies mid-attempt, a run after that sends it again.
 */
const claimMarginMs = 60_000

/** A run makes at most this many attempts, all at once, so it ends before its claims do; the next run takes the rest. */
const attemptsPerRun = 100

/** Logs the first attempt to post a lead to its lender's webhook, pending and due at `now`. */
export async function queueLeadDelivery(
  db: Kysely<Database>,
  { leadId, financeCenterId, now = new Date() }: { leadId: number; financeCenterId: number; now?: Date },
) {
  await db
    .insertInto('finance_lead_deliveries')
    .values({
      finance_lead_id: leadId,
      finance_center_id: financeCenterId,
      attempt: 1,
      status: 'pending',
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .execute()
}

function dueAttempts(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('finance_lead_deliveries')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .select('id')
    .orderBy('next_attempt_at')
}

function findAttempt(db: Kysely<Database>, attemptId: number) {
  return db
    .selectFrom('finance_lead_deliveries as attempt')
    .innerJoin('finance_leads as lead', 'lead.id', 'attempt.finance_lead_id')
    .leftJoin('finance_centers as center', 'center.id', 'attempt.finance_center_id')
    .where('attempt.id', '=', attemptId)
    .select((eb) =>
      eb
        .selectFrom('finance_lead_deliveries as first_attempt')
        .whereRef('first_attempt.finance_lead_id', '=', 'attempt.finance_lead_id')
        .where('first_attempt.attempt', '=', 1)
        .select('first_attempt.id')
        .$asScalar()
        .$notNull()
        .as('first_attempt_id'),
    )
    .select([
      'attempt.id',
      'attempt.finance_lead_id',
      'attempt.finance_center_id',
      'attempt.attempt as number',
      'lead.site_id',
      'lead.listing_id',
      'lead.name',
      'lead.email',
      'lead.phone',
      'lead.message',
      'lead.wants_financing',
      'lead.created_at',
      'lead.page_url',
      'center.lead_webhook_url',
      'center.lead_webhook_secret',
    ])
    .executeTakeFirstOrThrow()
}

type Attempt = Awaited<ReturnType<typeof findAttempt>>

function webhookBody(attempt: Attempt): FinanceLeadWebhookBody {
  return {
    leadId: attempt.finance_lead_id,
    financeCenterId: attempt.finance_center_id,
    siteId: attempt.site_id,
    listingId: attempt.listing_id,
    name: attempt.name,
    email: attempt.email,
    phone: attempt.phone,
    message: attempt.message,
    wantsFinancing: attempt.wants_financing === 1,
    createdAt: attempt.created_at,
    pageUrl: attempt.page_url,
  }
}

/** Logs an attempt's outcome and, after a failure with attempts left, the next attempt as pending. */
async function recordAttempt(db: Kysely<Database>, attempt: Attempt, outcome: LeadWebhookOutcome, claimedUntil: string, now: Date) {
  const retryDelayMs = retryDelaysMs[attempt.number - 1]
  await db.transaction().execute(async (transaction) => {
    const recorded = await transaction
      .updateTable('finance_lead_deliveries')
      .set({
        status: outcome.isDelivered ? 'delivered' : 'failed',
        response_status: outcome.responseStatus,
        error: outcome.error,
        next_attempt_at: null,
        delivered_at: outcome.isDelivered ? now.toISOString() : null,
      })
      // Only while the claim is ours: an attempt that outlived it was claimed and made again, and that one logs.
      .where('id', '=', attempt.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', claimedUntil)
      .executeTakeFirst()
    if (outcome.isDelivered || recorded.numUpdatedRows !== 1n || retryDelayMs === undefined) return
    await transaction
      .insertInto('finance_lead_deliveries')
      .values({
        finance_lead_id: attempt.finance_lead_id,
        finance_center_id: attempt.finance_center_id,
        attempt: attempt.number + 1,
        status: 'pending',
        next_attempt_at: new Date(now.getTime() + retryDelayMs).toISOString(),
        created_at: now.toISOString(),
      })
      .execute()
  })
}

/** Makes one due attempt if this process wins it; whether it did. */
async function makeAttempt(db: Kysely<Database>, attemptId: number, now: Date, { timeoutMs = 10_000, outboundFetch: post = outboundFetch }: LeadDeliveryOptions) {
  const claimedUntil = new Date(now.getTime() + timeoutMs + claimMarginMs).toISOString()
  // The claim moves the attempt out of every other process's due list; whoever moved it sends it.
  const claim = await db
    .updateTable('finance_lead_deliveries')
    .set({ next_attempt_at: claimedUntil })
    .where('id', '=', attemptId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .executeTakeFirst()
  if (claim.numUpdatedRows !== 1n) return false
  const attempt = await findAttempt(db, attemptId)
  const { lead_webhook_url: url, lead_webhook_secret: secret } = attempt
  const body = JSON.stringify(webhookBody(attempt))
  // One delivery id for the lead, whichever attempt this is: the id of its first attempt.
  const outcome =
    url && secret
      ? await postLeadWebhook({ url, secret, body, deliveryId: attempt.first_attempt_id, now, timeoutMs, outboundFetch: post })
      : { isDelivered: false, responseStatus: null, error: 'The finance center has no webhook URL and secret.' }
  await recordAttempt(db, attempt, outcome, claimedUntil, now)
  return true
}

/**
 * Posts a lead to its lender's webhook if an attempt is due (see `queueLeadDelivery`). Never
 * throws: a lender's broken endpoint, or a failure to log it, must not break the buyer's form;
 * the delivery log and `deliverDueLeadWebhooks` take it from there.
 */
export async function deliverLead(db: Kysely<Database>, leadId: number, options: LeadDeliveryOptions = {}) {
  const now = options.now ?? new Date()
  try {
    const due = await dueAttempts(db, now).where('finance_lead_id', '=', leadId).execute()
    for (const { id } of due) await makeAttempt(db, id, now, options)
  } catch (error) {
    console.warn(`Posting finance lead ${leadId} to its lender's webhook failed`, error)
  }
}

/**
 * For a periodic job: makes the webhook attempts that are due and says how many it made. Runs in
 * several processes at once are safe, since each attempt is claimed by one of them.
 */
export async function deliverDueLeadWebhooks(db: Kysely<Database>, now = new Date(), options: Omit<LeadDeliveryOptions, 'now'> = {}) {
  const due = await dueAttempts(db, now).limit(attemptsPerRun).execute()
  const made = await Promise.all(due.map(({ id }) => makeAttempt(db, id, now, options)))
  return made.filter(Boolean).length
}
