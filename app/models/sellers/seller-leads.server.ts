import { type Kysely, sql } from 'kysely'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteDirectory } from '~/models/sites/site-directory'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type CsvValue, csvText } from '~/utils/csv'
import { formatPrice } from '~/utils/format'
import type { Database } from '~/models/db/db-schema'
import { resultsPerPage } from '~/models/search/pagination'
import { replyUrlOf } from '~/models/connector/land-request-relay.server'
import { type LeadListing, leadKindLabels, type SellerLead } from './seller-lead'
import type { SellerScope } from './seller-scope.server'

/**
 * The seller's leads inbox (issue 15 item 5): the contact messages (`leads`) about the scope's
 * listings and from its broker pages. Every query is limited to the scope's accounts, so a lead
 * of another account is never read, listed or changed. A buyer who ticks the finance checkbox is
 * one lead here with `wantsFinancing`; the lender's copy (`finance_leads`) belongs to the lender.
 */

export interface LeadFilter {
  unreadOnly?: boolean
  listingId?: number | null
  /** Received after this time (ISO), and at or before `receivedBy`: a digest's window. */
  receivedAfter?: string
  receivedBy?: string
}

function leadsInScope(db: Kysely<Database>, scope: SellerScope, filter: LeadFilter) {
  return db
    .selectFrom('leads')
    .where('leads.account_id', 'in', scope.accountIds)
    .$if(filter.unreadOnly === true, (query) => query.where('leads.read_at', 'is', null))
    .$if(filter.listingId != null, (query) => query.where('leads.listing_id', '=', filter.listingId!))
    .$if(filter.receivedAfter !== undefined, (query) => query.where('leads.created_at', '>', filter.receivedAfter!))
    .$if(filter.receivedBy !== undefined, (query) => query.where('leads.created_at', '<=', filter.receivedBy!))
}

/**
 * The scope's leads that pass the filter, newest first, each with its listing (none for a
 * broker-page message). With `waitingSince` (the inbox), the unanswered leads received after it
 * come first, the longest waiting first.
 */
function selectLeads(db: Kysely<Database>, scope: SellerScope, filter: LeadFilter, waitingSince?: string) {
  return leadsInScope(db, scope, filter)
    .leftJoin('listings', 'listings.id', 'leads.listing_id')
    .leftJoin('counties', 'counties.id', 'listings.county_id')
    .leftJoin('states', 'states.id', 'listings.state_id')
    .selectAll('leads')
    .select([
      'listings.title as listing_title',
      'listings.acres as listing_acres',
      'listings.price as listing_price',
      sql<string | null>`counties.name || ' ' || counties.suffix`.as('county_name'),
      'states.abbreviation as state_abbreviation',
    ])
    .$if(waitingSince !== undefined, (query) => {
      const isWaiting = sql`leads.answered_at is null and leads.created_at > ${waitingSince}`
      return query.orderBy(sql`case when ${isWaiting} then 0 else 1 end`).orderBy(sql`case when ${isWaiting} then leads.created_at end`, 'asc')
    })
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
}

type LeadRow = Awaited<ReturnType<ReturnType<typeof selectLeads>['execute']>>[number]

function leadListing(row: LeadRow, site: SiteProfile, originOf: SiteDirectory['originOf']): LeadListing | null {
  if (row.listing_id === null || row.listing_title === null) return null
  // A listing always has its county and state (not-null keys), so the other joined columns are there too.
  const listing = { id: row.listing_id, title: row.listing_title, acres: row.listing_acres!, price: row.listing_price! }
  const path = listingPath(site, { ...listing, countyName: row.county_name!, stateAbbreviation: row.state_abbreviation! })
  return { ...listing, url: `${originOf(site)}${path}` }
}

/** Snake-case columns to the inbox's lead: the only place a lead row is mapped. */
function toSellerLead(row: LeadRow, { defaultSite, siteWithId, originOf }: SiteDirectory): SellerLead {
  const site = siteWithId(row.site_id) ?? defaultSite
  return {
    id: row.id,
    kind: row.land_request_id !== null ? 'request' : row.listing_id === null ? 'broker' : 'listing',
    name: row.name,
    email: row.email || null,
    phone: row.phone,
    replyUrl: row.land_request_id !== null && !row.email ? replyUrlOf(originOf(site), row.id) : null,
    message: row.message,
    wantsFinancing: row.wants_financing === 1,
    receivedAt: row.created_at,
    isRead: row.read_at !== null,
    answeredAt: row.answered_at,
    reply: row.reply,
    siteName: site.name,
    // A site without listing pages (the valuation site) links the listing on the main site.
    listing: leadListing(row, site.searchGrammar ? site : defaultSite, originOf),
  }
}

