import { type Kysely, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { auctionWithoutPrice, marketStatus } from '~/models/listings/enumerations'
import { inSiteScope } from '~/models/listings/listing-detail.server'
import { listingPath } from '~/models/listings/listing-path'
import type { Mailer } from '~/models/mail/mailer.server'
import type { SiteDirectory } from '~/models/sites/site-directory'
import type { SiteProfile } from '~/models/sites/site-profile'
import { brokerDisplayName, formatAcres, formatPrice } from '~/utils/format'
import { groupBy } from '~/utils/group-by'
import { sellerPaths } from './listing-draft'
import {
  afterQuietHours,
  type QuietHours,
  replyTimeGraceHours,
  replyTimeText,
  replyTimeWindowDays,
  replyWithinHours,
  waitingLeadHours,
  waitingText,
} from './reply-times'
import type { SellerScope } from './seller-scope.server'

/**
 * Sellers' reply times (issue 38 item 2, decision 0069): answering a lead from the inbox, the
 * stored per-account figure and the job that keeps it, the seller's reminders (after an hour and
 * a day, after their quiet hours), and the buyer's e-mails (an acknowledgement at once, similar
 * listings from responsive sellers after 48 unanswered hours).
 */

const hourMs = 3_600_000
const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * hourMs).toISOString()

/** Reminders are about leads of the last two days: a reminder of an older lead is no reminder. */
const reminderHorizonHours = 48
/** The buyer's follow-up goes when a lead stops being a waiting one in the inbox (48 hours), for leads of the last week. */
const followUpAfterHours = waitingLeadHours
const followUpHorizonHours = 7 * 24
const similarListingsPerFollowUp = 5

