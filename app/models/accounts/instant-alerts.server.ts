import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { readJobCursor } from '~/models/jobs/job-cursors.server'
import { activeStatuses } from '~/models/listings/listing.server'
import { committedHistoryEnd } from '~/models/trust/listing-history.server'
import { listingPath } from '~/models/listings/listing-path'
import type { ListingSummary } from '~/models/listings/listing-summary'
import { selectListingSummaries, toListingSummary } from '~/models/listings/listing-summary.server'
import type { Mailer } from '~/models/mail/mailer.server'
import { resolveSearchPath } from '~/models/search/search-request.server'
import { listingIdsMatching } from '~/models/search/search.server'
import type { SiteDirectory } from '~/models/sites/site-directory'
import { signValue, verifySignedValue } from '~/secrets.server'
import { formatPrice } from '~/utils/format'
import { accountPaths } from './account-paths'
import {
  type AlertBatch,
  type AlertItemToRetry,
  type AlertMatch,
  alertSubject,
  batchAlerts,
  instantAlertsUnsubscribePath,
  type ListingChange,
  listingChanges,
  nextAlertAttemptAt,
  unsubscribeTokenPurpose,
} from './instant-alerts'
import { listingLines } from './saved-search-updates.server'

/**
 * The instant alerts job (issue 38 item 4, decision 0071): every minute it reads the listings'
 * history past its cursor, finds the listings new, cheaper or back on the market, matches them
 * against the 'Instant' saved searches (with the search engine's own where-condition) and the
 * favourites, and sends each account one e-mail for all of them; an e-mail that fails is kept and
 * tried again a few times (`retryInstantAlerts`).
 */

const cursorName = 'instant-alerts'

/** At most this many history events a run: a big feed import is read over a few runs, each a bounded query. */
const eventsPerRun = 2_000

export interface InstantAlertRun {
  /** Listings new, cheaper or back on the market in the events this run read. */
  changed: number
  sent: number
  failed: number
}

/**
 * Moves the cursor past the next events and returns them, or nothing when another scheduler moved
 * it first (one conditional UPDATE: of several processes, one reads each event). It reads only up
 * to the newest committed event (`committedHistoryEnd`), so none committed late is passed over. The
 * first run only sets the cursor: alerts start with the job, not with the whole history.
 */
async function claimEvents(db: Kysely<Database>) {
  const end = await committedHistoryEnd(db)
  if (end === undefined) return []
  const position = await readJobCursor(db, cursorName)
  if (position === undefined) {
    await db
      .insertInto('job_cursors')
      .values({ name: cursorName, position: end })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute()
    return []
  }
  const events = await db
    .selectFrom('listing_history')
    .select(['id', 'listing_id as listingId', 'kind', 'price', 'previous_price as previousPrice'])
    .where('id', '>', position)
    .where('id', '<=', end)
    .orderBy('id')
    .limit(eventsPerRun)
    .execute()
  const last = events.at(-1)
  if (!last) return []
  const claim = await db.updateTable('job_cursors').set({ position: last.id }).where('name', '=', cursorName).where('position', '=', position).executeTakeFirst()
  return Number(claim.numUpdatedRows) === 1 ? events : []
}

/** The changes whose listings are for sale now (one sold a minute after its price drop is news to nobody). */
async function changesForSale(db: Kysely<Database>, changes: ListingChange[]) {
  if (changes.length === 0) return []
  const rows = await db
    .selectFrom('listings')
    .select('id')
    .where(
      'id',
      'in',
      changes.map((change) => change.listingId),
    )
    .where('status', 'in', activeStatuses)
    .execute()
  const forSale = new Set(rows.map((row) => row.id))
  return changes.filter((change) => forSale.has(change.listingId))
}

