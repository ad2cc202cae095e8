import { type Insertable, type Kysely, type Transaction, sql } from 'kysely'
import type { Database, ListingHistoryTable } from '~/models/db/db-schema'
import { dialectOf, preparedStatement } from '~/models/db/dialect.server'
import { offTheSitesStatuses } from '~/models/listings/enumerations'
import { activeStatuses, findListingPathFieldsOf } from '~/models/listings/listing.server'
import {
  type AlsoListedBy,
  freshness,
  isoDaysBefore,
  type ListingHistoryEvent,
  type ListingHistoryKind,
  listingHistoryKind,
  listingHistoryView,
  statusChangeKind,
  unconfirmedDays,
} from './listing-history'
import { isSameProperty, nearbyBox } from '~/models/listings/listing-quality.server'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import type { listingPath } from '~/models/listings/listing-path'

type Writer = Kysely<Database> | Transaction<Database>
type ListingPathFields = Parameters<typeof listingPath>[1]

/** What a write changes that the history records. */
interface ListingState {
  price: number
  status: number
}

/**
 * The history's ids in commit order, for the instant alerts' cursor (decision 0071). PostgreSQL
 * hands out ids before commit, so a transaction may commit id 10 after another committed id 11,
 * and a reader past 11 would never see 10. Each history write holds this advisory lock shared till
 * its commit (a feed import commits each record at once); a reader that gets it exclusively knows
 * every id up to the newest is committed. SQLite writes one transaction at a time and needs none.
 */
const historyOrderLock = 710_043

async function holdHistoryOrder(db: Writer) {
  if (dialectOf(db) === 'postgres') await sql`select pg_advisory_xact_lock_shared(${sql.lit(historyOrderLock)})`.execute(db)
}

/** The newest history id below which every id is committed; undefined while a history write is under way (PostgreSQL): ask again later. */
export async function committedHistoryEnd(db: Kysely<Database>): Promise<number | undefined> {
  const newest = async (reader: Writer) => {
    const row = await reader
      .selectFrom('listing_history')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
    return Number(row?.id ?? 0)
  }
  if (dialectOf(db) !== 'postgres') return newest(db)
  return db.transaction().execute(async (transaction) => {
    const { rows } = await sql<{ isLocked: boolean }>`select pg_try_advisory_xact_lock(${sql.lit(historyOrderLock)}) as "isLocked"`.execute(transaction)
    return rows[0]?.isLocked ? newest(transaction) : undefined
  })
}

/** A whole listing as written (`writeListing`), for the relist check. */
interface WrittenListing extends ListingState {
  latitude: number
  longitude: number
  acres: number
}

/** The listing's earlier incarnation: an older listing, no longer for sale, at the same point with the same size. */
async function findRelistedFrom(db: Writer, listingId: number, listing: WrittenListing) {
  const box = nearbyBox(listing)
  const candidates = await db
    .selectFrom('listings')
    .select(['id', 'latitude', 'longitude', 'acres'])
    .where('latitude', '>=', box.south)
    .where('latitude', '<=', box.north)
    .where('longitude', '>=', box.west)
    .where('longitude', '<=', box.east)
    .where('status', 'not in', [...activeStatuses, ...offTheSitesStatuses])
    .where('id', '<', listingId)
    .orderBy('id', 'desc')
    .execute()
  return candidates.find((candidate) => isSameProperty(candidate, listing))?.id
}

/**
 * The history of one write of a listing (a feed import, the sellers' tool, an approval): listed
 * (or relisted) when new, else a price change and a status change when they happened. It also
 * confirms the listing (its feed or seller just spoke for it) and keeps the row's last price
 * change, which search's price-change filter and the cards read, equal to the newest event's.
 */
