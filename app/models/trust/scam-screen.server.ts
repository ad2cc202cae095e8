import type { Kysely } from 'kysely'
import type { Database, NewListing } from '~/models/db/db-schema'
import { saleType } from '~/models/listings/enumerations'
import { isOwnerSeller } from '~/models/listings/listing-rules'
import { landUseOf } from '~/models/valuation/valuation-model'
import type { DifferenceHash } from './photo-fingerprint.server'
import { minimumComparables, sizeBandOf } from './price-context'
import { type ListingOwner, mostSimilarOtherOwnersText, nearestOtherOwnersPhoto, wholePhotoHashes } from './scam-fingerprints.server'
import { type ScamVerdict, screenFeedRecordForScam, screenForScam } from './scam-screen'

/**
 * The scam screen's look-ups (issue 38 item 1, decision 0068): the account's age, kind and phone,
 * the comparable land's median price per acre (the stored price contexts' groups), and the nearest
 * copies among other owners' fingerprints; then the pure rules (scam-screen.ts) decide.
 */

/** The listing as the screen reads it. */
export interface ListingToScreen {
  /** Null for a new listing. */
  listingId: number | null
  countyId: number
  regionId: number | null
  stateId: number
  propertyTypes: number
  amenities: number
  acres: number
  price: number
  saleType: number
  description: string
  /** Each photo's fingerprints (fingerprintPhotos). */
  photos: readonly DifferenceHash[][]
}

/** The screened fields of a listing row as it is written. */
export const screenedFieldsOf = (
  row: Pick<NewListing, 'county_id' | 'region_id' | 'state_id' | 'property_types' | 'amenities' | 'acres' | 'price' | 'sale_type' | 'description'>,
) => ({
  countyId: row.county_id,
  regionId: row.region_id ?? null,
  stateId: row.state_id,
  propertyTypes: row.property_types,
  amenities: row.amenities,
  acres: row.acres,
  price: row.price,
  saleType: row.sale_type,
  description: row.description,
})

const digitsOf = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')

/** The median price per acre of land comparable to this (same use and size band; its county, else region, else state); null without one. */
async function comparableMedianPricePerAcre(db: Kysely<Database>, listing: Pick<ListingToScreen, 'countyId' | 'regionId' | 'stateId' | 'propertyTypes' | 'acres'>) {
  const groups = await db
    .selectFrom('price_context_groups')
    .select(['area_kind', 'area_id', 'for_sale', 'sold', 'median_price_per_acre'])
    .where('land_use', '=', landUseOf(listing.propertyTypes))
    .where('size_band', '=', sizeBandOf(listing.acres))
    .where((eb) =>
      eb.or([
        eb.and([eb('area_kind', '=', 'county'), eb('area_id', '=', listing.countyId)]),
        eb.and([eb('area_kind', '=', 'region'), eb('area_id', '=', listing.regionId ?? -1)]),
        eb.and([eb('area_kind', '=', 'state'), eb('area_id', '=', listing.stateId)]),
      ]),
    )
    .execute()
  const chosen = (['county', 'region', 'state'] as const)
    .map((kind) => groups.find((group) => group.area_kind === kind))
    .find((group) => group !== undefined && (group.area_kind === 'state' || group.for_sale + group.sold >= minimumComparables))
  return chosen?.median_price_per_acre ?? null
}

/** The price per acre over the comparables' median, for a priced sale; null otherwise. */
async function priceToComparables(db: Kysely<Database>, listing: ListingToScreen) {
  if (listing.saleType !== saleType.sale || listing.price <= 2 || !(listing.acres > 0)) return null
  const median = await comparableMedianPricePerAcre(db, listing)
  return median ? listing.price / listing.acres / median : null
}

/** What copies of other owners' listings this listing shows: the nearest photo in bits and the most similar description. */
async function copiesOf(db: Kysely<Database>, listing: ListingToScreen, owner: ListingOwner) {
  const [nearestCopiedPhotoBits, mostSimilarOtherText] = await Promise.all([
    nearestOtherOwnersPhoto(db, wholePhotoHashes(listing.photos), owner, listing.listingId),
    mostSimilarOtherOwnersText(db, listing.description, owner, listing.listingId),
  ])
  return { nearestCopiedPhotoBits, mostSimilarOtherText }
}

/** The full screen, for a listing from the sellers' tool: the account's signals, the contact phone, the price, the words and the copies. */
export async function screenSellerListing(
  db: Kysely<Database>,
  listing: ListingToScreen & { contactPhone: string | null },
  seller: { accountId: number; accountIds: readonly number[] },
  now = Date.now(),
): Promise<ScamVerdict> {
  const account = await db
    .selectFrom('accounts')
    .select(['created_at', 'broker_type', 'office_phone', 'preferred_phone'])
    .where('id', '=', seller.accountId)
    .executeTakeFirstOrThrow()
  const accountPhones = [account.office_phone, account.preferred_phone].map(digitsOf).filter(Boolean)
  const contactPhone = digitsOf(listing.contactPhone)
  const [ratio, copies] = await Promise.all([priceToComparables(db, listing), copiesOf(db, listing, { kind: 'accounts', accountIds: seller.accountIds })])
  return screenForScam({
    accountAgeDays: (now - Date.parse(account.created_at)) / 86_400_000,
    isLicensedBroker: !isOwnerSeller(account.broker_type),
    propertyTypes: listing.propertyTypes,
    amenities: listing.amenities,
    priceToComparables: ratio,
    // A phone on the listing that is none of the account's: buyers are steered to someone else.
    contactDiffersFromAccount: contactPhone !== '' && accountPhones.length > 0 && !accountPhones.includes(contactPhone),
    description: listing.description,
    ...copies,
  })
}

/** The feeds' lighter screen, for a partner's new or changed record: the price, the words and the copies (of another partner's or an account's listings). */
export async function screenFeedListing(db: Kysely<Database>, listing: ListingToScreen, partnerId: number): Promise<ScamVerdict> {
  const [ratio, copies] = await Promise.all([priceToComparables(db, listing), copiesOf(db, listing, { kind: 'partner', partnerId })])
  return screenFeedRecordForScam({ priceToComparables: ratio, description: listing.description, ...copies })
}