/** Each active 'Instant' saved search's matches among the changed listings, by the search's own criteria and site. */
async function savedSearchMatches(db: Kysely<Database>, sites: SiteDirectory, listingIds: number[]): Promise<AlertMatch[]> {
  const searches = await db
    .selectFrom('saved_searches')
    .innerJoin('users', 'users.id', 'saved_searches.user_id')
    .select(['saved_searches.id', 'saved_searches.user_id', 'saved_searches.site_id', 'saved_searches.name', 'saved_searches.path'])
    .where('saved_searches.notify', '=', 'Instant')
    .where('saved_searches.active', '=', 1)
    .where('users.is_blocked', '=', 0)
    .orderBy('saved_searches.id')
    .execute()
  const matches: AlertMatch[] = []
  for (const search of searches) {
    const site = sites.siteWithId(search.site_id)
    const request = site && (await resolveSearchPath(db, site, search.path))
    if (!site || !request) continue
    const matching = await listingIdsMatching(db, { criteria: request.criteria, location: request.location, scopeBits: site.listingScopeBits }, listingIds)
    for (const listingId of listingIds.filter((id) => matching.includes(id))) {
      matches.push({ userId: search.user_id, siteId: search.site_id, listingId, search: { id: search.id, name: search.name } })
    }
  }
  return matches
}

/** The favourites among the listings whose price dropped or that are back on the market, of accounts that keep favourite alerts on. */
async function favoriteMatches(db: Kysely<Database>, changes: ListingChange[]): Promise<AlertMatch[]> {
  const listingIds = changes.filter((change) => change.reason !== 'new').map((change) => change.listingId)
  if (listingIds.length === 0) return []
  const rows = await db
    .selectFrom('saved_properties')
    .innerJoin('users', 'users.id', 'saved_properties.user_id')
    .select(['saved_properties.user_id', 'saved_properties.site_id', 'saved_properties.listing_id'])
    .where('saved_properties.listing_id', 'in', listingIds)
    .where('users.favorite_alerts', '=', 1)
    .where('users.is_blocked', '=', 0)
    .orderBy('saved_properties.id')
    .execute()
  return rows.map((row) => ({ userId: row.user_id, siteId: row.site_id, listingId: row.listing_id }))
}

/** The line before a listing: what changed, and why the buyer hears of it. */
function changeLine(change: ListingChange, listing: ListingSummary, item: AlertBatch['items'][number]) {
  const what = {
    new: 'New listing',
    'price-drop': `Price reduced from ${formatPrice(change.previousPrice ?? 0)} to ${formatPrice(listing.price)}`,
    'back-on-market': 'Back on the market',
  }[change.reason]
  const why = [...item.searches.map((search) => `your saved search “${search.name}”`), ...(item.isFavorite ? ['your favorites'] : [])]
  return `${what} (${why.join(', ')}):`
}

/** The signed link that stops the account's instant alerts, on the site that sent them. */
export function unsubscribeToken(userId: number) {
  return signValue(unsubscribeTokenPurpose, String(userId))
}

/** The listings of the alerts, as their cards read. */
async function listingsById(db: Kysely<Database>, listingIds: number[]) {
  const rows = await selectListingSummaries(db).where('listings.id', 'in', listingIds).execute()
  return new Map(rows.map((row) => [row.id, toListingSummary(row)]))
}

/** What one account's alert e-mail needs: its reader, its listings and what changed about each. */
interface AlertToSend {
  user: { id: number; email: string; contact_name: string }
  batch: AlertBatch
  listings: ReadonlyMap<number, ListingSummary>
  changeOf: ReadonlyMap<number, ListingChange>
}

/**
 * Sends one account's alert: every listing it follows that changed, each with its link and what
 * changed, and a List-Unsubscribe link (RFC 8058 one-click) that works without logging in. False
 * when the mail server refused it or could not be reached.
 */
