import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser } from '~/models/accounts/user.server'
import type { Database } from '~/models/db/db-schema'
import { heldForReviewStatus, marketStatus } from '~/models/listings/enumerations'
import { createListingReport } from '~/models/listings/listing-activity.server'
import { findListingDetail } from '~/models/listings/listing-detail.server'
import { folderPhotoStorage } from '~/models/media/folder-photo-storage.server'
import { buildPhotoSvg } from '~/models/media/photo-scene'
import { storePhoto } from '~/models/media/photo-store.server'
import type { ListingDraftData } from '~/models/sellers/listing-draft'
import { createDraft, findSellerDraft } from '~/models/sellers/listing-drafts.server'
import { publishDraft } from '~/models/sellers/listing-publish.server'
import type { SellerScope } from '~/models/sellers/seller-scope.server'
import { sites } from '~/sites/index'
import { siteDirectory } from '~/sites/site-origin.server'
import { holdingReporters, noteScamReport, reporterKeyOf } from '~/models/trust/scam-reports.server'
import { decideScamReview, openScamReviews } from '~/models/trust/scam-reviews.server'
import { backfillCursorName, backfillFingerprintsFromCursor, backfillListingFingerprints } from '~/models/trust/scam-fingerprint-backfill.server'
import { readJobCursor } from '~/models/jobs/job-cursors.server'
import { photoFingerprints } from '~/models/trust/photo-fingerprint.server'
import { screenedFieldsOf, screenFeedListing } from '~/models/trust/scam-screen.server'
import { freshPostgresDatabase, freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'
import { newOwnerSeller } from '../support/seller-drafts'
import { catchOutgoingMail, readableText, waitForMail } from '../support/smtp'

/**
 * The scam shield (issue 38 item 1, decision 0068) on SQLite and PostgreSQL: a listing that copies
 * another account's photo and description is held off the site, an honest one is published, an
 * administrator's approval puts the held one on the site and e-mails its seller, and scam reports
 * from enough different reporters take a listing off the site, one reporter counting once; and
 * the backfill fingerprints listings written before the screen, so a copy of an old one is held;
 * and the feeds' lighter screen finds a partner's copy of an account's listing.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL
const states = new Set(['TX'])
const photoFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'scam-reviews-photos-'))
const photoStorage = folderPhotoStorage(photoFolder)
const outgoing = catchOutgoingMail()

const description =
  'Forty acres of rolling pasture with a spring-fed pond, mature oaks along the creek, county road frontage on two sides, electricity at the road and a well drilled in 2019. Fenced and cross-fenced for cattle, with a pole barn and good hunting for deer and turkey.'

const listingData = (documentId: number, text: string): ListingDraftData => ({
  state: 'TX',
  county: 'Travis County',
  city: 'Austin',
  latitude: '30.2672',
  longitude: '-97.7431',
  acres: '40',
  saleType: 'sale',
  price: '480000',
  propertyTypes: ['recreational-land'],
  title: 'Forty acres with a pond',
  description: text,
  photos: [{ documentId, caption: '' }],
})

async function uploaded(photo: Buffer) {
  const stored = await storePhoto(photo, photoStorage)
  if (!stored.ok) throw new Error(stored.detail)
  return stored.documentId
}

const targets = [
  { name: 'SQLite', enabled: true, open: async () => freshSqliteDatabase('scam-reviews') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, open: () => freshPostgresDatabase(postgresUrl!, 'scam_reviews') },
]

describe.each(targets)('the scam shield on $name', ({ enabled, open }) => {
  let db: Kysely<Database>
  let honest: SellerScope
  let copier: SellerScope
  let originalId: number
  let copyId: number
  const onTheSite = async (listingId: number) => (await findListingDetail(db, listingId, { scopeBits: 0 })) !== undefined

  async function publish(seller: SellerScope, data: ListingDraftData) {
    const draftId = await createDraft(db, seller, data)
    const outcome = await publishDraft(db, seller, (await findSellerDraft(db, seller, draftId))!, { isConfirmed: true, stateAbbreviations: states, photoStorage })
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.review))
    return outcome
  }

  beforeAll(async () => {
    if (!enabled) return
    db = await migrateAndSeed(await open(), { listings: 400, seed: 11 })
    honest = await newOwnerSeller(db, 'honest.owner@example.com')
    copier = await newOwnerSeller(db, 'copier@example.com')
  })

  afterAll(async () => {
    if (enabled) await db.destroy()
  })

  test.skipIf(!enabled)('an honest new owner’s listing is published; a copy of its photo and words from another account is held off the site', async () => {
    const photo = await sharp(Buffer.from(buildPhotoSvg(5_000)))
      .jpeg({ quality: 85 })
      .toBuffer()
    const original = await publish(honest, listingData(await uploaded(photo), description))
    expect(original.isHeld).toBe(false)
    originalId = original.listingId
    expect(await onTheSite(originalId)).toBe(true)

    const croppedCopy = await sharp(photo).extract({ left: 0, top: 40, width: 1480, height: 987 }).jpeg({ quality: 60 }).toBuffer()
    const copy = await publish(copier, listingData(await uploaded(croppedCopy), description.replace('Forty acres', '40 acres').replace('in 2019', 'recently')))
    expect(copy.isHeld).toBe(true)
    copyId = copy.listingId
    expect(await onTheSite(copyId)).toBe(false)
    const [review] = (await openScamReviews(db)).filter((item) => item.listingId === copyId)
    expect(review?.signals).toEqual(expect.arrayContaining(['PHOTO_COPIED_FROM_ANOTHER_ACCOUNT', 'TEXT_COPIED_FROM_ANOTHER_ACCOUNT']))
    expect(review?.isHeld).toBe(true)
  })

  test.skipIf(!enabled)('the original’s seller changing it later is not held: a listing is compared only with listings written before it', async () => {
    const original = await db.selectFrom('listings').select('image_ids').where('id', '=', originalId).executeTakeFirstOrThrow()
    const [documentId] = JSON.parse(original.image_ids) as number[]
    const draftId = await createDraft(db, honest, { ...listingData(documentId!, description), title: 'Forty acres with a pond and a barn' }, originalId)
    const outcome = await publishDraft(db, honest, (await findSellerDraft(db, honest, draftId))!, { isConfirmed: true, stateAbbreviations: states, photoStorage })
    expect(outcome).toMatchObject({ ok: true, isHeld: false })
    expect(await onTheSite(originalId)).toBe(true)
  })

  test.skipIf(!enabled)('an administrator’s approval puts the held listing on the site with its status before, and e-mails its seller', async () => {
    const review = (await openScamReviews(db)).find((item) => item.listingId === copyId)!
    const admin = (await createUser(db, { email: 'scam.admin@example.com', password: 'admin-pass-1', contactName: 'Ada Admin', newsletter: false }))!
    expect(await decideScamReview(db, { reviewId: review.id, decision: 'approve', userId: admin }, { site: sites.land, directory: siteDirectory })).toBe(true)
    expect(await onTheSite(copyId)).toBe(true)
    expect((await db.selectFrom('listings').select('status').where('id', '=', copyId).executeTakeFirstOrThrow()).status).toBe(marketStatus.available)
    const mail = await waitForMail(outgoing, 'copier@example.com', /now on the sites/)
    expect(mail && readableText(mail)).toContain(`/account/listings/${copyId}/`)
    // Decided once: a second decision finds nothing open.
    expect(await decideScamReview(db, { reviewId: review.id, decision: 'remove', userId: admin }, { site: sites.land, directory: siteDirectory })).toBe(false)
  })

  test.skipIf(!enabled)(
    `scam reports from ${holdingReporters} different reporters take a listing off the site; one reporter reporting again counts once`,
    async () => {
      const report = async (address: string) => {
        await createListingReport(db, {
          listing_id: originalId,
          site_id: sites.land.siteId,
          reason: 'fraud',
          details: '',
          reporter_email: null,
          reporter_key: reporterKeyOf(address),
        })
        return noteScamReport(db, originalId)
      }
      expect(await report('203.0.113.1')).toBe(1)
      expect(await report('203.0.113.1')).toBe(1)
      expect(await report('203.0.113.1')).toBe(1)
      expect(await onTheSite(originalId)).toBe(true)
      expect((await openScamReviews(db)).find((item) => item.listingId === originalId)).toMatchObject({ cause: 'reports', isHeld: false, fraudReports: 3 })
      expect(await report('203.0.113.2')).toBe(2)
      expect(await onTheSite(originalId)).toBe(true)
      expect(await report('198.51.100.9')).toBe(3)
      expect(await onTheSite(originalId)).toBe(false)
      expect((await db.selectFrom('listings').select('status').where('id', '=', originalId).executeTakeFirstOrThrow()).status).toBe(heldForReviewStatus)
      expect((await openScamReviews(db)).find((item) => item.listingId === originalId)).toMatchObject({ isHeld: true, signals: ['SCAM_REPORTS'] })
    },
  )

  test.skipIf(!enabled)("the backfill job's cursor is in the database: each run, in whichever process, goes on after the last", async () => {
    const before = (await readJobCursor(db, backfillCursorName)) ?? 0
    expect(await backfillFingerprintsFromCursor(db, photoStorage, { batch: 1 })).toBe(1)
    const after = (await readJobCursor(db, backfillCursorName))!
    expect(after).toBeGreaterThan(before)
    await backfillFingerprintsFromCursor(db, photoStorage, { batch: 1 })
    expect(await readJobCursor(db, backfillCursorName)).toBeGreaterThan(after)
  })

  test.skipIf(!enabled)(
    'the backfill fingerprints old listings in batches resuming after the last id read; a copy of an old seed listing is then held',
    async () => {
      const fingerprintRows = async (listingId: number) =>
        (await db.selectFrom('listing_photo_fingerprints').select('listing_id').where('listing_id', '=', listingId).execute()).length
      const first = await backfillListingFingerprints(db, photoStorage, { batch: 2 })
      expect(first.read).toBe(2)
      const second = await backfillListingFingerprints(db, photoStorage, { afterId: first.lastId!, batch: 2 })
      expect(second.read).toBe(2)
      expect(second.lastId!).toBeGreaterThan(first.lastId!)
      // The next batch from the lowest id skips the four fingerprinted: it starts after them.
      const resumed = await backfillListingFingerprints(db, photoStorage, { batch: 1 })
      expect(resumed.lastId!).toBeGreaterThan(second.lastId!)

      const old = await db.selectFrom('listings').select(['id', 'image_ids', 'description']).where('id', '=', first.lastId!).executeTakeFirstOrThrow()
      expect(await fingerprintRows(old.id)).toBeGreaterThan(0)
      const [documentId] = JSON.parse(old.image_ids) as number[]
      const photo = await sharp(Buffer.from(buildPhotoSvg(documentId!)))
        .jpeg({ quality: 85 })
        .toBuffer()
      const { width, height } = await sharp(photo).metadata()
      const cropped = await sharp(photo)
        .extract({ left: Math.round(width! * 0.06), top: 0, width: Math.round(width! * 0.94), height: Math.round(height! * 0.94) })
        .jpeg({ quality: 60 })
        .toBuffer()
      const copy = await publish(copier, listingData(await uploaded(cropped), `${old.description} Serious buyers only.`))
      expect(copy.isHeld).toBe(true)
      expect(await onTheSite(copy.listingId)).toBe(false)
      const review = (await openScamReviews(db)).find((item) => item.listingId === copy.listingId)
      expect(review?.signals).toEqual(expect.arrayContaining(['PHOTO_COPIED_FROM_ANOTHER_ACCOUNT', 'TEXT_COPIED_FROM_ANOTHER_ACCOUNT']))
    },
  )

  test.skipIf(!enabled)('the feeds’ lighter screen holds a partner’s record copying an account’s listing, and reads none of the account signals', async () => {
    const { id: partnerId } = await db
      .insertInto('feed_partners')
      .values({ name: 'Copying partner', account_id: copier.accountIds[0]!, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    const original = await db.selectFrom('listings').selectAll().where('id', '=', originalId).executeTakeFirstOrThrow()
    const photo = await sharp(Buffer.from(buildPhotoSvg(5_000)))
      .jpeg({ quality: 85 })
      .toBuffer()
    const croppedCopy = await sharp(photo).extract({ left: 0, top: 40, width: 1480, height: 987 }).jpeg({ quality: 60 }).toBuffer()
    const copied = await screenFeedListing(db, { ...screenedFieldsOf(original), listingId: null, photos: [await photoFingerprints(croppedCopy)] }, partnerId)
    expect(copied).toMatchObject({ isHeld: true, signals: ['PHOTO_COPIED_FROM_ANOTHER_ACCOUNT', 'TEXT_COPIED_FROM_ANOTHER_ACCOUNT'], score: 8 })

    // Its own words with payment pressure weigh 3: under the threshold without a copy or a bargain price.
    const unrelated = await sharp(Buffer.from(buildPhotoSvg(7_777)))
      .jpeg({ quality: 85 })
      .toBuffer()
    const own = await screenFeedListing(
      db,
      {
        ...screenedFieldsOf(original),
        description: 'Twelve wooded acres on a gravel road near the lake, with a cabin site cleared. Wire the earnest money to the title company.',
        listingId: null,
        photos: [await photoFingerprints(unrelated)],
      },
      partnerId,
    )
    expect(own).toEqual({ isHeld: false, signals: ['URGENT_PAYMENT_WORDS'], score: 3 })
  })
})
