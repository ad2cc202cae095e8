import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { checkDraftStep } from '~/models/sellers/listing-draft-fields'
import type { ListingDraftData } from '~/models/sellers/listing-draft'
import { createDraft, findSellerDraft } from '~/models/sellers/listing-drafts.server'
import { draftDataOfListing, publishDraft, reviewDraft } from '~/models/sellers/listing-publish.server'
import { changeListingStatus, deleteSellerListing } from '~/models/sellers/seller-listings.server'
import { findSellerScope } from '~/models/sellers/seller-scope.server'
import { folderPhotoStorage } from '~/models/media/folder-photo-storage.server'
import { freshPostgresDatabase, freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'
import { newOwnerSeller } from '../support/seller-drafts'

/**
 * The sellers' listing form (issue 15) below the pages: the step checks on a saved draft, the
 * gate's findings put to the seller, publishing, editing and the state changes, on SQLite and
 * PostgreSQL.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL
const states = new Set(['TX', 'VT'])
/** The drafts' photos are ids only: there is nothing to fingerprint. */
const noPhotos = folderPhotoStorage(path.join(os.tmpdir(), 'listing-drafts-no-photos'))

const complete: ListingDraftData = {
  state: 'TX',
  county: 'Travis County',
  city: 'Austin',
  latitude: '30.2672',
  longitude: '-97.7431',
  acres: '40',
  saleType: 'sale',
  price: '480000',
  propertyTypes: ['recreational-land'],
  activities: ['hunting'],
  title: 'Forty wooded acres with a creek',
  description: 'Oak and cedar, a spring-fed creek, and county road frontage.',
  photos: [
    { documentId: 4_000_000_001, caption: 'The creek' },
    { documentId: 4_000_000_002, caption: '' },
  ],
}

describe('the step checks', () => {
  test('each step answers with the spec §5 messages, and its own cross-field rules', () => {
    expect(checkDraftStep('place', {}, states)).toEqual({ state: ['This field is required.'], county: ['This field is required.'] })
    expect(checkDraftStep('place', { state: 'ZZ', county: 'Travis', latitude: '30.1', zip: '787' }, states)).toEqual({
      state: ['Please choose a state from the list.'],
      zip: ['Please enter a five-digit zip code.'],
      longitude: ['Please give both latitude and longitude, or neither.'],
    })
    expect(checkDraftStep('place', { state: 'TX', county: 'Travis', latitude: '91', longitude: 'west' }, states)).toEqual({
      latitude: ['This value must be at most 90.'],
      longitude: ['Please enter a number.'],
    })
    expect(checkDraftStep('price', { acres: '0', saleType: 'sale', price: '12.5' }, states)).toEqual({
      acres: ['This value must be at least 0.01.'],
      price: ['Please enter the price in whole dollars, without cents.'],
    })
    // Issue 34 item 8: a negative price is told to be positive, not to drop cents it does not have.
    expect(checkDraftStep('price', { acres: '5', saleType: 'sale', price: '-25000' }, states)).toEqual({ price: ['Please enter a price above $0.'] })
    expect(checkDraftStep('price', { acres: '5', saleType: 'sale' }, states).price?.[0]).toMatch(/^This field is required\./)
    expect(checkDraftStep('price', { acres: '5', saleType: 'sale', contactForPrice: 'on' }, states)).toEqual({})
    expect(checkDraftStep('price', { acres: '5', saleType: 'auction' }, states)).toEqual({})
    expect(checkDraftStep('features', { propertyTypes: ['homes'] }, states)).toEqual({
      beds: ['This field is required for a listing with a house.'],
      baths: ['This field is required for a listing with a house.'],
    })
    expect(
      checkDraftStep('description', { title: 'Call 512-555-0123 or see example.com', description: '<b>Great</b> land', videoUrl: 'https://example.com/v' }, states),
    ).toEqual({
      title: ['Please leave links, e-mail addresses and HTML out of the title: buyers contact you through the listing.'],
      description: ['Please leave links, e-mail addresses and HTML out of the description: buyers contact you through the listing.'],
      videoUrl: ['Please enter the address of a YouTube or Vimeo video.'],
    })
    expect(
      checkDraftStep('description', { title: 'Ridge', description: 'Woods', videoUrl: 'https://vimeo.com/12345', virtualTourUrl: 'https://tour.example/x' }, states),
    ).toEqual({})
    // Spec §3 external link types: the listing on the seller's site and the auction's page are web addresses.
    const links = { externalListingUrl: 'ridge-realty.example/ridge', auctionUrl: 'ftp://auctions.example/ridge' }
    expect(checkDraftStep('description', { title: 'Ridge', description: 'Woods', ...links }, states)).toEqual({
      externalListingUrl: ['Please enter a web address that starts with https://.'],
      auctionUrl: ['Please enter a web address that starts with https://.'],
    })
    expect(
      checkDraftStep(
        'description',
        { title: 'Ridge', description: 'Woods', externalListingUrl: 'https://ridge-realty.example/ridge', auctionUrl: 'https://auctions.example/ridge' },
        states,
      ),
    ).toEqual({})
  })
})

const targets = [
  { name: 'SQLite', enabled: true, open: async () => freshSqliteDatabase('listing-drafts') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, open: () => freshPostgresDatabase(postgresUrl!, 'listing_drafts') },
]

describe.each(targets)('drafts and publishing on $name', ({ enabled, open }) => {
  let db: Kysely<Database>
  let seller: NonNullable<Awaited<ReturnType<typeof findSellerScope>>>
  let other: NonNullable<Awaited<ReturnType<typeof findSellerScope>>>

  beforeAll(async () => {
    if (!enabled) return
    db = await migrateAndSeed(await open(), { listings: 600, seed: 7 })
    seller = await newOwnerSeller(db, 'drafts.seller@example.com')
    other = await newOwnerSeller(db, 'drafts.other@example.com')
  })

  afterAll(async () => {
    if (enabled) await db.destroy()
  })

  test.skipIf(!enabled)("a buyer who lists their land becomes a free owner-seller, and nobody else's draft is theirs", async () => {
    expect(seller.accountIds).toEqual([seller.accountId])
    const draftId = await createDraft(db, seller, complete)
    expect(await findSellerDraft(db, other, draftId)).toBeUndefined()
    expect((await findSellerDraft(db, seller, draftId))?.data.title).toBe(complete.title)
  })

  test.skipIf(!enabled)('a point in the next county stops publishing and names that county; fixed, the listing is written', async () => {
    const draftId = await createDraft(db, seller, { ...complete, latitude: '30.05', longitude: '-98.0' })
    const draft = (await findSellerDraft(db, seller, draftId))!
    const review = await reviewDraft(db, draft, states)
    expect(review.findings).toContainEqual({
      step: 'place',
      kind: 'stop',
      text: 'This point is in Hays County, not Travis County. Move the point onto the land, or correct the county.',
    })
    expect(review.isPublishable).toBe(false)
    expect((await publishDraft(db, seller, draft, { isConfirmed: true, stateAbbreviations: states, photoStorage: noPhotos })).ok).toBe(false)

    const fixed = { ...draft, data: { ...draft.data, latitude: complete.latitude, longitude: complete.longitude } }
    const outcome = await publishDraft(db, seller, fixed, { isConfirmed: false, stateAbbreviations: states, photoStorage: noPhotos })
    expect(outcome.ok).toBe(true)
    const listingId = (outcome as { listingId: number }).listingId
    const row = await db.selectFrom('listings').selectAll().where('id', '=', listingId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ account_id: seller.accountId, price: 480000, acres: 40, status: 1, listing_level: 3, partner_id: null, latitude: 30.2672 })
    expect(JSON.parse(row.image_ids)).toEqual([4_000_000_001, 4_000_000_002])
    expect(JSON.parse(row.photo_captions)).toEqual({ '4000000001': 'The creek' })
    expect(await findSellerDraft(db, seller, draftId)).toBeUndefined()

    // Editing starts from the listing as the seller would have typed it.
    const edit = await draftDataOfListing(db, row)
    expect(edit).toMatchObject({
      state: 'TX',
      county: 'Travis',
      acres: '40',
      price: '480000',
      saleType: 'sale',
      propertyTypes: ['recreational-land'],
      activities: ['hunting'],
    })
    expect(edit.photos).toEqual(complete.photos)
  })

  test.skipIf(!enabled)('a price far from the county is confirmed before it is published', async () => {
    const draftId = await createDraft(db, seller, { ...complete, acres: '400', price: '4000' })
    const draft = (await findSellerDraft(db, seller, draftId))!
    const review = await reviewDraft(db, draft, states)
    expect(review.findings.filter((finding) => finding.kind === 'confirm').map((finding) => finding.step)).toEqual(['price'])
    expect((await publishDraft(db, seller, draft, { isConfirmed: false, stateAbbreviations: states, photoStorage: noPhotos })).ok).toBe(false)
    expect((await publishDraft(db, seller, draft, { isConfirmed: true, stateAbbreviations: states, photoStorage: noPhotos })).ok).toBe(true)
  })

  test.skipIf(!enabled)("state changes follow the seller's rules, and another seller changes nothing", async () => {
    const draftId = await createDraft(db, seller, complete)
    const outcome = await publishDraft(db, seller, (await findSellerDraft(db, seller, draftId))!, {
      isConfirmed: false,
      stateAbbreviations: states,
      photoStorage: noPhotos,
    })
    const listingId = (outcome as { listingId: number }).listingId
    const status = async () => (await db.selectFrom('listings').select(['status', 'sales_price']).where('id', '=', listingId).executeTakeFirst()) ?? null
    expect(await changeListingStatus(db, other, listingId, { kind: 'pause' })).toBe('not-found')
    expect(await changeListingStatus(db, seller, listingId, { kind: 'back-on-market' })).toBe('not-allowed')
    expect(await changeListingStatus(db, seller, listingId, { kind: 'under-contract' })).toBe('changed')
    expect(await changeListingStatus(db, seller, listingId, { kind: 'sold', salesPrice: 470000, salesDate: '2026-11-01' })).toBe('changed')
    expect(await status()).toEqual({ status: 4, sales_price: 470000 })
    expect(await changeListingStatus(db, seller, listingId, { kind: 'resume' })).toBe('changed')
    expect(await status()).toEqual({ status: 1, sales_price: null })
    expect(await deleteSellerListing(db, other, listingId)).toBe('not-found')
    await db
      .insertInto('leads')
      .values({
        listing_id: listingId,
        account_id: seller.accountId,
        site_id: 0,
        name: 'Pat',
        email: 'pat@example.com',
        message: 'Hi',
        created_at: new Date().toISOString(),
      })
      .execute()
    expect(await deleteSellerListing(db, seller, listingId)).toBe('changed')
    expect(await status()).toBeNull()
    // The lead stays, without its listing.
    expect(await db.selectFrom('leads').select('listing_id').where('email', '=', 'pat@example.com').executeTakeFirst()).toEqual({ listing_id: null })
  })
})
