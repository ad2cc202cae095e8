import { type InferResult, type Kysely, sql } from 'kysely'
import { builtOncePerDatabase } from '~/models/db/built-once.server'
import type { Database } from '~/models/db/db-schema'
import { freshness } from '~/models/trust/listing-history'
import { isPaidListing } from './listing-rules'
import type { ListingSummary } from './listing-summary'

const excerptLength = 220
const cardImageCount = 5

/**
 * Listings joined to their places and broker, selecting what a card shows (spec §2 "Listing
 * card"). Callers narrow it with `where` and `orderBy`, or add columns with `select`.
 */
export const selectListingSummaries = builtOncePerDatabase((db: Kysely<Database>) =>
  db
    .selectFrom('listings')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .leftJoin('cities', 'cities.id', 'listings.city_id')
    .leftJoin('accounts', 'accounts.id', 'listings.account_id')
    .select([
      'listings.id',
      'listings.title',
      'listings.price',
      'listings.acres',
      'listings.status',
      'listings.sale_type',
      'listings.listing_level',
      'listings.upgrade_level',
      'listings.sales_price',
      'listings.sales_date',
      'listings.property_types',
      'listings.beds',
      'listings.baths',
      'listings.home_sqft',
      'listings.address1',
      'listings.zip',
      'listings.image_ids',
      'listings.created_at',
      'listings.price_change_amount',
      'listings.freshness',
      'listings.confirmed_at',
      'listings.latitude',
      'listings.longitude',
      'listings.account_id',
      // A little more than the excerpt, so the cut finds a word boundary without reading the whole text.
      sql<string>`substr(listings.description, 1, ${excerptLength + 20})`.as('description_start'),
      'counties.name as county_name',
      'counties.suffix as county_suffix',
      'states.name as state_name',
      'states.abbreviation as state_abbreviation',
      'cities.name as city_name',
      'accounts.contact_name',
      'accounts.company_name',
      'accounts.office_phone',
      'accounts.preferred_phone',
      'accounts.portrait_document_id',
      'accounts.logo_document_id',
      'accounts.is_free',
      'accounts.reply_within_hours',
      // Issue 38 item 3: whether the seller takes visit bookings for it, by its primary key (one index probe a card).
      (eb) =>
        eb
          .exists(
            eb.selectFrom('visit_booking_listings').select('visit_booking_listings.listing_id').whereRef('visit_booking_listings.listing_id', '=', 'listings.id'),
          )
          .as('takes_visits'),
    ]),
)

export type ListingSummaryRow = InferResult<ReturnType<typeof selectListingSummaries>>[number]

/** The first words of a description, cut at a word boundary. */
function excerptOf(text: string, length = excerptLength) {
  if (text.length <= length) return text
  const cut = text.slice(0, length + 1).replace(/\s+\S*$/, '')
  return `${(cut || text.slice(0, length)).replace(/[\s,;:.–-]+$/, '')}…`
}

/** Snake-case columns to the card's camelCase summary: the only place a summary row is mapped. */
export function toListingSummary(row: ListingSummaryRow): ListingSummary {
  const imageIds = JSON.parse(row.image_ids) as number[]
  const levels = { listingLevel: row.listing_level, upgradeLevel: row.upgrade_level }
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    acres: row.acres,
    status: row.status,
    saleType: row.sale_type,
    ...levels,
    salesPrice: row.sales_price,
    salesDate: row.sales_date,
    propertyTypes: row.property_types,
    beds: row.beds,
    baths: row.baths,
    homeSqft: row.home_sqft,
    address1: row.address1,
    cityName: row.city_name,
    countyName: `${row.county_name} ${row.county_suffix}`,
    stateName: row.state_name,
    stateAbbreviation: row.state_abbreviation,
    zip: row.zip,
    descriptionExcerpt: excerptOf(row.description_start),
    imageIds: imageIds.slice(0, cardImageCount),
    imageCount: imageIds.length,
    createdAt: row.created_at,
    priceChangeAmount: row.price_change_amount,
    isUnconfirmed: row.freshness < freshness.confirmed,
    confirmedAt: row.confirmed_at,
    latitude: row.latitude,
    longitude: row.longitude,
    takesVisits: Boolean(row.takes_visits),
    // Spec §2: paid listings (not free, not courtesy) show the broker block.
    broker:
      isPaidListing(levels) && row.contact_name !== null
        ? {
            accountId: row.account_id,
            contactName: row.contact_name,
            companyName: row.company_name ?? '',
            phone: row.preferred_phone ?? row.office_phone,
            portraitDocumentId: row.portrait_document_id,
            logoDocumentId: row.logo_document_id,
            isFree: row.is_free === 1,
            replyWithinHours: row.reply_within_hours,
          }
        : null,
  }
}