export async function recordListingWrite(
  transaction: Transaction<Database>,
  listingId: number,
  previous: ListingState | undefined,
  listing: WrittenListing,
  now: string,
) {
  const events: Insertable<ListingHistoryTable>[] = []
  if (!previous) {
    const relatedListingId = await findRelistedFrom(transaction, listingId, listing)
    const kind = relatedListingId === undefined ? listingHistoryKind.listed : listingHistoryKind.relisted
    events.push({ listing_id: listingId, kind, happened_at: now, price: listing.price, related_listing_id: relatedListingId ?? null })
  } else if (previous.price !== listing.price) {
    events.push({ listing_id: listingId, kind: listingHistoryKind.priceChange, happened_at: now, price: listing.price, previous_price: previous.price })
  }
  const statusKind = previous && statusChangeKind(previous.status, listing.status)
  if (statusKind) events.push({ listing_id: listingId, kind: statusKind, happened_at: now, price: listing.price })
  if (events.length > 0) {
    await holdHistoryOrder(transaction)
    await transaction.insertInto('listing_history').values(events).execute()
  }
  const priceChange = events.find((event) => event.kind === listingHistoryKind.priceChange)
  await transaction
    .updateTable('listings')
    .set({
      ...confirmation(listing.status, now),
      ...(priceChange ? { price_change_amount: listing.price - previous!.price, price_changed_at: now } : {}),
    })
    .where('id', '=', listingId)
    .execute()
}

/** A listing for sale is confirmed now; one that is not for sale needs no confirming. */
function confirmation(status: number, now: string) {
  const isForSale = (activeStatuses as readonly number[]).includes(status)
  return { confirmed_at: isForSale ? now : null, freshness: freshness.confirmed }
}

/** A status change made on its own (the sellers' tool, a feed's retirement): the event, and the listing confirmed or no longer needing it. */
export async function recordStatusChange(db: Writer, listingIds: readonly number[], from: number, to: number, now: string) {
  const kind = statusChangeKind(from, to)
  if (!kind || listingIds.length === 0) return
  await holdHistoryOrder(db)
  await db
    .insertInto('listing_history')
    .columns(['listing_id', 'kind', 'happened_at', 'price'])
    .expression((eb) =>
      eb
        .selectFrom('listings')
        // Typed in the statement: PostgreSQL cannot infer a parameter's type in a select list.
        .select([eb.ref('id').as('listing_id'), sql<number>`${sql.lit(kind)}`.as('kind'), sql<string>`cast(${now} as text)`.as('happened_at'), 'price'])
        .where('id', 'in', listingIds),
    )
    .execute()
  await db.updateTable('listings').set(confirmation(to, now)).where('id', 'in', listingIds).execute()
}

/**
 * How recent a confirmation needs no other: freshness counts in days, and a partner's feed sends
 * every listing again each time it is pulled, which would otherwise rewrite every row (and its
 * indexes) on every import.
 */
const confirmationIntervalDays = 0.5

/** The feed or seller says these listings are still for sale, as they are. Returns how many were marked unconfirmed till now. */
export async function confirmListings(db: Writer, listingIds: readonly number[], now: string) {
  if (listingIds.length === 0) return 0
  const recently = isoDaysBefore(new Date(now), confirmationIntervalDays)
  const revived = await db
    .updateTable('listings')
    .set({ freshness: freshness.confirmed })
    .where('id', 'in', listingIds)
    .where('status', 'in', activeStatuses)
    .where('freshness', '<', freshness.confirmed)
    .executeTakeFirst()
  await db
    .updateTable('listings')
    .set({ confirmed_at: now })
    .where('id', 'in', listingIds)
    .where('status', 'in', activeStatuses)
    .where((eb) => eb.or([eb('confirmed_at', 'is', null), eb('confirmed_at', '<', recently)]))
    .execute()
  return Number(revived.numUpdatedRows)
}

/**
 * Moves listings for sale that nobody confirmed for 90 days to 'unconfirmed' and for 180 days out
 * of search (the minute jobs, and after the seed). Reads only the rows that change, from the
 * (freshness, confirmed_at) index. Returns how many changed.
 */