async function deliverAlert(sendMail: Mailer, sites: SiteDirectory, { user, batch, listings, changeOf }: AlertToSend) {
  const from = (batch.siteIds.length === 1 && sites.siteWithId(batch.siteIds[0]!)) || sites.defaultSite
  const lines = batch.items.flatMap((item) => {
    const listing = listings.get(item.listingId)
    const site = sites.siteWithId(item.siteId)
    if (!listing || !site) return []
    return [changeLine(changeOf.get(item.listingId)!, listing, item), listingLines(listing, `${sites.originOf(site)}${listingPath(site, listing)}`), '']
  })
  const unsubscribe = `${sites.originOf(from)}${instantAlertsUnsubscribePath(unsubscribeToken(user.id))}`
  try {
    await sendMail(from.name, {
      to: user.email,
      subject: alertSubject(batch.items.length, from.name),
      text: [
        `Hello ${user.contact_name},`,
        '',
        ...lines,
        `Your saved searches and how often they e-mail you: ${sites.originOf(from)}${accountPaths.savedSearches}`,
        `Stop these instant alerts: ${unsubscribe}`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    })
    return true
  } catch (error) {
    console.error(`The instant alert to account ${user.id} failed`, error)
    return false
  }
}

/** The readers of the batches, unblocked. */
async function alertReaders(db: Kysely<Database>, userIds: number[]) {
  return db.selectFrom('users').select(['id', 'email', 'contact_name']).where('id', 'in', userIds).where('is_blocked', '=', 0).execute()
}

/** Keeps a failed alert to be tried again a minute on (the cursor has moved past its events). */
async function keepForRetry(db: Kysely<Database>, { user, batch, changeOf }: AlertToSend, now: Date) {
  const items: AlertItemToRetry[] = batch.items.map((item) => ({
    listingId: item.listingId,
    siteId: item.siteId,
    reason: changeOf.get(item.listingId)!.reason,
    previousPrice: changeOf.get(item.listingId)!.previousPrice,
    searchIds: item.searches.map((search) => search.id),
    isFavorite: item.isFavorite,
  }))
  await db
    .insertInto('instant_alert_retries')
    .values({
      user_id: user.id,
      items: JSON.stringify(items),
      attempts: 1,
      next_attempt_at: nextAlertAttemptAt(1, now)!.toISOString(),
      created_at: now.toISOString(),
    })
    .execute()
}

/**
 * Sends the alerts of the events past the cursor: one e-mail per account. An e-mail that fails is
 * kept for `retryInstantAlerts`. `sites` says where links point (the configured origins, decision 0046).
 */
export async function sendInstantAlerts(db: Kysely<Database>, sendMail: Mailer, sites: SiteDirectory, now = new Date()): Promise<InstantAlertRun> {
  const changes = await changesForSale(db, listingChanges(await claimEvents(db)))
  const run: InstantAlertRun = { changed: changes.length, sent: 0, failed: 0 }
  if (changes.length === 0) return run
  const listingIds = changes.map((change) => change.listingId)
  const matches = [...(await savedSearchMatches(db, sites, listingIds)), ...(await favoriteMatches(db, changes))]
  if (matches.length === 0) return run
  const batches = batchAlerts(matches)
  const listings = await listingsById(
    db,
    batches.flatMap((batch) => batch.items.map((item) => item.listingId)),
  )
  const changeOf = new Map(changes.map((change) => [change.listingId, change]))
  const users = await alertReaders(
    db,
    batches.map((batch) => batch.userId),
  )
  for (const batch of batches) {
    const user = users.find((candidate) => candidate.id === batch.userId)
    if (!user) continue
    const alert = { user, batch, listings, changeOf }
    if (await deliverAlert(sendMail, sites, alert)) run.sent += 1
    else {
      run.failed += 1
      await keepForRetry(db, alert, now)
    }
  }
  return run
}

export interface AlertRetryRun {
  sent: number
  failed: number
  /** Failed for the last time: no more attempts. */
  gaveUp: number
  /** No longer wanted: the account, its saved searches, its favourite alerts or the listings are gone. */
  dropped: number
}

/** How long a claimed retry is left to its process before another may take it (the job's lease, decision 0066). */
const retryClaimMs = 10 * 60_000

/**
 * What of a kept alert is still wanted now: each listing still for sale, with the saved searches
 * that are still the account's, 'Instant' and active, and the favourite while the account keeps
 * favourite alerts on and the listing among its favourites. Undefined when nothing is.
 */
async function stillWanted(db: Kysely<Database>, userId: number, items: AlertItemToRetry[]) {
  const forSale = new Set((await changesForSale(db, items)).map((item) => item.listingId))
  const searches = await db
    .selectFrom('saved_searches')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where('notify', '=', 'Instant')
    .where('active', '=', 1)
    .execute()
  const favorites = await db
    .selectFrom('saved_properties')
    .innerJoin('users', 'users.id', 'saved_properties.user_id')
    .select('saved_properties.listing_id')
    .where('saved_properties.user_id', '=', userId)
    .where('users.favorite_alerts', '=', 1)
    .where(
      'saved_properties.listing_id',
      'in',
      items.map((item) => item.listingId),
    )
    .execute()
  const batch: AlertBatch = { userId, siteIds: [], items: [] }
  for (const item of items.filter((candidate) => forSale.has(candidate.listingId))) {
    const itemSearches = searches.filter((search) => item.searchIds.includes(search.id))
    const isFavorite = item.isFavorite && favorites.some((favorite) => favorite.listing_id === item.listingId)
    if (itemSearches.length === 0 && !isFavorite) continue
    batch.items.push({ listingId: item.listingId, siteId: item.siteId, searches: itemSearches, isFavorite })
    if (!batch.siteIds.includes(item.siteId)) batch.siteIds.push(item.siteId)
  }
  return batch.items.length > 0 ? batch : undefined
}

/**
 * Tries again the alert e-mails that failed and are due: each is claimed by one conditional update
 * (one process sends it), sent with what of it is still wanted, and removed once sent, so it goes
 * once; a failure waits 1, 5 then 30 minutes, and the fourth failure gives it up.
 */
export async function retryInstantAlerts(db: Kysely<Database>, sendMail: Mailer, sites: SiteDirectory, now = new Date()): Promise<AlertRetryRun> {
  const run: AlertRetryRun = { sent: 0, failed: 0, gaveUp: 0, dropped: 0 }
  const due = await db.selectFrom('instant_alert_retries').selectAll().where('next_attempt_at', '<=', now.toISOString()).orderBy('id').execute()
  for (const retry of due) {
    const claim = await db
      .updateTable('instant_alert_retries')
      .set({ next_attempt_at: new Date(now.getTime() + retryClaimMs).toISOString() })
      .where('id', '=', retry.id)
      .where('next_attempt_at', '=', retry.next_attempt_at)
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) !== 1) continue
    const items = JSON.parse(retry.items) as AlertItemToRetry[]
    const [user] = await alertReaders(db, [retry.user_id])
    const batch = user && (await stillWanted(db, retry.user_id, items))
    const forget = () => db.deleteFrom('instant_alert_retries').where('id', '=', retry.id).execute()
    if (!user || !batch) {
      await forget()
      run.dropped += 1
      continue
    }
    const listings = await listingsById(
      db,
      batch.items.map((item) => item.listingId),
    )
    const changeOf = new Map(items.map((item) => [item.listingId, item]))
    if (await deliverAlert(sendMail, sites, { user, batch, listings, changeOf })) {
      await forget()
      run.sent += 1
      continue
    }
    run.failed += 1
    const attempts = retry.attempts + 1
    const nextAttempt = nextAlertAttemptAt(attempts, now)
    if (!nextAttempt) {
      await forget()
      run.gaveUp += 1
    } else {
      await db.updateTable('instant_alert_retries').set({ attempts, next_attempt_at: nextAttempt.toISOString() }).where('id', '=', retry.id).execute()
    }
  }
  return run
}