/** Marks a lead of the scope answered, keeping the first time; false when the scope has no such lead. */
export async function markLeadAnswered(db: Kysely<Database>, scope: SellerScope, { leadId, now }: { leadId: number; now: Date }) {
  const result = await db
    .updateTable('leads')
    .set({ answered_at: sql<string>`coalesce(answered_at, ${now.toISOString()})`, read_at: sql<string>`coalesce(read_at, ${now.toISOString()})` })
    .where('id', '=', leadId)
    .where('account_id', 'in', scope.accountIds)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * The seller's reply to a lead, from the inbox: e-mailed to the buyer through the site the buyer
 * wrote on, Reply-To the seller, then the lead is answered (first time kept) with the reply stored.
 * 'not-found' for a lead outside the scope, 'no-email' for one whose buyer shared no address (a
 * Lands Connector request, answered through its reply page). A failed e-mail throws, and the
 * lead stays as it was.
 */
export async function replyToLead(
  db: Kysely<Database>,
  mailer: Mailer,
  scope: SellerScope,
  sites: SiteDirectory,
  { leadId, reply, now }: { leadId: number; reply: string; now: Date },
): Promise<'sent' | 'not-found' | 'no-email'> {
  const lead = await db
    .selectFrom('leads')
    .innerJoin('accounts', 'accounts.id', 'leads.account_id')
    .leftJoin('listings', 'listings.id', 'leads.listing_id')
    .select([
      'leads.id',
      'leads.email',
      'leads.name',
      'leads.message',
      'leads.site_id',
      'listings.title',
      'accounts.email as seller_email',
      'accounts.contact_name',
      'accounts.company_name',
    ])
    .where('leads.id', '=', leadId)
    .where('leads.account_id', 'in', scope.accountIds)
    .executeTakeFirst()
  if (!lead) return 'not-found'
  if (!lead.email) return 'no-email'
  const site = sites.siteWithId(lead.site_id) ?? sites.defaultSite
  const seller = brokerDisplayName({ contactName: lead.contact_name, companyName: lead.company_name })
  await mailer(site.name, {
    to: lead.email,
    replyTo: lead.seller_email,
    subject: lead.title ? `Re: ${lead.title}` : `Re: your message on ${site.name}`,
    text: [
      `Hello ${lead.name},`,
      '',
      `${seller} answered your message${lead.title ? ` about ${lead.title}` : ''} on ${site.name}:`,
      '',
      reply,
      '',
      `To answer ${seller}, reply to this e-mail: it goes to them.`,
      '',
      'Your message:',
      ...lead.message.split('\n').map((line) => `> ${line}`),
    ].join('\n'),
  })
  await db
    .updateTable('leads')
    .set({ answered_at: sql<string>`coalesce(answered_at, ${now.toISOString()})`, read_at: sql<string>`coalesce(read_at, ${now.toISOString()})`, reply })
    .where('id', '=', leadId)
    .execute()
  return 'sent'
}

/**
 * Computes every account's figure from its leads received in the window (the 90 days before the
 * last day's grace) and stores it in `accounts.reply_within_hours`, clearing the figure of an
 * account that no longer earns it. The search cards read the stored column, never the leads.
 * Returns how many accounts' figures changed.
 */
export async function refreshReplyTimes(db: Kysely<Database>, now: Date) {
  const leads = await db
    .selectFrom('leads')
    .select(['account_id', 'created_at', 'answered_at'])
    .where('created_at', '>', hoursBefore(now, replyTimeWindowDays * 24 + replyTimeGraceHours))
    .where('created_at', '<=', hoursBefore(now, replyTimeGraceHours))
    .execute()
  const leadsByAccount = groupBy(leads, (lead) => lead.account_id)
  const figures = new Map<number, number>()
  for (const [accountId, accountLeads] of leadsByAccount) {
    const figure = replyWithinHours(accountLeads.map((lead) => ({ receivedAt: lead.created_at, answeredAt: lead.answered_at })))
    if (figure !== null) figures.set(accountId, figure)
  }
  const stored = await db.selectFrom('accounts').select(['id', 'reply_within_hours']).where('reply_within_hours', 'is not', null).execute()
  const cleared = stored.filter((account) => !figures.has(account.id)).map((account) => account.id)
  const storedFigure = new Map(stored.map((account) => [account.id, account.reply_within_hours]))
  const changed = [...figures].filter(([accountId, figure]) => storedFigure.get(accountId) !== figure)
  await db.transaction().execute(async (transaction) => {
    if (cleared.length > 0) await transaction.updateTable('accounts').set({ reply_within_hours: null }).where('id', 'in', cleared).execute()
    // One statement per distinct figure (a handful), whatever the number of accounts.
    for (const [figure, entries] of groupBy(changed, ([, each]) => each)) {
      await transaction
        .updateTable('accounts')
        .set({ reply_within_hours: figure })
        .where(
          'id',
          'in',
          entries.map(([accountId]) => accountId),
        )
        .execute()
    }
  })
  return cleared.length + changed.length
}

/** The quiet hours of the seller's own account; null when they chose none. */
export async function findQuietHours(db: Kysely<Database>, scope: SellerScope): Promise<QuietHours | null> {
  const account = await db
    .selectFrom('accounts')
    .select(['quiet_hours_from', 'quiet_hours_until', 'quiet_hours_time_zone'])
    .where('id', '=', scope.accountId)
    .executeTakeFirstOrThrow()
  return quietHoursOf(account)
}

function quietHoursOf(row: { quiet_hours_from: number | null; quiet_hours_until: number | null; quiet_hours_time_zone: string | null }): QuietHours | null {
  if (row.quiet_hours_from === null || row.quiet_hours_until === null || row.quiet_hours_time_zone === null) return null
  return { from: row.quiet_hours_from, until: row.quiet_hours_until, timeZone: row.quiet_hours_time_zone }
}

/** Saves the quiet hours of the seller's own account, or none. */
export async function setQuietHours(db: Kysely<Database>, scope: SellerScope, quiet: QuietHours | null) {
  await db
    .updateTable('accounts')
    .set({ quiet_hours_from: quiet?.from ?? null, quiet_hours_until: quiet?.until ?? null, quiet_hours_time_zone: quiet?.timeZone ?? null })
    .where('id', '=', scope.accountId)
    .execute()
}

export interface ReplyMailRun {
  sent: number
  failed: number
}

/**
 * Reminds sellers of their unanswered leads: once an hour after the lead, once a day after it
 * (a lead first seen past its day gets only the second). A reminder due in the account's quiet
 * hours waits for a run after they end. Each reminder is claimed with a conditional UPDATE of
 * `reminders_sent` before it is sent (one process sends it), and given back if the e-mail fails.
 */
export async function sendLeadReminders(db: Kysely<Database>, mailer: Mailer, now: Date, sites: SiteDirectory): Promise<ReplyMailRun> {
  const run: ReplyMailRun = { sent: 0, failed: 0 }
  const leads = await db
    .selectFrom('leads')
    .innerJoin('accounts', 'accounts.id', 'leads.account_id')
    .leftJoin('listings', 'listings.id', 'leads.listing_id')
    .select([
      'leads.id',
      'leads.name',
      'leads.created_at',
      'leads.reminders_sent',
      'listings.title',
      'accounts.email',
      'accounts.contact_name',
      'accounts.company_name',
      'accounts.quiet_hours_from',
      'accounts.quiet_hours_until',
      'accounts.quiet_hours_time_zone',
    ])
    .where('leads.answered_at', 'is', null)
    .where('leads.created_at', '>', hoursBefore(now, reminderHorizonHours))
    .where((eb) =>
      eb.or([
        eb.and([eb('leads.reminders_sent', '=', 0), eb('leads.created_at', '<=', hoursBefore(now, 1))]),
        eb.and([eb('leads.reminders_sent', '<', 2), eb('leads.created_at', '<=', hoursBefore(now, 24))]),
      ]),
    )
    .orderBy('leads.id')
    .execute()
  const inboxUrl = `${sites.originOf(sites.defaultSite)}${sellerPaths.leads}`
  for (const lead of leads) {
    if (afterQuietHours(now, quietHoursOf(lead)) > now) continue
    const reminder = lead.created_at <= hoursBefore(now, 24) ? 2 : 1
    const claim = await db
      .updateTable('leads')
      .set({ reminders_sent: reminder })
      .where('id', '=', lead.id)
      .where('reminders_sent', '=', lead.reminders_sent)
      .where('answered_at', 'is', null)
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) !== 1) continue
    try {
      await mailer(sites.defaultSite.name, {
        to: lead.email,
        subject: `${lead.name} is waiting for your answer${lead.title ? ` about ${lead.title}` : ''}`,
        text: [
          `Hello ${brokerDisplayName({ contactName: lead.contact_name, companyName: lead.company_name })},`,
          '',
          `${lead.name} wrote to you${lead.title ? ` about ${lead.title}` : ''} and has had no answer yet (${waitingText(lead.created_at, now).toLowerCase()}).`,
          'Buyers who hear back quickly are the ones who buy: reply from your leads inbox, or mark the lead answered there if you answered by phone.',
          '',
          inboxUrl,
        ].join('\n'),
      })
      run.sent += 1
    } catch (error) {
      console.error(`The reminder of lead ${lead.id} failed; it is due again at the next run`, error)
      await db.updateTable('leads').set({ reminders_sent: lead.reminders_sent }).where('id', '=', lead.id).where('reminders_sent', '=', reminder).execute()
      run.failed += 1
    }
  }
  return run
}

