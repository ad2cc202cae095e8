import { type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely'
import { builtOncePerDatabase } from '~/models/db/built-once.server'
import type { Database } from '~/models/db/db-schema'
import { filteredColumn, preparedStatement } from '~/models/db/dialect.server'
import { auctionWithoutPrice, offTheSitesStatuses } from './enumerations'
import { latitudeBand, latitudeBandsOf } from './latitude-bands'
import type { ListingDetail } from './listing-detail'
import { activeStatuses } from './listing.server'
import type { ListingSummary } from './listing-summary'
import { selectListingSummaries, toListingSummary } from './listing-summary.server'

/**
 * How far "nearby" reaches, in degrees of latitude, tried in turn until enough listings are
 * found: about 17, 40 and 100 miles each way. The latitude band index reads a box as a few
 * quarter-degree bands over its longitudes (latitude-bands.ts), so a wider box costs in
 * proportion to its area; most listings find company in the smallest box.
 */
const nearbyDegreeSteps = [0.25, 0.6, 1.5] as const
const defaultCardCount = 6

/**
 * On the site: spec §1 "Content can be limited to specific sites" (the site's property-type bits;
 * 0 is every listing), and not held or removed by the scam review (decision 0068).
 */
export function inSiteScope(scopeBits: number) {
  const onSomeSite = sql<SqlBool>`listings.status not in (${sql.join(offTheSitesStatuses.map((status) => sql.lit(status)))})`
  return scopeBits === 0 ? onSomeSite : sql<SqlBool>`(listings.property_types & ${scopeBits}) <> 0 and ${onSomeSite}`
}

/** A listing's card columns and the rest of what its page shows. */
const selectListingDetails = builtOncePerDatabase((db: Kysely<Database>) =>
  selectListingSummaries(db).select([
    'listings.state_id',
    'listings.county_id',
    'listings.city_id',
    'listings.description',
    'listings.activities',
    'listings.amenities',
    'listings.video_url',
    'listings.virtual_tour_url',
    'listings.external_listing_url',
    'listings.auction_url',
    'listings.has_custom_map',
    'listings.mineral_rights',
    'listings.owner_financing',
    'listings.price_changed_at',
    'listings.updated_at',
    'listings.partner_id',
    'listings.photo_captions',
    // Aliased: the summary already selects the account's contact_name.
    'listings.contact_name as listing_contact_name',
    'listings.contact_phone as listing_contact_phone',
    'accounts.license_number',
    'accounts.description as broker_description',
    'accounts.alc_certified',
    'accounts.alc_advanced_certified',
    'accounts.broker_type',
  ]),
)

/** One listing with everything its page shows, or undefined when unknown or outside the site's scope (a 404). */
export async function findListingDetail(db: Kysely<Database>, listingId: number, { scopeBits }: { scopeBits: number }): Promise<ListingDetail | undefined> {
  const row = await selectListingDetails(db).where('listings.id', '=', listingId).where(inSiteScope(scopeBits)).$call(preparedStatement).executeTakeFirst()
  if (!row) return undefined
  const summary = toListingSummary(row)
  return {
    ...summary,
    stateId: row.state_id,
    countyId: row.county_id,
    cityId: row.city_id,
    description: row.description,
    imageIds: JSON.parse(row.image_ids) as number[],
    photoCaptions: JSON.parse(row.photo_captions) as Record<string, string>,
    activities: row.activities,
    amenities: row.amenities,
    videoUrl: row.video_url,
    virtualTourUrl: row.virtual_tour_url,
    externalListingUrl: row.external_listing_url,
    auctionUrl: row.auction_url,
    hasCustomMap: row.has_custom_map === 1,
    mineralRights: row.mineral_rights === 1,
    ownerFinancing: row.owner_financing === 1,
    priceChangedAt: row.price_changed_at,
    updatedAt: row.updated_at,
    isFromPartnerFeed: row.partner_id !== null,
    // The agent a feed names, or the phone a seller gave this listing, speaks for it.
    broker: summary.broker && {
      ...summary.broker,
      contactName: row.listing_contact_name ?? summary.broker.contactName,
      phone: row.listing_contact_phone ?? summary.broker.phone,
      licenseNumber: row.license_number,
      description: row.broker_description ?? '',
      alcCertified: row.alc_certified === 1,
      alcAdvancedCertified: row.alc_advanced_certified === 1,
      brokerType: row.broker_type,
    },
  }
}

/** Listings by id, whatever their status, for pages that name listings found elsewhere (a valuation's comparable sales). */
export async function findListingSummaries(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, ListingSummary>> {
  if (ids.length === 0) return new Map()
  const rows = await selectListingSummaries(db).where('listings.id', 'in', ids).$call(preparedStatement).execute()
  return new Map(rows.map((row) => [row.id, toListingSummary(row)]))
}

/** The broker's other active listings on the site, best tier and newest first (spec §3 "otherListings"). */
export async function findOtherListingsByBroker(
  db: Kysely<Database>,
  { accountId, excludeListingId, scopeBits, limit = defaultCardCount }: { accountId: number; excludeListingId: number; scopeBits: number; limit?: number },
): Promise<ListingSummary[]> {
  const rows = await selectListingSummaries(db)
    .where('listings.account_id', '=', accountId)
    .where('listings.status', 'in', activeStatuses)
    .where('listings.id', '!=', excludeListingId)
    .where(inSiteScope(scopeBits))
    .orderBy('listings.upgrade_level', 'desc')
    .orderBy('listings.created_at', 'desc')
    .orderBy('listings.id', 'desc')
    .limit(limit)
    .$call(preparedStatement)
    .execute()
  return rows.map(toListingSummary)
}

type SimilarTo = Pick<ListingDetail, 'id' | 'countyId' | 'latitude' | 'longitude' | 'acres' | 'price'>

/**
 * Active listings like this one nearby: the same county first, then by distance. A first pass
 * asks for half to twice the acres and price; when that finds too few, the rest are filled with
 * any nearby listing, so a sold listing's page always offers somewhere else to look. A page that
 * lists the broker's other land already leaves that broker out (`excludeAccountId`): no card twice.
 */
export async function findSimilarListings(
  db: Kysely<Database>,
  listing: SimilarTo,
  { scopeBits, excludeAccountId, limit = defaultCardCount }: { scopeBits: number; excludeAccountId?: number; limit?: number },
): Promise<ListingSummary[]> {
  const hasPrice = listing.price > auctionWithoutPrice
  const latitudeOffset = sql`(listings.latitude - ${listing.latitude})`
  const longitudeOffset = sql`(listings.longitude - ${listing.longitude})`
  /** The same county first, then the nearest, then the lowest id. */
  const nearestFirst = <Query extends SelectQueryBuilder<Database, 'listings', object>>(query: Query) =>
    query
      .orderBy(sql`case when listings.county_id = ${listing.countyId} then 0 else 1 end`)
      .orderBy(sql`${latitudeOffset} * ${latitudeOffset} + ${longitudeOffset} * ${longitudeOffset}`)
      .orderBy('listings.id') as Query
  // The ids from the latitude band index alone (it carries what the box filters and sorts on), so
  // only the few listings shown are read from the table, in the same query.
  const nearby = async (excludeIds: number[], isLikeThisOne: boolean, degrees: number) => {
    // Degrees of longitude shrink towards the poles; the box stays about square on the ground.
    const longitudeDegrees = degrees / Math.max(0.2, Math.cos((listing.latitude * Math.PI) / 180))
    const nearbyIds = db
      .selectFrom('listings')
      .select('listings.id')
      // Most listings are active: checked row by row, SQLite's planner stays off the status index
      // and on the band one (0.4 ms instead of 18 on 20,000 listings).
      .where(filteredColumn(db, 'listings.status'), 'in', activeStatuses)
      .where('listings.id', 'not in', [listing.id, ...excludeIds])
      .where(inSiteScope(scopeBits))
      .$if(excludeAccountId !== undefined, (query) => query.where('listings.account_id', '!=', excludeAccountId!))
      .where(latitudeBand('listings.latitude'), 'in', latitudeBandsOf(listing.latitude - degrees, listing.latitude + degrees))
      .where('listings.latitude', '>=', listing.latitude - degrees)
      .where('listings.latitude', '<=', listing.latitude + degrees)
      .where('listings.longitude', '>=', listing.longitude - longitudeDegrees)
      .where('listings.longitude', '<=', listing.longitude + longitudeDegrees)
      // Acres and price ranges must filter, not drive the scan (the acres index made a wide box
      // take 170 ms instead of 1 on 100,000 listings).
      .$if(isLikeThisOne, (query) => query.where((eb) => eb.between(filteredColumn(db, 'listings.acres'), listing.acres / 2, listing.acres * 2)))
      .$if(isLikeThisOne && hasPrice, (query) =>
        query.where((eb) => eb.between(filteredColumn(db, 'listings.price'), Math.floor(listing.price / 2), listing.price * 2)),
      )
      .$call(nearestFirst)
      .limit(limit - excludeIds.length)
    const rows = await selectListingSummaries(db).where('listings.id', 'in', nearbyIds).$call(nearestFirst).$call(preparedStatement).execute()
    return rows.map(toListingSummary)
  }
  /** The first box, smallest first, that holds enough; the widest box's answer otherwise. */
  const nearest = async (excludeIds: number[], isLikeThisOne: boolean) => {
    let found: ListingSummary[] = []
    for (const degrees of nearbyDegreeSteps) {
      found = await nearby(excludeIds, isLikeThisOne, degrees)
      if (found.length >= limit - excludeIds.length) break
    }
    return found
  }
  const alike = await nearest([], true)
  return alike.length < limit
    ? [
        ...alike,
        ...(await nearest(
          alike.map((summary) => summary.id),
          false,
        )),
      ]
    : alike
}
