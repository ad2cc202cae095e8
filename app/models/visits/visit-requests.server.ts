import type { Kysely } from 'kysely'
import type { Database, VisitRequestTable } from '~/models/db/db-schema'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import { listingPath } from '~/models/listings/listing-path'
import type { Mailer } from '~/models/mail/mailer.server'
import type { SellerScope } from '~/models/sellers/seller-scope.server'
import type { SiteDirectory } from '~/models/sites/site-directory'
import { signValue, verifySignedValue } from '~/secrets.server'
import { visitCalendarText } from './visit-calendar.server'
import type { BuyerVisitView, SellerVisitView, VisitBooking } from './visit-views'
import { buyerVisitPath, visitRequestPath, visitRequestsSectionId } from './visit-paths'
import { visitHorizonDays } from './visit-form-fields'
import { formatVisitTime, visitTimeZoneName, visitTimeZoneOfState, zonedInputValues } from './visit-times'

/**
 * Visit bookings (issue 38 item 3, decision 0070). A buyer proposes one to three times for a
 * listing whose seller takes bookings; the seller accepts one or proposes another, which the buyer
 * accepts; either side cancels. Each change is one conditional update, so two clicks (or two
 * servers) cannot both change a request, and every mail follows a change that happened. Sellers act
 * through their scope; buyers through the signed token of their link (or their account).
 */
export interface VisitContext {
  mailer: Mailer
  sites: SiteDirectory
  now: Date
}

const hour = 60 * 60_000
const tokenPurpose = 'visit-request'

/** The buyer's link's token: the request's id, signed. */
export const visitTokenOf = (visitId: number) => signValue(tokenPurpose, String(visitId))

/** The request a token names; undefined for a token we did not sign. */
export function visitIdOfToken(token: string) {
  const value = verifySignedValue(tokenPurpose, token)
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined
}

/** Whether the listing's seller takes visit bookings for it. */
export async function listingTakesVisits(db: Kysely<Database>, listingId: number) {
  return (await db.selectFrom('visit_booking_listings').select('listing_id').where('listing_id', '=', listingId).executeTakeFirst()) !== undefined
}