/** A listing of the follow-up e-mail: where it is and how quickly its seller replies. */
interface SimilarListing {
  title: string
  url: string
  price: number
  acres: number
  replyWithinHours: number
}

/**
 * Up to five active listings like the lead's (same state, same county first; half to twice its
 * acres, and its price when it has one) from other sellers with a reply-time figure, on the site
 * the buyer wrote on.
 */
async function findSimilarFromResponsiveSellers(
  db: Kysely<Database>,
  site: SiteProfile,
  origin: string,
  listing: { id: number; accountId: number; stateId: number; countyId: number; acres: number; price: number },
): Promise<SimilarListing[]> {
  const rows = await db
    .selectFrom('listings')
    .innerJoin('accounts', 'accounts.id', 'listings.account_id')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .select([
      'listings.id',
      'listings.title',
      'listings.price',
      'listings.acres',
      'counties.name',
      'counties.suffix',
      'states.abbreviation',
      'accounts.reply_within_hours',
    ])
    .where('listings.status', '=', marketStatus.available)
    .where('listings.state_id', '=', listing.stateId)
    .where('listings.account_id', '!=', listing.accountId)
    .where('accounts.reply_within_hours', 'is not', null)
    .where(inSiteScope(site.listingScopeBits))
    .where((eb) => eb.between('listings.acres', listing.acres / 2, listing.acres * 2))
    .$if(listing.price > auctionWithoutPrice, (query) => query.where((eb) => eb.between('listings.price', Math.floor(listing.price / 2), listing.price * 2)))
    .orderBy(sql`case when listings.county_id = ${listing.countyId} then 0 else 1 end`)
    .orderBy('accounts.reply_within_hours')
    .orderBy('listings.id')
    .limit(similarListingsPerFollowUp)
    .execute()
  return rows.map((row) => ({
    title: row.title,
    url: `${origin}${listingPath(site, { id: row.id, acres: row.acres, countyName: `${row.name} ${row.suffix}`, stateAbbreviation: row.abbreviation })}`,
    price: row.price,
    acres: row.acres,
    replyWithinHours: row.reply_within_hours!,
  }))
}

