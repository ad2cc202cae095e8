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
  type AlertMatch,
  alertSubject,
  batchAlerts,
  instantAlertsUnsubscribePath,
  type ListingChange,
  listingChanges,
  unsubscribeTokenPurpose,
} from './instant-alerts'
import { listingLines } from './saved-search-updates.server'

/**
 * The instant alerts job (issue 38 item 4, decision 0071): every minute it reads the listings'
 * history past its cursor, finds the listings new, cheaper or back on the market, matches them
 * against the 'Instant' saved searches (with the search engine's own where-condition) and the
 * favourites, and sends each account one e-mail for all of them.
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
    .select(['saved_searches.user_id', 'saved_searches.site_id', 'saved_searches.name', 'saved_searches.path'])
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
      matches.push({ userId: search.user_id, siteId: search.site_id, listingId, searchName: search.name })
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
  const why = [...item.searchNames.map((name) => `your saved search “${name}”`), ...(item.isFavorite ? ['your favorites'] : [])]
  return `${what} (${why.join(', ')}):`
}

/** The signed link that stops the account's instant alerts, on the site that sent them. */
export function unsubscribeToken(userId: number) {
  return signValue(unsubscribeTokenPurpose, String(userId))
}

/**
 * Sends the alerts of the events past the cursor: one e-mail per account, every listing it follows
 * that changed, each with its link and what changed; with a List-Unsubscribe link (RFC 8058 one-click)
 * that works without logging in. `sites` says where links point (the configured origins, decision 0046).
 */
export async function sendInstantAlerts(db: Kysely<Database>, sendMail: Mailer, sites: SiteDirectory): Promise<InstantAlertRun> {
  const changes = await changesForSale(db, listingChanges(await claimEvents(db)))
  const run: InstantAlertRun = { changed: changes.length, sent: 0, failed: 0 }
  if (changes.length === 0) return run
  const listingIds = changes.map((change) => change.listingId)
  const matches = [...(await savedSearchMatches(db, sites, listingIds)), ...(await favoriteMatches(db, changes))]
  if (matches.length === 0) return run
  const batches = batchAlerts(matches)
  const listings = new Map(
    (
      await selectListingSummaries(db)
        .where(
          'listings.id',
          'in',
          batches.flatMap((batch) => batch.items.map((item) => item.listingId)),
        )
        .execute()
    ).map((row) => [row.id, toListingSummary(row)]),
  )
  const changeOf = new Map(changes.map((change) => [change.listingId, change]))
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'contact_name'])
    .where(
      'id',
      'in',
      batches.map((batch) => batch.userId),
    )
    .execute()
  for (const batch of batches) {
    const user = users.find((candidate) => candidate.id === batch.userId)
    const sender = batch.siteIds.length === 1 ? sites.siteWithId(batch.siteIds[0]!) : sites.defaultSite
    if (!user || !sender) continue
    const lines = batch.items.flatMap((item) => {
      const listing = listings.get(item.listingId)
      const site = sites.siteWithId(item.siteId)
      if (!listing || !site) return []
      return [changeLine(changeOf.get(item.listingId)!, listing, item), listingLines(listing, `${sites.originOf(site)}${listingPath(site, listing)}`), '']
    })
    const unsubscribe = `${sites.originOf(sender)}${instantAlertsUnsubscribePath(unsubscribeToken(user.id))}`
    try {
      await sendMail(sender.name, {
        to: user.email,
        subject: alertSubject(batch.items.length, sender.name),
        text: [
          `Hello ${user.contact_name},`,
          '',
          ...lines,
          `Your saved searches and how often they e-mail you: ${sites.originOf(sender)}${accountPaths.savedSearches}`,
          `Stop these instant alerts: ${unsubscribe}`,
        ].join('\n'),
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      })
      run.sent += 1
    } catch (error) {
      // The cursor has moved on: a failed alert is not retried (its news is minutes old by the next run; decision 0071).
      console.error(`The instant alert to account ${user.id} failed`, error)
      run.failed += 1
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
