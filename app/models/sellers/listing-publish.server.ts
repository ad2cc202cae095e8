import type { Kysely } from 'kysely'
import type { Database, ListingRow, NewListing } from '~/models/db/db-schema'
import { auctionWithoutPrice, contactForPrice, listingLevel, marketStatus, saleType, upgradeLevel } from '~/models/listings/enumerations'
import { type ListingCandidate, type QualityVerdict, createListingQualityGate } from '~/models/listings/listing-quality.server'
import { writeListing } from '~/models/listings/listing-writes.server'
import type { PhotoStorage } from '~/models/media/photo-storage'
import { fingerprintPhotos, storeListingFingerprints } from '~/models/trust/scam-fingerprints.server'
import { hasOpenHold, recordScamReview } from '~/models/trust/scam-reviews.server'
import { screenSellerListing, screenedFieldsOf } from '~/models/trust/scam-screen.server'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import { type DraftErrors, type FormStepKey, checkDraftStep, draftActivityOptions, draftPropertyTypeOptions, houseTypeKey } from './listing-draft-fields'
import { type DraftFinding, type DraftStepKey, type ListingDraftData, draftSteps } from './listing-draft'
import { draftFieldRulesOnServer } from './listing-draft-rules.server'
import { type ListingDraft, deleteDraft } from './listing-drafts.server'
import type { SellerScope } from './seller-scope.server'

/**
 * From a seller's draft to a listing on the sites (issue 15): the checks of every step, the
 * listing-quality gate's findings in words, and the write. The gate is the feeds' (decision 0014):
 * a seller's listing passes the same checks as a partner's, but a seller is asked, not overruled:
 * a point outside the county stops publishing until it is fixed, and a price or size far from the
 * county's must be confirmed.
 */

export interface DraftReview {
  errors: Partial<Record<FormStepKey, DraftErrors>>
  findings: DraftFinding[]
  /** Every step complete and nothing stops it (confirmations may still be asked). */
  isPublishable: boolean
  needsConfirmation: boolean
}

const formSteps = ['place', 'price', 'features', 'description'] as const satisfies readonly FormStepKey[]

/** A gate loads the places once and remembers prices for its life: a fresh one every ten minutes follows the market. */
const gateLifetimeMs = 10 * 60_000
const gates = new WeakMap<Kysely<Database>, { gate: ReturnType<typeof createListingQualityGate>; createdAt: number }>()
function qualityGate(db: Kysely<Database>) {
  let entry = gates.get(db)
  if (!entry || Date.now() - entry.createdAt > gateLifetimeMs) gates.set(db, (entry = { gate: createListingQualityGate(db), createdAt: Date.now() }))
  return entry.gate
}

const numberOrNull = (text: string | undefined) => (text?.trim() ? Number(text) : null)
const bitsOf = (keys: readonly string[] | undefined, options: readonly { key: string; bits: number }[]) =>
  options.filter((option) => keys?.includes(option.key)).reduce((bits, option) => bits | option.bits, 0)
const keysOf = (bits: number, options: readonly { key: string; bits: number }[]) =>
  options.filter((option) => (bits & option.bits) === option.bits).map((option) => option.key)

/** The stored price (spec §5): whole dollars, 2 for an auction without one, 0 for 'Contact for Price'. */
function storedPrice(data: ListingDraftData) {
  if (data.contactForPrice === 'on') return contactForPrice
  const price = numberOrNull(data.price)
  return price ?? (data.saleType === 'auction' ? auctionWithoutPrice : contactForPrice)
}

function candidateOf(data: ListingDraftData, listingId: number | null, checksPrice: boolean): ListingCandidate {
  return {
    stateAbbreviation: data.state ?? '',
    county: data.county ?? '',
    city: data.city?.trim() || null,
    zip: data.zip?.trim() || null,
    latitude: numberOrNull(data.latitude),
    longitude: numberOrNull(data.longitude),
    acres: checksPrice ? Number(data.acres) : 1,
    price: checksPrice ? storedPrice(data) : contactForPrice,
    saleType: data.saleType === 'auction' ? saleType.auction : saleType.sale,
    partnerId: null,
    listingId,
  }
}

