import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { landRequestReplyPath } from '~/models/connector/land-request'
import { LandRequestReplySchema } from '~/models/connector/land-request-form'
import { findReplyTarget, isReplyLinkExpired, leadIdOfReplyToken, replyLinkLifetimeDays, sendReplyToBuyer } from '~/models/connector/land-request-relay.server'
import type { Database } from '~/models/db/db-schema'
import { siteOrigin } from '~/sites/site-origin.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type FormRateLimit, refuseOverLimit } from '~/http/form-rate-limit.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { notFound } from '~/routes/lands-connector/page.server'

/**
 * The reply relay's page, /lands-connector/reply/{token}/ (decision 0020): the land professional
 * who received a request reads it and answers the buyer, whose address they do not have. The
 * signed token is the permission; a token we did not sign, a lead of another site, or a request the
 * buyer deleted is a 404; a link past its lifetime is 410 Gone, with a page that says so.
 */
/** Answers to one lead a day: the link is a way to answer, not to send a buyer mail at will. Only valid answers count (decision 0053). */
const repliesPerDay: FormRateLimit = { limit: 3, windowMs: 24 * 60 * 60_000, counted: 'answers to this request', kept: 'your answer is kept below' }

async function requireReplyTarget(db: Kysely<Database>, site: SiteProfile, token: string | undefined) {
  const leadId = leadIdOfReplyToken(token ?? '')
  const target = leadId === undefined ? undefined : await findReplyTarget(db, leadId)
  if (!site.searchGrammar || !target || target.siteId !== site.siteId) throw notFound()
  return target
}

const expiredReplyLinkMessage = `A reply link works for ${replyLinkLifetimeDays} days after the request reached you: this one has expired. The buyer may have found their land since; if not, their next request will reach you with a new link.`

export async function loadReplyPage(db: Kysely<Database>, site: SiteProfile, request: Request, token: string | undefined) {
  const target = await requireReplyTarget(db, site, token)
  if (isReplyLinkExpired(target)) return data({ isExpired: true as const, message: expiredReplyLinkMessage }, { status: 410 })
  return {
    isExpired: false as const,
    buyerName: target.buyerName,
    requestText: target.requestText,
    professionalName: target.professional.name,
    professionalEmail: target.professional.email,
    isSent: new URL(request.url).searchParams.has('sent'),
  }
}

export async function handleReplyPost(db: Kysely<Database>, site: SiteProfile, request: Request, token: string | undefined) {
  assertSameOrigin(request)
  const target = await requireReplyTarget(db, site, token)
  const submission = parseWithZod(await readFormData(request), { schema: LandRequestReplySchema })
  // The answer stays in the form, for the professional to keep.
  if (isReplyLinkExpired(target)) return data(submission.reply({ formErrors: [expiredReplyLinkMessage] }), { status: 410 })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const refusal = await refuseOverLimit(db, `land-request-reply:${target.leadId}`, repliesPerDay)
  if (refusal) return data(submission.reply({ formErrors: [refusal.message] }), refusal.init)
  await sendReplyToBuyer(db, site, siteOrigin(site), target, submission.value.message)
  return redirect(`${landRequestReplyPath(token!)}?sent=1`, 303)
}
