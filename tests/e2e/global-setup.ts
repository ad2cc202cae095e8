import path from 'node:path'
import { createKysely } from '~/models/db/dialect.server'
import { writeFewPhotoListing } from '../support/few-photo-listing'
import { writeLakesideListing } from '../support/lakeside-listing'

/** The listing by Lake Okeechobee the lake search test finds (tests/e2e/lakes.test.ts), written once before any browser starts. */
export const lakesideListingTitle = 'Pasture by Lake Okeechobee (browser test)'

/** Listings with one and with two photos, whose page heroes tests/e2e/listing-photos.test.ts looks at. */
export const fewPhotoListingTitles = { 1: 'One-photo tract (browser test)', 2: 'Two-photo tract (browser test)' } as const

/**
 * Before any browser starts: the lakeside and few-photo listings, and no requests counted yet (the request limits
 * live in the database, decision 0024), so a run does not inherit the limits an earlier run or the
 * integration tests used up.
 */
export default async function globalSetup() {
  const db = createKysely({ sqliteFile: path.join(process.env.TEST_DATA_DIR ?? '.test-data', 'marketplace.db') })
  try {
    await writeLakesideListing(db, lakesideListingTitle)
    for (const photoCount of [1, 2] as const) await writeFewPhotoListing(db, fewPhotoListingTitles[photoCount], photoCount)
    await db.deleteFrom('rate_limit_windows').execute()
  } finally {
    await db.destroy()
  }
}
