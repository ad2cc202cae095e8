import type { Insertable, Kysely, Selectable, Transaction } from 'kysely'
import type { Database, FeedPartnerTable, FeedRecordTable, NewListing } from '~/models/db/db-schema'
import { listingLevel, upgradeLevel } from '~/models/listings/enumerations'
import type { QualityVerdict } from '~/models/listings/listing-quality.server'
import type { PhotoFetcher } from './feed-photos.server'
import type { FeedPhoto } from './feed-reader.server'
import type { RecordReason } from './feed-reasons'
import type { FeedListing } from './feed-record.server'

/** Writing a checked feed record: its listing, and the partner record that remembers it. */

export type FeedPartner = Pick<Selectable<FeedPartnerTable>, 'id' | 'name' | 'account_id' | 'feed_format' | 'grace_hours' | 'sends_generated_data'>

/** The listing row of a checked record; `photoIds` are its stored photos' document ids, in the feed's order. */
export function listingRow(
  partner: Pick<FeedPartner, 'id' | 'account_id' | 'sends_generated_data'>,
  record: FeedListing,
  verdict: QualityVerdict,
  photoIds: number[],
  now: string,
): NewListing {
  const place = verdict.place!
  return {
    account_id: partner.account_id,
    partner_id: partner.id,
    external_source_id: record.partnerListingId,
    state_id: place.stateId,
    county_id: place.countyId,
    city_id: place.cityId,
    region_id: place.regionId,
    zip: place.zip,
    address1: record.address,
    title: record.title,
    description: record.description,
    price: record.price,
    acres: Math.round(verdict.acres * 100) / 100,
    sale_type: record.saleType,
    listing_level: listingLevel.standard,
    upgrade_level: upgradeLevel.tier,
    status: record.status,
    sales_price: record.salesPrice,
    sales_date: record.salesDate,
    sale_price_source: record.salesPrice === null ? null : partner.sends_generated_data ? 'generated' : 'feed',
    property_types: record.propertyTypes,
    activities: record.activities,
    amenities: 0,
    beds: record.beds,
    baths: record.baths,
    home_sqft: record.homeSquareFeet,
    latitude: place.latitude,
    longitude: place.longitude,
    has_video: record.videoUrl ? 1 : 0,
    video_url: record.videoUrl,
    has_virtual_tour: record.virtualTourUrl ? 1 : 0,
    virtual_tour_url: record.virtualTourUrl,
    external_listing_url: record.externalListingUrl,
    auction_url: record.auctionUrl,
    has_custom_map: 0,
    mineral_rights: record.mineralRights ? 1 : 0,
    owner_financing: record.ownerFinancing ? 1 : 0,
    image_ids: JSON.stringify(photoIds),
    price_change_amount: null,
    price_changed_at: null,
    contact_name: record.contactName,
    contact_phone: record.contactPhone,
    contact_email: record.contactEmail,
    created_at: now,
    updated_at: now,
  }
}

export const feedRecordKey = (partnerId: number, partnerListingId: string) => ({ partner_id: partnerId, partner_listing_id: partnerListingId })

export async function saveFeedRecord(db: Kysely<Database> | Transaction<Database>, values: Insertable<FeedRecordTable>) {
  const { partner_id: _partner, partner_listing_id: _id, ...changes } = values
  await db
    .insertInto('feed_records')
    .values(values)
    .onConflict((conflict) => conflict.columns(['partner_id', 'partner_listing_id']).doUpdateSet(changes))
    .execute()
}

/** Each photo's upload id, in the feed's order: a URL the partner's feed gave before is not downloaded again; a failed one is reported. */
export async function storeListingPhotos(
  db: Kysely<Database>,
  { partnerId, photos, fetcher, now }: { partnerId: number; photos: FeedPhoto[]; fetcher: PhotoFetcher; now: string },
) {
  if (photos.length === 0) return { documentIds: [], failures: [] }
  const stored = await db
    .selectFrom('feed_photos')
    .select(['url', 'document_id'])
    .where('partner_id', '=', partnerId)
    .where(
      'url',
      'in',
      photos.map((photo) => photo.url),
    )
    .execute()
  const known = new Map(stored.map((row) => [row.url, row.document_id]))
  const results = await Promise.all(
    photos.map(async (photo) => {
      const documentId = known.get(photo.url)
      if (documentId !== undefined) return { ok: true as const, documentId }
      const result = await fetcher.fetchPhoto(photo.url)
      if (result.ok) {
        await db
          .insertInto('feed_photos')
          .values({ partner_id: partnerId, url: photo.url, document_id: result.documentId, fetched_at: now })
          .onConflict((conflict) => conflict.columns(['partner_id', 'url']).doUpdateSet({ document_id: result.documentId }))
          .execute()
      }
      return result
    }),
  )
  const failures: RecordReason[] = results.flatMap((result, index) =>
    result.ok ? [] : [{ code: 'PHOTO_FAILED' as const, detail: `${photos[index]!.url.slice(0, 200)}: ${result.reason} (${result.detail})` }],
  )
  return { documentIds: results.flatMap((result) => (result.ok ? [result.documentId] : [])), failures }
}
