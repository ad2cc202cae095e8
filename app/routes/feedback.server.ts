import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { tooManyAttemptsMessage } from '~/models/accounts/login-messages'
import { FeedbackSchema, submitFeedback } from '~/models/feedback/feedback.server'
import { honeypotField } from '~/models/listings/listing-form-ids'
import { headContextForRequest } from '~/sites/head-context.server'
import { type FormRateLimit, refuseOverLimit } from '~/http/form-rate-limit.server'
import { clientAddress } from '~/http/rate-limit.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { pathOnHost, safeRedirectPath } from '~/utils/safe-redirect'
import { getViewer } from '~/http/session.server'

/**
 * Per client address: a person writes a few messages an hour; a bot is stopped (and mail is not
 * flooded). Only posts that pass validation count (decision 0053).
 */
const rateLimit: FormRateLimit = { limit: 5, windowMs: 60 * 60_000, counted: 'feedback messages', kept: 'your message is kept below' }

export type FeedbackOutcome = { isSent: true } | { isSent: false; init: { status: 400 | 429; headers?: Record<string, string> }; result: SubmissionResult<string[]> }

/**
 * One post of the feedback form, from its page or its modal: same origin (403), an empty honeypot
 * (429), the spec §5 rules (400) and the rate limit (429, with the wait); then kept and mailed to
 * the site's team.
 */
export async function receiveFeedback(db: Kysely<Database>, request: Request): Promise<FeedbackOutcome> {
  assertSameOrigin(request)
  const form = await readFormData(request)
  const submission = parseWithZod(form, { schema: FeedbackSchema })
  if (form.get(honeypotField)) return { isSent: false, init: { status: 429 }, result: submission.reply({ formErrors: [tooManyAttemptsMessage] }) }
  if (submission.status !== 'success') return { isSent: false, init: { status: 400 }, result: submission.reply() }
  const refusal = await refuseOverLimit(db, `feedback:${clientAddress(request)}`, rateLimit)
  if (refusal) return { isSent: false, init: refusal.init, result: submission.reply({ formErrors: [refusal.message] }) }
  const { site, origin } = headContextForRequest(request)
  const { message, email, page } = submission.value
  const pagePath = safeRedirectPath(page, '')
  const viewer = await getViewer(request)
  await submitFeedback(db, site, { userId: viewer?.id ?? null, email: email ?? null, message, pageUrl: pagePath ? `${origin}${pagePath}` : null })
  return { isSent: true }
}

/** The page the visitor came to the feedback page from (its Referer on this site), which the form sends along. */
export function feedbackPageOrigin(request: Request) {
  const host = request.headers.get('host') ?? new URL(request.url).host
  return pathOnHost(request.headers.get('referer'), host) ?? ''
}
