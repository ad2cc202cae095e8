import type { Kysely } from 'kysely'
import { formatLongDate } from '~/utils/format'
import type { Database } from '~/models/db/db-schema'
import { withLoginToken } from '~/models/accounts/account-paths'
import { createLoginToken } from '~/models/accounts/login-tokens.server'
import type { Mailer } from '~/models/mail/mailer.server'
import { sellerPaths } from './listing-draft'
import { leadKindLabels, type SellerLead } from './seller-lead'
import type { SiteDirectory } from '~/models/sites/site-directory'
import { countSellerLeads, findSellerLeads } from './seller-leads.server'
import { findSellerScope } from './seller-scope.server'

/**
 * The daily digest of new leads (issue 15 item 5): a seller who asks for it gets one e-mail a day
 * (UTC) listing the leads that arrived since the last one, and none on a day without new leads.
 * `users.lead_digest_sent_at` marks where the last digest stopped.
 */

/** A digest writes out this many leads; the inbox link shows the rest. */
const leadsPerDigest = 20

const dayMs = 24 * 60 * 60 * 1000

export interface LeadDigestRun {
  /** Sellers whose digest was due and claimed by this run. */
  due: number
  sent: number
  /** Digests whose e-mail failed; each is due again at the next run. */
  failed: number
}

/** Whether the seller asked for the daily digest. */
export async function hasLeadDigest(db: Kysely<Database>, userId: number) {
  const user = await db.selectFrom('users').select('lead_digest').where('id', '=', userId).executeTakeFirst()
  return user?.lead_digest === 1
}

/**
 * Turns the digest on or off. Turning it on starts it from `now`: the leads already in the inbox
 * are not news; saving it on again keeps the leads since the last digest waiting for the next.
 */
export async function setLeadDigest(db: Kysely<Database>, userId: number, isOn: boolean, now: Date) {
  if (!isOn) {
    await db.updateTable('users').set({ lead_digest: 0 }).where('id', '=', userId).execute()
    return
  }
  await db.updateTable('users').set({ lead_digest: 1, lead_digest_sent_at: now.toISOString() }).where('id', '=', userId).where('lead_digest', '=', 0).execute()
}

function digestText({ contactName, leads, totalCount, inboxUrl }: { contactName: string; leads: SellerLead[]; totalCount: number; inboxUrl: string }) {
  const lines = leads.map((lead) =>
    [
      `- ${lead.name} (${[lead.email, lead.phone].filter(Boolean).join(', ')}), ${formatLongDate(lead.receivedAt)}`,
      `  ${lead.listing ? `About ${lead.listing.title}: ${lead.listing.url}` : `${leadKindLabels[lead.kind]} on ${lead.siteName}`}`,
      ...(lead.wantsFinancing ? ['  Wants financing information'] : []),
      ...(lead.replyUrl ? [`  Answer through ${lead.siteName}: ${lead.replyUrl}`] : []),
      ...lead.message.split('\n').map((line) => `  > ${line}`),
    ].join('\n'),
  )
  const more = totalCount - leads.length
  return [
    `Hello ${contactName},`,
    '',
    `${totalCount === 1 ? 'A buyer has' : `${totalCount} buyers have`} written to you since your last digest:`,
    '',
    ...lines.flatMap((lead) => [lead, '']),
    ...(more > 0 ? [`…and ${more} more.`, ''] : []),
    `Read and answer them in your leads inbox: ${inboxUrl}`,
    'To stop this daily e-mail, untick the digest option on that page.',
  ].join('\n')
}

/**
 * Sends the digests due at `now`: to each seller with the option on whose last digest was before
 * today (UTC). A seller's digest is first claimed with one conditional UPDATE of
 * `lead_digest_sent_at` (from the value read to `now`; atomic on SQLite and PostgreSQL), so when
 * several processes run this at once exactly one of them sends it. A failed e-mail gives the claim
 * back, so the next run tries again. `sites` says where the e-mail's links point.
 */
export async function sendLeadDigests(db: Kysely<Database>, mailer: Mailer, now: Date, sites: SiteDirectory): Promise<LeadDigestRun> {
  const run: LeadDigestRun = { due: 0, sent: 0, failed: 0 }
  const sentAt = now.toISOString()
  const startOfDay = new Date(Math.floor(now.getTime() / dayMs) * dayMs).toISOString()
  const sellers = await db
    .selectFrom('users')
    .select(['id', 'email', 'contact_name', 'lead_digest_sent_at'])
    .where('lead_digest', '=', 1)
    .where('is_seller', '=', 1)
    .where((eb) => eb.or([eb('lead_digest_sent_at', 'is', null), eb('lead_digest_sent_at', '<', startOfDay)]))
    .orderBy('id')
    .execute()
  for (const seller of sellers) {
    const scope = await findSellerScope(db, seller.id)
    if (!scope) continue
    const previous = seller.lead_digest_sent_at
    const claim = await db
      .updateTable('users')
      .set({ lead_digest_sent_at: sentAt })
      .where('id', '=', seller.id)
      .where('lead_digest', '=', 1)
      .where('lead_digest_sent_at', previous === null ? 'is' : '=', previous)
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) !== 1) continue
    run.due += 1
    // Before a first digest (an option set outside the inbox), the last day's leads are the new ones.
    const filter = { receivedAfter: previous ?? new Date(now.getTime() - dayMs).toISOString(), receivedBy: sentAt }
    const [leads, totalCount] = await Promise.all([findSellerLeads(db, scope, sites, { filter, pageSize: leadsPerDigest }), countSellerLeads(db, scope, filter)])
    if (totalCount === 0) continue
    try {
      // The inbox link logs the seller in (spec §4 login by token).
      const inboxUrl = withLoginToken(`${sites.originOf(sites.defaultSite)}${sellerPaths.leads}`, await createLoginToken(db, seller.id, now))
      await mailer(sites.defaultSite.name, {
        to: seller.email,
        subject: `${totalCount === 1 ? '1 new lead' : `${totalCount} new leads`} for your listings`,
        text: digestText({ contactName: seller.contact_name, leads, totalCount, inboxUrl }),
      })
      run.sent += 1
    } catch (error) {
      console.error(`The lead digest to user ${seller.id} failed; it is due again at the next run`, error)
      await db.updateTable('users').set({ lead_digest_sent_at: previous }).where('id', '=', seller.id).where('lead_digest_sent_at', '=', sentAt).execute()
      run.failed += 1
    }
  }
  return run
}