/** The gate's findings as a seller reads them, each on the step where it is fixed. */
function findingsOf(verdict: QualityVerdict, data: ListingDraftData): DraftFinding[] {
  const county = data.county?.trim() ?? ''
  const countyWithSuffix = /\b(county|parish|borough)$/i.test(county) ? county : `${county} County`
  return verdict.reasons.flatMap((reason): DraftFinding[] => {
    switch (reason.code) {
      case 'UNKNOWN_COUNTY':
        return [{ step: 'place', kind: 'stop', text: `There is no ${countyWithSuffix} in ${data.state}. Check the county's spelling.` }]
      case 'POINT_OUTSIDE_COUNTY':
      case 'POINT_FROM_ZIP':
      case 'POINT_FROM_CITY':
        if (verdict.pointCounty) {
          const { name, suffix, stateAbbreviation } = verdict.pointCounty
          const where = stateAbbreviation === data.state ? `${name} ${suffix}` : `${name} ${suffix}, ${stateAbbreviation}`
          return [{ step: 'place', kind: 'stop', text: `This point is in ${where}, not ${countyWithSuffix}. Move the point onto the land, or correct the county.` }]
        }
        if (reason.code === 'POINT_OUTSIDE_COUNTY') {
          return [{ step: 'place', kind: 'stop', text: `This point is not in ${countyWithSuffix}. Move the point onto the land, or correct the county.` }]
        }
        return [
          {
            step: 'place',
            kind: 'note',
            text: `The map shows the listing at ${reason.code === 'POINT_FROM_ZIP' ? `zip code ${reason.detail}` : reason.detail}, in ${countyWithSuffix}. Click the map or give latitude and longitude to place it on the land itself.`,
          },
        ]
      case 'NO_LOCATION':
        return [
          {
            step: 'place',
            kind: 'stop',
            text: `Give the point of the land (click the map, or enter latitude and longitude), or a zip code or city in ${countyWithSuffix}.`,
          },
        ]
      case 'CITY_WAS_COUNTY':
      case 'CITY_NOT_FOUND': {
        const nearestCity = reason.detail.split('→ ')[1]
        return [{ step: 'place', kind: 'note', text: `'${data.city}' is not a city in ${data.state}; the listing names ${nearestCity}, the nearest city, instead.` }]
      }
      case 'SQUARE_FEET_AS_ACRES':
        return [
          {
            step: 'price',
            kind: 'confirm',
            text: `${Number(data.acres).toLocaleString('en-US')} acres is unusually large for the price: is the size in square feet?`,
          },
        ]
      case 'PRICE_LOOKS_PER_ACRE':
        return [
          {
            step: 'price',
            kind: 'confirm',
            text: `The price is about what one acre costs in ${countyWithSuffix}: is it the price per acre? Enter the price of the whole property.`,
          },
        ]
      case 'PRICE_PER_ACRE_OUTLIER': {
        const [perAcre, median] = reason.detail.match(/\$[\d,]+/g) ?? []
        return [
          {
            step: 'price',
            kind: 'confirm',
            text: `${perAcre} an acre is far from what comparable land in ${countyWithSuffix} is listed at (about ${median} an acre).`,
          },
        ]
      }
      default:
        return []
    }
  })
}

/** The draft's state: each form step's messages, and, once the place (or everything) is complete, the gate's findings. */
export async function reviewDraft(
  db: Kysely<Database>,
  draft: Pick<ListingDraft, 'data' | 'listingId'>,
  stateAbbreviations: ReadonlySet<string>,
): Promise<DraftReview> {
  return (await checkDraft(db, draft, stateAbbreviations)).review
}

/** The review, and the gate's verdict it rests on (undefined until the place is complete), which publishing writes from. */
async function checkDraft(db: Kysely<Database>, draft: Pick<ListingDraft, 'data' | 'listingId'>, stateAbbreviations: ReadonlySet<string>) {
  const errors: DraftReview['errors'] = {}
  for (const step of formSteps) {
    const stepErrors = checkDraftStep(step, draft.data, stateAbbreviations, draftFieldRulesOnServer)
    if (Object.keys(stepErrors).length > 0) errors[step] = stepErrors
  }
  const findings: DraftFinding[] = []
  const verdict = errors.place ? undefined : await qualityGate(db).check(candidateOf(draft.data, draft.listingId, !errors.price))
  if (verdict) findings.push(...findingsOf(verdict, draft.data))
  if (!draft.data.photos?.length) findings.push({ step: 'photos', kind: 'note', text: 'The listing has no photos yet: buyers pass over listings without them.' })
  const isComplete = Object.keys(errors).length === 0
  const review: DraftReview = {
    errors,
    findings,
    isPublishable: isComplete && !findings.some((finding) => finding.kind === 'stop'),
    needsConfirmation: findings.some((finding) => finding.kind === 'confirm'),
  }
  return { review, verdict }
}