/** Turns a listing's bookings on or off; false when the listing is not the seller's. */
export async function setListingTakesVisits(db: Kysely<Database>, scope: SellerScope, listingId: number, takesVisits: boolean, now: Date) {
  const listing = await db.selectFrom('listings').select('id').where('id', '=', listingId).where('account_id', 'in', scope.accountIds).executeTakeFirst()
  if (!listing) return false
  if (!takesVisits) await db.deleteFrom('visit_booking_listings').where('listing_id', '=', listingId).execute()
  else
    await db
      .insertInto('visit_booking_listings')
      .values({ listing_id: listingId, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('listing_id').doNothing())
      .execute()
  // The listing's page shows 'Visits available': kept pages must go (decision 0026).
  await noteListingsChanged(db)
  return true
}

/** A listing that takes bookings, as the request form needs it; undefined for any other. */
export async function findVisitListing(db: Kysely<Database>, listingId: number) {
  const listing = await db
    .selectFrom('listings')
    .innerJoin('visit_booking_listings', 'visit_booking_listings.listing_id', 'listings.id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .select(['listings.id', 'listings.title', 'listings.account_id as accountId', 'listings.status', 'states.abbreviation'])
    .where('listings.id', '=', listingId)
    .executeTakeFirst()
  if (!listing) return undefined
  const timeZone = visitTimeZoneOfState(listing.abbreviation)
  return { ...listing, timeZone, timeZoneName: visitTimeZoneName(timeZone) }
}

export type VisitListing = NonNullable<Awaited<ReturnType<typeof findVisitListing>>>

export interface NewVisitRequest {
  name: string
  email: string
  phone: string | null
  message: string
  times: Date[]
}

/** Stores a buyer's request and tells the seller (with the times) and the buyer (with their link). */
export async function createVisitRequest(
  db: Kysely<Database>,
  listing: VisitListing,
  request: NewVisitRequest & { siteId: number; buyerUserId: number | null },
  context: VisitContext,
) {
  const at = context.now.toISOString()
  const visitId = await db.transaction().execute(async (transaction) => {
    const { id } = await transaction
      .insertInto('visit_requests')
      .values({
        listing_id: listing.id,
        account_id: listing.accountId,
        site_id: request.siteId,
        buyer_user_id: request.buyerUserId,
        name: request.name,
        email: request.email,
        phone: request.phone,
        message: request.message,
        time_zone: listing.timeZone,
        status: 'requested',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await transaction
      .insertInto('visit_request_times')
      .values(request.times.map((time) => ({ visit_request_id: id, starts_at: time.toISOString() })))
      .execute()
    return id
  })
  const visit = (await findVisit(db, visitId, context.sites))!
  const times = visit.times.map((time) => `- ${formatVisitTime(time.startsAt, visit.timeZone)}`).join('\n')
  const contact = `${visit.name} (${visit.email}${visit.phone ? `, ${visit.phone}` : ''})`
  await context.mailer(visit.siteName, {
    to: visit.sellerEmail,
    replyTo: visit.email,
    subject: `Visit request: ${visit.listingTitle}`,
    text: `${contact} would like to visit ${visit.listingTitle} at one of these times:\n\n${times}\n${visit.message ? `\n${visit.message}\n` : ''}\nAccept one or propose another time in your leads inbox:\n${visit.inboxUrl}\n\n${visit.listingUrl}`,
  })
  await context.mailer(visit.siteName, {
    to: visit.email,
    subject: `Your visit request: ${visit.listingTitle}`,
    text: `We sent your request to visit ${visit.listingTitle} to the seller, with these times:\n\n${times}\n\nWe will e-mail you when the seller answers. Your request, and a way to cancel it:\n${visit.buyerUrl}\n\n${visit.listingUrl}`,
  })
  return visitId
}

function visitQuery(db: Kysely<Database>) {
  return db
    .selectFrom('visit_requests')
    .innerJoin('listings', 'listings.id', 'visit_requests.listing_id')
    .innerJoin('accounts', 'accounts.id', 'visit_requests.account_id')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .selectAll('visit_requests')
    .select([
      'listings.title as listingTitle',
      'listings.acres',
      'listings.address1',
      'listings.latitude',
      'listings.longitude',
      'counties.name as countyName',
      'counties.suffix as countySuffix',
      'states.abbreviation as stateAbbreviation',
      'states.name as stateName',
      'accounts.email as sellerEmail',
      'accounts.contact_name as sellerName',
    ])
}

type VisitRow = Awaited<ReturnType<ReturnType<typeof visitQuery>['execute']>>[number]

/** One request with its proposed times, place and links, as mails and pages need it. */
export type Visit = Awaited<ReturnType<typeof toVisits>>[number]

async function toVisits(db: Kysely<Database>, rows: VisitRow[], sites: SiteDirectory) {
  const times =
    rows.length === 0
      ? []
      : await db
          .selectFrom('visit_request_times')
          .select(['id', 'visit_request_id', 'starts_at'])
          .where(
            'visit_request_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('starts_at')
          .execute()
  return rows.map((row) => {
    const site = sites.siteWithId(row.site_id) ?? sites.defaultSite
    const listingSite = site.searchGrammar ? site : sites.defaultSite
    const countyName = `${row.countyName} ${row.countySuffix}`
    const origin = sites.originOf(listingSite)
    const path = listingPath(listingSite, { id: row.listing_id, acres: row.acres, countyName, stateAbbreviation: row.stateAbbreviation })
    return {
      id: row.id,
      listingId: row.listing_id,
      siteName: listingSite.name,
      buyerUserId: row.buyer_user_id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      message: row.message,
      status: row.status,
      timeZone: row.time_zone,
      timeZoneName: visitTimeZoneName(row.time_zone),
      times: times
        .filter((time) => time.visit_request_id === row.id)
        .map((time) => ({ id: time.id, startsAt: time.starts_at, label: formatVisitTime(time.starts_at, row.time_zone) })),
      counterLabel: row.counter_starts_at ? formatVisitTime(row.counter_starts_at, row.time_zone) : null,
      agreedStartsAt: row.agreed_starts_at,
      agreedLabel: row.agreed_starts_at ? formatVisitTime(row.agreed_starts_at, row.time_zone) : null,
      sequence: row.sequence,
      cancelledBy: row.cancelled_by,
      listingTitle: row.listingTitle,
      place: row.address1 ? `${row.address1}, ${countyName}, ${row.stateName}` : `${countyName}, ${row.stateName}`,
      latitude: row.latitude,
      longitude: row.longitude,
      sellerEmail: row.sellerEmail,
      sellerName: row.sellerName,
      listingUrl: `${origin}${path}`,
      inboxUrl: `${origin}/account/leads/#${visitRequestsSectionId}`,
      buyerUrl: `${origin}${buyerVisitPath(visitTokenOf(row.id))}`,
      uid: `visit-${row.id}@${new URL(origin).hostname}`,
    }
  })
}

/** One request by id, whoever asks: callers check the permission (scope or token) first. */
export async function findVisit(db: Kysely<Database>, visitId: number, sites: SiteDirectory) {
  const rows = await visitQuery(db).where('visit_requests.id', '=', visitId).execute()
  return (await toVisits(db, rows, sites))[0]
}

/** How many requests the inbox shows: the newest, beyond them the seller reads their mail. */
const inboxVisitCount = 50

/** The seller's requests whose visit is still ahead (or not yet agreed), newest first. */
export async function sellerVisitRequests(db: Kysely<Database>, scope: SellerScope, sites: SiteDirectory, now: Date) {
  const rows = await visitQuery(db)
    .where('visit_requests.account_id', 'in', scope.accountIds)
    .where((where) => where.or([where('visit_requests.agreed_starts_at', 'is', null), where('visit_requests.agreed_starts_at', '>', now.toISOString())]))
    .orderBy('visit_requests.created_at', 'desc')
    .orderBy('visit_requests.id', 'desc')
    .limit(inboxVisitCount)
    .execute()
  return toVisits(db, rows, sites)
}

/** What the seller's pages show of a request: not the buyer's link, whose token acts for the buyer. */
export function sellerVisitView(visit: Visit): SellerVisitView {
  const { id, listingTitle, listingUrl, name, email, phone, message, status, cancelledBy, timeZoneName, times, counterLabel, agreedLabel, agreedStartsAt } = visit
  return { id, listingTitle, listingUrl, name, email, phone, message, status, cancelledBy, timeZoneName, times, counterLabel, agreedLabel, agreedStartsAt }
}

/** One of the seller's requests; undefined for another account's. */
export async function findSellerVisit(db: Kysely<Database>, scope: SellerScope, visitId: number, sites: SiteDirectory) {
  const rows = await visitQuery(db).where('visit_requests.id', '=', visitId).where('visit_requests.account_id', 'in', scope.accountIds).execute()
  return (await toVisits(db, rows, sites))[0]
}

/** A signed-in buyer's requests, newest first, each with the path of its page (their own link, so their account acts as the e-mail does). */
export async function buyerVisitRequests(db: Kysely<Database>, userId: number, sites: SiteDirectory): Promise<BuyerVisitView[]> {
  const rows = await visitQuery(db)
    .where('visit_requests.buyer_user_id', '=', userId)
    .orderBy('visit_requests.created_at', 'desc')
    .orderBy('visit_requests.id', 'desc')
    .limit(inboxVisitCount)
    .execute()
  return (await toVisits(db, rows, sites)).map(({ id, listingTitle, status, cancelledBy, counterLabel, agreedLabel }) => ({
    id,
    listingTitle,
    status,
    cancelledBy,
    counterLabel,
    agreedLabel,
    path: buyerVisitPath(visitTokenOf(id)),
  }))
}

type Status = VisitRequestTable['status']

/** Moves a request from one of `from` to its new state; false when it was not in one of them (or not the seller's). */
async function changeVisit(
  db: Kysely<Database>,
  visitId: number,
  { from, accountIds }: { from: Status[]; accountIds?: number[] },
  change: Partial<Pick<VisitRequestTable, 'status' | 'counter_starts_at' | 'agreed_starts_at' | 'agreed_at' | 'cancelled_by' | 'reminder_sent_at'>> & {
    bumpsSequence?: boolean
  },
  now: Date,
) {
  const { bumpsSequence, ...columns } = change
  let update = db
    .updateTable('visit_requests')
    .set((eb) => ({ ...columns, updated_at: now.toISOString(), ...(bumpsSequence ? { sequence: eb('sequence', '+', 1) } : {}) }))
    .where('id', '=', visitId)
    .where('status', 'in', from)
  if (accountIds) update = update.where('account_id', 'in', accountIds)
  const result = await update.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The agreement: both sides get the time and a calendar file (METHOD:REQUEST). */
async function agree(db: Kysely<Database>, visitId: number, accountIds: number[] | undefined, startsAt: string, context: VisitContext) {
  const from: Status[] = accountIds ? ['requested'] : ['countered']
  const untilVisit = new Date(startsAt).getTime() - context.now.getTime()
  // A visit agreed less than a day ahead gets no reminder: the agreement is that day's mail.
  const reminder = untilVisit < 24 * hour ? { reminder_sent_at: context.now.toISOString() } : {}
  const isAgreed = await changeVisit(
    db,
    visitId,
    { from, accountIds },
    { status: 'agreed', agreed_starts_at: startsAt, agreed_at: context.now.toISOString(), ...reminder },
    context.now,
  )
  if (!isAgreed) return false
  const visit = (await findVisit(db, visitId, context.sites))!
  await mailBoth(visit, context, {
    subject: `Visit agreed: ${visit.listingTitle}, ${visit.agreedLabel}`,
    text: `The visit to ${visit.listingTitle} is agreed for ${visit.agreedLabel} (${visit.timeZoneName}).

Where: ${visit.place} (${visit.latitude}, ${visit.longitude})
${visit.listingUrl}`,
    calendar: 'request',
  })
  return true
}

/** The seller accepts one of the buyer's times; false for a request not theirs, not open, or a time not among its own. */
export async function acceptProposedTime(db: Kysely<Database>, scope: SellerScope, { visitId, timeId }: { visitId: number; timeId: number }, context: VisitContext) {
  const time = await db
    .selectFrom('visit_request_times')
    .innerJoin('visit_requests', 'visit_requests.id', 'visit_request_times.visit_request_id')
    .select('visit_request_times.starts_at')
    .where('visit_request_times.id', '=', timeId)
    .where('visit_requests.id', '=', visitId)
    .where('visit_requests.account_id', 'in', scope.accountIds)
    .executeTakeFirst()
  if (!time || new Date(time.starts_at) <= context.now) return false
  return agree(db, visitId, scope.accountIds, time.starts_at, context)
}

/** The seller proposes another time; the buyer is mailed a link to accept it. */
export async function proposeCounterTime(
  db: Kysely<Database>,
  scope: SellerScope,
  { visitId, startsAt }: { visitId: number; startsAt: Date },
  context: VisitContext,
) {
  const isCountered = await changeVisit(
    db,
    visitId,
    { from: ['requested', 'countered'], accountIds: scope.accountIds },
    { status: 'countered', counter_starts_at: startsAt.toISOString() },
    context.now,
  )
  if (!isCountered) return false
  const visit = (await findVisit(db, visitId, context.sites))!
  await context.mailer(visit.siteName, {
    to: visit.email,
    replyTo: visit.sellerEmail,
    subject: `The seller proposes another time: ${visit.listingTitle}`,
    text: `The seller of ${visit.listingTitle} cannot meet at the times you proposed, and proposes ${visit.counterLabel} (${visit.timeZoneName}).

Accept this time, or cancel the request:
${visit.buyerUrl}

${visit.listingUrl}`,
  })
  return true
}

/** The buyer accepts the seller's time (from their link or account). */
export async function acceptCounterTime(db: Kysely<Database>, visitId: number, context: VisitContext) {
  const visit = await db.selectFrom('visit_requests').select(['counter_starts_at']).where('id', '=', visitId).where('status', '=', 'countered').executeTakeFirst()
  if (!visit?.counter_starts_at || new Date(visit.counter_starts_at) <= context.now) return false
  return agree(db, visitId, undefined, visit.counter_starts_at, context)
}

/**
 * Cancels a request, by the buyer (their link or account) or the seller (their scope): the other
 * side is told, and when a time was agreed both get a calendar file that cancels it (METHOD:CANCEL,
 * the same UID, the next SEQUENCE).
 */
export async function cancelVisit(db: Kysely<Database>, visitId: number, by: { side: 'buyer' } | { side: 'seller'; scope: SellerScope }, context: VisitContext) {
  const before = await db.selectFrom('visit_requests').select('status').where('id', '=', visitId).executeTakeFirst()
  if (!before || before.status === 'cancelled') return false
  const wasAgreed = before.status === 'agreed'
  const isCancelled = await changeVisit(
    db,
    visitId,
    { from: [before.status], accountIds: by.side === 'seller' ? by.scope.accountIds : undefined },
    { status: 'cancelled', cancelled_by: by.side, bumpsSequence: wasAgreed },
    context.now,
  )
  if (!isCancelled) return false
  const visit = (await findVisit(db, visitId, context.sites))!
  const who = by.side === 'buyer' ? visit.name : 'The seller'
  const when = visit.agreedLabel ? ` on ${visit.agreedLabel}` : ''
  await mailBoth(visit, context, {
    subject: `Visit cancelled: ${visit.listingTitle}`,
    text: `${who} cancelled the visit to ${visit.listingTitle}${when}.

${visit.listingUrl}`,
    calendar: wasAgreed ? 'cancel' : undefined,
  })
  return true
}

/** The same news to the buyer (with their link) and the seller (with the inbox), each with the calendar file when there is one. */
async function mailBoth(visit: Visit, context: VisitContext, { subject, text, calendar }: { subject: string; text: string; calendar?: 'request' | 'cancel' }) {
  const attachmentFor = (attendee: { name: string; email: string }) =>
    calendar && visit.agreedStartsAt
      ? [
          {
            filename: calendar === 'cancel' ? 'visit-cancelled.ics' : 'visit.ics',
            contentType: `text/calendar; charset=utf-8; method=${calendar.toUpperCase()}`,
            content: visitCalendarText({
              method: calendar,
              uid: visit.uid,
              sequence: visit.sequence,
              start: new Date(visit.agreedStartsAt),
              stamp: context.now,
              summary: `Visit: ${visit.listingTitle}`,
              description: `${visit.listingTitle}
${visit.listingUrl}`,
              url: visit.listingUrl,
              location: { title: visit.place, latitude: visit.latitude, longitude: visit.longitude },
              organizer: { name: visit.sellerName, email: visit.sellerEmail },
              attendee,
            }),
          },
        ]
      : undefined
  const buyer = { name: visit.name, email: visit.email }
  await context.mailer(visit.siteName, {
    to: visit.email,
    replyTo: visit.sellerEmail,
    subject,
    text: `${text}

Your visit: ${visit.buyerUrl}`,
    attachments: attachmentFor(buyer),
  })
  await context.mailer(visit.siteName, {
    to: visit.sellerEmail,
    replyTo: visit.email,
    subject,
    text: `${text}

Buyer: ${visit.name} (${visit.email}${visit.phone ? `, ${visit.phone}` : ''})
Your visit requests: ${visit.inboxUrl}`,
    attachments: attachmentFor(buyer),
  })
}

/**
 * The reminders (a scheduled job): each agreed visit that starts within the next 24 hours is
 * reminded once to both sides; the claim on `reminder_sent_at` is the once, on every server.
 */
export async function sendVisitReminders(db: Kysely<Database>, mailer: Mailer, now: Date, sites: SiteDirectory) {
  const due = await db
    .selectFrom('visit_requests')
    .select('id')
    .where('status', '=', 'agreed')
    .where('reminder_sent_at', 'is', null)
    .where('agreed_starts_at', '>', now.toISOString())
    .where('agreed_starts_at', '<=', new Date(now.getTime() + 24 * hour).toISOString())
    .execute()
  const run = { sent: 0, failed: 0 }
  for (const { id } of due) {
    if (!(await changeVisit(db, id, { from: ['agreed'] }, { reminder_sent_at: now.toISOString() }, now))) continue
    const visit = (await findVisit(db, id, sites))!
    try {
      await mailBoth(
        visit,
        { mailer, sites, now },
        {
          subject: `Reminder: your visit to ${visit.listingTitle}`,
          text: `A reminder: the visit to ${visit.listingTitle} is ${visit.agreedLabel} (${visit.timeZoneName}).

Where: ${visit.place} (${visit.latitude}, ${visit.longitude})
${visit.listingUrl}`,
        },
      )
      run.sent += 2
    } catch {
      run.failed += 1
    }
  }
  return run
}

/**
 * What a listing page needs to offer a visit: the request form's address, the zone its times are
 * in and the dates it offers (today to the horizon, in that zone); null when the listing's seller
 * takes no bookings or it is not for sale.
 */
export async function visitBookingOf(db: Kysely<Database>, listing: { id: number; isActive: boolean }, now: Date): Promise<VisitBooking | null> {
  if (!listing.isActive) return null
  const visitListing = await findVisitListing(db, listing.id)
  if (!visitListing) return null
  return {
    requestPath: visitRequestPath(listing.id),
    timeZone: visitListing.timeZone,
    timeZoneName: visitListing.timeZoneName,
    minDate: zonedInputValues(now, visitListing.timeZone).date,
    maxDate: zonedInputValues(new Date(now.getTime() + visitHorizonDays * 24 * hour), visitListing.timeZone).date,
  }
}