export async function refreshListingFreshness(db: Kysely<Database>, now: Date) {
  let changed = 0
  for (const [from, to, days] of [
    [freshness.confirmed, freshness.unconfirmed, unconfirmedDays.marked],
    [freshness.unconfirmed, freshness.hidden, unconfirmedDays.hidden],
    [freshness.confirmed, freshness.hidden, unconfirmedDays.hidden],
  ] as const) {
    const result = await db
      .updateTable('listings')
      .set({ freshness: to })
      .where('freshness', '=', from)
      .where('confirmed_at', '<', isoDaysBefore(now, days))
      .where('status', 'in', activeStatuses)
      .executeTakeFirst()
    changed += Number(result.numUpdatedRows)
  }
  if (changed > 0) await noteListingsChanged(db)
  return changed
}

/** The listing's history, oldest first. */
export async function findListingHistory(db: Kysely<Database>, listingId: number): Promise<ListingHistoryEvent[]> {
  const rows = await db
    .selectFrom('listing_history')
    .select(['kind', 'happened_at', 'price', 'previous_price', 'related_listing_id'])
    .where('listing_id', '=', listingId)
    .orderBy('happened_at')
    .orderBy('id')
    .$call(preparedStatement)
    .execute()
  return rows.map((row) => ({
    kind: row.kind as ListingHistoryKind,
    happenedAt: row.happened_at,
    price: row.price,
    previousPrice: row.previous_price,
    relatedListingId: row.related_listing_id,
  }))
}

/**
 * 'Also listed by …': the sellers the quality gate found listing this very property, either way
 * round: another partner's feed record linked to this listing (its own listing, if it has one), or
 * this listing's feed record linked to another listing.
 */
export async function findAlsoListedBy(db: Kysely<Database>, listingId: number): Promise<AlsoListedBy[]> {
  const linkedHere = db
    .selectFrom('feed_records')
    .innerJoin('feed_partners', 'feed_partners.id', 'feed_records.partner_id')
    .innerJoin('accounts', 'accounts.id', 'feed_partners.account_id')
    .leftJoin('listings', 'listings.id', 'feed_records.listing_id')
    .select(['listings.id as listing_id', 'accounts.company_name', 'accounts.contact_name'])
    .where('feed_records.duplicate_of_listing_id', '=', listingId)
  const linkedFromHere = db
    .selectFrom('feed_records')
    .innerJoin('listings', 'listings.id', 'feed_records.duplicate_of_listing_id')
    .innerJoin('accounts', 'accounts.id', 'listings.account_id')
    .select(['listings.id as listing_id', 'accounts.company_name', 'accounts.contact_name'])
    .where('feed_records.listing_id', '=', listingId)
  const rows = await linkedHere.unionAll(linkedFromHere).$call(preparedStatement).execute()
  const sellers = new Map<string, AlsoListedBy>()
  for (const row of rows) {
    const sellerName = row.company_name || row.contact_name
    const key = `${row.listing_id ?? sellerName}`
    if (row.listing_id !== listingId && !sellers.has(key)) sellers.set(key, { listingId: row.listing_id, sellerName })
  }
  return [...sellers.values()]
}

/** The page's history section: the events, days on market, freshness and the linked sellers, with links to listings this site shows. */
export async function loadListingHistoryView(
  db: Kysely<Database>,
  listing: { id: number; isUnconfirmed: boolean },
  { now, pathOf }: { now: Date; pathOf: (fields: ListingPathFields) => string },
) {
  const [events, alsoListedBy] = await Promise.all([findListingHistory(db, listing.id), findAlsoListedBy(db, listing.id)])
  const linkedIds = [...events.map((event) => event.relatedListingId), ...alsoListedBy.map((seller) => seller.listingId)].filter((id) => id !== null)
  const paths = await findListingPathFieldsOf(db, linkedIds)
  const hrefOf = (listingId: number) => {
    const fields = paths.get(listingId)
    return fields ? pathOf(fields) : null
  }
  return listingHistoryView({ events, alsoListedBy, isUnconfirmed: listing.isUnconfirmed }, { now, hrefOf })
}