/** The account of an unsubscribe token; undefined for a token this server did not sign. */
export function accountOfUnsubscribeToken(token: string) {
  const value = verifySignedValue(unsubscribeTokenPurpose, token)
  const userId = Number(value)
  return value !== undefined && Number.isSafeInteger(userId) && userId > 0 ? userId : undefined
}

/** Stops an account's instant alerts: its 'Instant' saved searches e-mail no more, nor do its favourites. */
export async function stopInstantAlerts(db: Kysely<Database>, userId: number) {
  await db.updateTable('saved_searches').set({ notify: 'No Updates' }).where('user_id', '=', userId).where('notify', '=', 'Instant').execute()
  await db.updateTable('users').set({ favorite_alerts: 0 }).where('id', '=', userId).execute()
}

/** Whether the account hears of its favourites' price drops and returns to the market. */
export async function hasFavoriteAlerts(db: Kysely<Database>, userId: number) {
  const row = await db.selectFrom('users').select('favorite_alerts').where('id', '=', userId).executeTakeFirst()
  return row?.favorite_alerts === 1
}

/** Turns the account's favourite alerts on or off (the Favorites page's switch). */
export async function setFavoriteAlerts(db: Kysely<Database>, userId: number, isOn: boolean) {
  await db
    .updateTable('users')
    .set({ favorite_alerts: isOn ? 1 : 0 })
    .where('id', '=', userId)
    .execute()
}