/**
 * The buyer's follow-up: 48 hours after a listing lead nobody answered, an e-mail with similar
 * listings from sellers who usually reply (none when there are none: the lead is settled without
 * a mail). Claimed with a conditional UPDATE of `buyer_follow_up_at` first, given back on failure.
 */
export async function sendBuyerFollowUps(db: Kysely<Database>, mailer: Mailer, now: Date, sites: SiteDirectory): Promise<ReplyMailRun> {
  const run: ReplyMailRun = { sent: 0, failed: 0 }
  const leads = await db
    .selectFrom('leads')
    .innerJoin('listings', 'listings.id', 'leads.listing_id')
    .select([
      'leads.id',
      'leads.name',
      'leads.email',
      'leads.site_id',
      'listings.id as listing_id',
      'listings.title',
      'listings.account_id',
      'listings.state_id',
      'listings.county_id',
      'listings.acres',
      'listings.price',
    ])
    .where('leads.answered_at', 'is', null)
    .where('leads.buyer_follow_up_at', 'is', null)
    .where('leads.email', '!=', '')
    .where('leads.created_at', '<=', hoursBefore(now, followUpAfterHours))
    .where('leads.created_at', '>', hoursBefore(now, followUpHorizonHours))
    .orderBy('leads.id')
    .execute()
  for (const lead of leads) {
    const claim = await db
      .updateTable('leads')
      .set({ buyer_follow_up_at: now.toISOString() })
      .where('id', '=', lead.id)
      .where('buyer_follow_up_at', 'is', null)
      .where('answered_at', 'is', null)
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) !== 1) continue
    const site = sites.siteWithId(lead.site_id) ?? sites.defaultSite
    // A site without listing pages (the valuation site) shows the listings of the main site.
    const listingSite = site.searchGrammar ? site : sites.defaultSite
    const similar = await findSimilarFromResponsiveSellers(db, listingSite, sites.originOf(listingSite), {
      id: lead.listing_id,
      accountId: lead.account_id,
      stateId: lead.state_id,
      countyId: lead.county_id,
      acres: lead.acres,
      price: lead.price,
    })
    if (similar.length === 0) continue
    try {
      await mailer(listingSite.name, {
        to: lead.email,
        subject: `Listings like ${lead.title}`,
        text: [
          `Hello ${lead.name},`,
          '',
          `You wrote about ${lead.title} two days ago and have had no answer through us yet. These listings are alike, and their sellers usually reply quickly:`,
          '',
          ...similar.flatMap((listing) => [
            `- ${listing.title}: ${formatAcres(listing.acres)}, ${formatPrice(listing.price)}. ${replyTimeText(listing.replyWithinHours)}.`,
            `  ${listing.url}`,
          ]),
        ].join('\n'),
      })
      run.sent += 1
    } catch (error) {
      console.error(`The follow-up of lead ${lead.id} failed; it is due again at the next run`, error)
      await db.updateTable('leads').set({ buyer_follow_up_at: null }).where('id', '=', lead.id).where('buyer_follow_up_at', '=', now.toISOString()).execute()
      run.failed += 1
    }
  }
  return run
}

/**
 * The buyer's acknowledgement, sent with their message: who it went to and, only when the seller
 * has a figure, how quickly they usually reply. A failure is logged, not thrown: the message
 * itself reached the seller.
 */
export async function acknowledgeLead(
  db: Kysely<Database>,
  mailer: Mailer,
  site: SiteProfile,
  { accountId, listingId, buyer, pageUrl }: { accountId: number; listingId: number | null; buyer: { name: string; email: string }; pageUrl: string },
) {
  const account = await db
    .selectFrom('accounts')
    .select(['contact_name', 'company_name', 'reply_within_hours'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  const listing = listingId === null ? undefined : await db.selectFrom('listings').select('title').where('id', '=', listingId).executeTakeFirst()
  const seller = brokerDisplayName({ contactName: account.contact_name, companyName: account.company_name })
  const figure = account.reply_within_hours
  try {
    await mailer(site.name, {
      to: buyer.email,
      subject: `Your message was sent to ${seller}`,
      text: [
        `Hello ${buyer.name},`,
        '',
        `Your message${listing ? ` about ${listing.title}` : ''} was sent to ${seller}.${figure === null ? '' : ` ${replyTimeText(figure).replace('Usually', `${seller} usually`)}.`}`,
        '',
        pageUrl,
      ].join('\n'),
    })
  } catch (error) {
    console.error(`The acknowledgement to the buyer of account ${accountId} failed`, error)
  }
}