/** The leads of a filter, newest first (after the waiting ones with `waitingSince`), one page of `pageSize` (25, architecture "page size"). */
export async function findSellerLeads(
  db: Kysely<Database>,
  scope: SellerScope,
  sites: SiteDirectory,
  { filter = {}, waitingSince, page = 1, pageSize = resultsPerPage }: { filter?: LeadFilter; waitingSince?: string; page?: number; pageSize?: number } = {},
): Promise<SellerLead[]> {
  const rows = await selectLeads(db, scope, filter, waitingSince)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()
  return rows.map((row) => toSellerLead(row, sites))
}

/** How many leads pass the filter: the inbox's pages, and with `unreadOnly` its unread count. */
export async function countSellerLeads(db: Kysely<Database>, scope: SellerScope, filter: LeadFilter = {}) {
  const { count } = await leadsInScope(db, scope, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(count)
}

/** The newest `limit` leads about one listing, for the listing's page; none when the listing is not the scope's. */
export function listingLeads(db: Kysely<Database>, scope: SellerScope, sites: SiteDirectory, listingId: number, limit: number) {
  return findSellerLeads(db, scope, sites, { filter: { listingId }, pageSize: limit })
}

/**
 * Marks a lead read (keeping the time it was first read) or unread again. False when the scope
 * has no such lead: a lead of another account is answered as not found, and left as it was.
 */
export async function markLead(db: Kysely<Database>, scope: SellerScope, { leadId, isRead, now }: { leadId: number; isRead: boolean; now: Date }) {
  const result = await db
    .updateTable('leads')
    .set({ read_at: isRead ? sql<string>`coalesce(read_at, ${now.toISOString()})` : null })
    .where('id', '=', leadId)
    .where('account_id', 'in', scope.accountIds)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Who wrote a lead of the scope, for the confirmation of a reply; undefined for another account's or a missing one. */
export function findScopedLeadContact(db: Kysely<Database>, scope: SellerScope, leadId: number) {
  return db.selectFrom('leads').select(['name', 'email']).where('id', '=', leadId).where('account_id', 'in', scope.accountIds).executeTakeFirst()
}

/** A listing of the scope, for the inbox filtered to it; undefined for another account's or a missing one. */
export function findScopedListing(db: Kysely<Database>, scope: SellerScope, listingId: number) {
  return db.selectFrom('listings').select(['id', 'title']).where('id', '=', listingId).where('account_id', 'in', scope.accountIds).executeTakeFirst()
}

const csvColumns: [heading: string, value: (lead: SellerLead) => CsvValue][] = [
  ['Received (UTC)', (lead) => lead.receivedAt.slice(0, 16).replace('T', ' ')],
  ['Read', (lead) => (lead.isRead ? 'yes' : 'no')],
  ['Kind', (lead) => leadKindLabels[lead.kind]],
  ['Name', (lead) => lead.name],
  ['E-mail', (lead) => lead.email],
  ['Phone', (lead) => lead.phone],
  ['Wants financing', (lead) => (lead.wantsFinancing ? 'yes' : 'no')],
  ['Message', (lead) => lead.message],
  ['Listing ID', (lead) => lead.listing?.id ?? null],
  ['Listing title', (lead) => lead.listing?.title ?? null],
  ['Acres', (lead) => lead.listing?.acres ?? null],
  ['Price', (lead) => (lead.listing ? formatPrice(lead.listing.price) : null)],
  ['Listing URL', (lead) => lead.listing?.url ?? null],
  ['Sent on', (lead) => lead.siteName],
  ['Reply page', (lead) => lead.replyUrl],
]

/** Every lead of the scope, newest first, as a CSV spreadsheet with a heading row (formula-safe, `utils/csv.ts`). */
export async function sellerLeadsCsv(db: Kysely<Database>, scope: SellerScope, sites: SiteDirectory) {
  const rows = await selectLeads(db, scope, {}).execute()
  const leads = rows.map((row) => toSellerLead(row, sites))
  return csvText([csvColumns.map(([heading]) => heading), ...leads.map((lead) => csvColumns.map(([, value]) => value(lead)))])
}