/** The first step with a message or a finding that stops publishing, if any. */
export function firstUnfinishedStep(review: DraftReview): DraftStepKey | undefined {
  return draftSteps.find(
    (step) =>
      (step.key in review.errors && review.errors[step.key as FormStepKey]) ||
      review.findings.some((finding) => finding.step === step.key && finding.kind === 'stop'),
  )?.key
}

/** The listing's row from a complete draft; what the draft does not set (status, tier, sale) is kept from the listing it edits. */
async function listingRowOf(db: Kysely<Database>, draft: ListingDraft, verdict: QualityVerdict, previous: ListingRow | undefined, now: string): Promise<NewListing> {
  const { data } = draft
  const place = verdict.place!
  const photos = data.photos ?? []
  const account = await db.selectFrom('accounts').select('is_free').where('id', '=', draft.accountId).executeTakeFirstOrThrow()
  const hasHouse = data.propertyTypes?.includes(houseTypeKey) ?? false
  return {
    account_id: previous?.account_id ?? draft.accountId,
    partner_id: null,
    external_source_id: null,
    state_id: place.stateId,
    county_id: place.countyId,
    city_id: place.cityId,
    region_id: place.regionId,
    zip: place.zip,
    address1: data.address?.trim() || null,
    title: data.title!.trim(),
    description: data.description!.trim(),
    price: storedPrice(data),
    acres: Number(data.acres),
    sale_type: data.saleType === 'auction' ? saleType.auction : saleType.sale,
    listing_level: previous?.listing_level ?? (account.is_free ? listingLevel.free : listingLevel.standard),
    upgrade_level: previous?.upgrade_level ?? upgradeLevel.tier,
    status: previous?.status ?? marketStatus.available,
    sales_price: previous?.sales_price ?? null,
    sales_date: previous?.sales_date ?? null,
    sale_price_source: previous?.sale_price_source ?? null,
    property_types: bitsOf(data.propertyTypes, draftPropertyTypeOptions),
    activities: bitsOf(data.activities, draftActivityOptions),
    amenities: previous?.amenities ?? 0,
    beds: hasHouse ? numberOrNull(data.beds) : null,
    baths: hasHouse ? numberOrNull(data.baths) : null,
    home_sqft: hasHouse ? numberOrNull(data.homeSquareFeet) : null,
    latitude: place.latitude,
    longitude: place.longitude,
    has_video: data.videoUrl?.trim() ? 1 : 0,
    video_url: data.videoUrl?.trim() || null,
    has_virtual_tour: data.virtualTourUrl?.trim() ? 1 : 0,
    virtual_tour_url: data.virtualTourUrl?.trim() || null,
    external_listing_url: data.externalListingUrl?.trim() || null,
    auction_url: data.auctionUrl?.trim() || null,
    has_custom_map: previous?.has_custom_map ?? 0,
    mineral_rights: data.mineralRights === 'on' ? 1 : 0,
    owner_financing: data.ownerFinancing === 'on' ? 1 : 0,
    image_ids: JSON.stringify(photos.map((photo) => photo.documentId)),
    photo_captions: JSON.stringify(Object.fromEntries(photos.filter((photo) => photo.caption).map((photo) => [photo.documentId, photo.caption]))),
    price_change_amount: previous?.price_change_amount ?? null,
    price_changed_at: previous?.price_changed_at ?? null,
    contact_name: null,
    contact_phone: data.contactPhone?.trim() || null,
    contact_email: null,
    created_at: now,
    updated_at: now,
  }
}

/** `isHeld`: the scam screen (or an open review) holds the listing for an administrator, off the sites (decision 0068). */
export type PublishOutcome = { ok: true; listingId: number; isHeld: boolean } | { ok: false; review: DraftReview }

/**
 * Publishes the draft: a new listing goes on the sites as available; an edit replaces the
 * listing's fields (a new price is recorded as a price change). Refused while a step is incomplete,
 * something stops it, or a finding waits for the seller's confirmation. The draft is then gone.
 * The scam screen reads every publish: past its threshold (or while an earlier hold is open) the
 * listing is written but held for an administrator, and its fingerprints are stored either way.
 */
