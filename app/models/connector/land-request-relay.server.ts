import { type Kysely, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { sendMail } from '~/models/mail/mailer.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { signValue, verifySignedValue } from '~/secrets.server'
import { landRequestPath, landRequestReplyPath } from './land-request'

/**
 * The reply relay of the Lands Connector (decision 0020): a land professional who received a
 * request without the buyer's e-mail address answers through a link on our site. The link names
 * the lead and carries our signature, so it is its own permission (the professional may have no
 * login); the answer is e-mailed to the buyer from the site, with the professional's address to
 * reply to, and the buyer's address stays unknown to them until the buyer writes back.
 */
const replyPurpose = 'land-request-reply'

/** The reply link's token for a lead. */
export const replyTokenOf = (leadId: number) => signValue(replyPurpose, String(leadId))

/** The reply page of a lead, on the site it was sent from. */
export const replyUrlOf = (origin: string, leadId: number) => `${origin}${landRequestReplyPath(replyTokenOf(leadId))}`

/** The lead a reply token names; undefined for a token we did not sign. */
export function leadIdOfReplyToken(token: string) {
  const value = verifySignedValue(replyPurpose, token)
  return value !== undefined && /^[1-9]\d{0,11}$/.test(value) ? Number(value) : undefined
}

/**
 * A reply link works for 30 days after the request reached the professional (issue 33): answers
 * come within days, a month allows for a holiday, and a link kept in a forwarded mail or a log
 * stops being a way to write to the buyer. The lead's own date says it, so no link needs a new token.
 */
export const replyLinkLifetimeDays = 30

const dayMs = 24 * 60 * 60 * 1000

export interface ReplyTarget {
  leadId: number
  requestId: number
  siteId: number
  /** When the lead was sent to the professional (ISO). */
  sentAt: string
  buyerName: string
  /** The request as the lead told it to the professional. */
  requestText: string
  professional: { name: string; email: string; phone: string | null }
}

/** The request a lead was sent for, its buyer and the professional who received it; undefined once the buyer deleted the request. */
export async function findReplyTarget(db: Kysely<Database>, leadId: number): Promise<ReplyTarget | undefined> {
  const row = await db
    .selectFrom('leads')
    .innerJoin('land_requests', 'land_requests.id', 'leads.land_request_id')
    .innerJoin('accounts', 'accounts.id', 'leads.account_id')
    .select([
      'leads.id',
      'leads.land_request_id',
      'leads.site_id',
      'leads.name',
      'leads.message',
      'leads.created_at',
      'accounts.contact_name',
      'accounts.company_name',
      'accounts.email',
      'accounts.office_phone',
      'accounts.preferred_phone',
    ])
    .where('leads.id', '=', leadId)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    leadId: row.id,
    requestId: row.land_request_id!,
    siteId: row.site_id,
    sentAt: row.created_at,
    buyerName: row.name,
    requestText: row.message,
    professional: {
      name: [row.contact_name, row.company_name].filter(Boolean).join(', '),
      email: row.email,
      phone: row.preferred_phone ?? row.office_phone,
    },
  }
}

/** Whether the target's reply link is past its lifetime. */
export const isReplyLinkExpired = (target: ReplyTarget, now = new Date()) => now.getTime() - Date.parse(target.sentAt) > replyLinkLifetimeDays * dayMs

/** E-mails a professional's answer to the buyer of the request, from the site, with the professional's address to reply to. */
export async function sendReplyToBuyer(db: Kysely<Database>, site: SiteProfile, origin: string, target: ReplyTarget, message: string) {
  const buyer = await db
    .selectFrom('land_requests')
    .innerJoin('users', 'users.id', 'land_requests.user_id')
    .select(['users.email', 'users.contact_name'])
    .where('land_requests.id', '=', target.requestId)
    .executeTakeFirstOrThrow()
  const { professional } = target
  await sendMail(site.name, {
    to: buyer.email,
    replyTo: professional.email,
    subject: `${professional.name} answered your land request on ${site.name}`,
    text: [
      `Hello ${buyer.contact_name},`,
      '',
      `${professional.name} received your Lands Connector request and writes:`,
      '',
      ...message.split('\n').map((line) => `> ${line}`),
      '',
      `Answer them by replying to this e-mail (it goes to ${professional.email})${professional.phone ? `, or call ${professional.phone}` : ''}.`,
      'They do not have your e-mail address until you answer.',
      '',
      `Your request: ${origin}${landRequestPath(target.requestId)}`,
    ].join('\n'),
  })
  // An answer through this page answers the lead, for the professional's reply time (decision 0069).
  await db
    .updateTable('leads')
    .set({ answered_at: sql<string>`coalesce(answered_at, ${new Date().toISOString()})` })
    .where('id', '=', target.leadId)
    .execute()
}