export async function publishDraft(
  db: Kysely<Database>,
  scope: SellerScope,
  draft: ListingDraft,
  { isConfirmed, stateAbbreviations, photoStorage }: { isConfirmed: boolean; stateAbbreviations: ReadonlySet<string>; photoStorage: PhotoStorage },
): Promise<PublishOutcome> {
  const { review, verdict } = await checkDraft(db, draft, stateAbbreviations)
  if (!review.isPublishable || !verdict || (review.needsConfirmation && !isConfirmed)) return { ok: false, review }
  const previous = draft.listingId === null ? undefined : await findEditableListing(db, scope, draft.listingId)
  if (draft.listingId !== null && !previous) return { ok: false, review: { ...review, isPublishable: false, findings: [...review.findings, listingGoneFinding] } }
  const now = new Date().toISOString()
  const row = await listingRowOf(db, draft, verdict, previous, now)
  const photos = await fingerprintPhotos(JSON.parse(row.image_ids) as number[], photoStorage)
  const screen = await screenSellerListing(
    db,
    { ...screenedFieldsOf(row), listingId: draft.listingId, photos, contactPhone: row.contact_phone ?? null },
    { accountId: row.account_id!, accountIds: scope.accountIds },
  )
  const isHeld = screen.isHeld || (draft.listingId !== null && (await hasOpenHold(db, draft.listingId)))
  const listingId = await db.transaction().execute(async (transaction) => {
    const id = await writeListing(transaction, draft.listingId, row, now)
    await deleteDraft(transaction, draft)
    if (screen.isHeld) await recordScamReview(transaction, { listingId: id, cause: 'screen', signals: screen.signals, score: screen.score, hold: true })
    return id
  })
  await storeListingFingerprints(db, { listingId, owner: { kind: 'accounts', accountIds: [row.account_id!] }, description: row.description, photos })
  await noteListingsChanged(db)
  return { ok: true, listingId, isHeld }
}

const listingGoneFinding: DraftFinding = { step: 'review', kind: 'stop', text: 'The listing this draft changes has been deleted or is no longer yours.' }

/** A listing of the scope the seller may change here: not one a partner feed owns. */
export async function findEditableListing(db: Kysely<Database>, scope: SellerScope, listingId: number) {
  return db
    .selectFrom('listings')
    .selectAll()
    .where('id', '=', listingId)
    .where('account_id', 'in', scope.accountIds)
    .where('partner_id', 'is', null)
    .executeTakeFirst()
}

/** The draft that edits a published listing: its fields as the seller would have typed them. */
export async function draftDataOfListing(db: Kysely<Database>, listing: ListingRow): Promise<ListingDraftData> {
  const place = await db
    .selectFrom('counties')
    .innerJoin('states', 'states.id', 'counties.state_id')
    .leftJoin('cities', (join) => join.on('cities.id', '=', listing.city_id ?? -1))
    .select(['counties.name as county', 'states.abbreviation as state', 'cities.name as city'])
    .where('counties.id', '=', listing.county_id)
    .executeTakeFirstOrThrow()
  const captions = JSON.parse(listing.photo_captions) as Record<string, string>
  const text = (value: number | null) => (value === null ? undefined : String(value))
  const flag = (value: number) => (value ? 'on' : undefined)
  const isContactForPrice = listing.price < auctionWithoutPrice || (listing.price === auctionWithoutPrice && listing.sale_type === saleType.sale)
  return {
    state: place.state,
    county: place.county,
    city: place.city ?? undefined,
    zip: listing.zip ?? undefined,
    address: listing.address1 ?? undefined,
    latitude: String(listing.latitude),
    longitude: String(listing.longitude),
    acres: String(listing.acres),
    saleType: listing.sale_type === saleType.auction ? 'auction' : 'sale',
    price: listing.price > auctionWithoutPrice ? String(listing.price) : undefined,
    contactForPrice: flag(Number(isContactForPrice)),
    propertyTypes: keysOf(listing.property_types, draftPropertyTypeOptions),
    activities: keysOf(listing.activities, draftActivityOptions),
    beds: text(listing.beds),
    baths: text(listing.baths),
    homeSquareFeet: text(listing.home_sqft),
    mineralRights: flag(listing.mineral_rights),
    ownerFinancing: flag(listing.owner_financing),
    title: listing.title,
    description: listing.description,
    videoUrl: listing.video_url ?? undefined,
    virtualTourUrl: listing.virtual_tour_url ?? undefined,
    externalListingUrl: listing.external_listing_url ?? undefined,
    auctionUrl: listing.auction_url ?? undefined,
    contactPhone: listing.contact_phone ?? undefined,
    photos: (JSON.parse(listing.image_ids) as number[]).map((documentId) => ({ documentId, caption: captions[documentId] ?? '' })),
    savedSteps: draftSteps.map((step) => step.key),
  }
}
