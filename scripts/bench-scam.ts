/**
 * `npm run bench:scam` (issue 38 item 1, decision 0068): the scam screen on a generated corpus.
 * Honest listings (each its own owner; the seed's generated photos; descriptions from varied
 * sentences; prices spread around the comparables' median) are stored first, then scam listings
 * copy them: a photo re-cropped by 5–10 % anywhere and re-saved at JPEG quality 40–70 (some also
 * resized), the description with small edits, most at a bargain price, some with payment-pressure
 * words, all from new owner accounts. Each listing is fingerprinted, looked up among the stored
 * fingerprints of other owners (SQLite, migration 0040's indexes) and screened. Prints precision
 * and recall, the time per listing, the false photo matches among unrelated photos, and the photo
 * lookup time among 1,000,000 stored fingerprints (BENCH_SCAM_FINGERPRINTS).
 *
 * Every tenth honest listing names a cabin among its amenities (and its copies with it): a
 * dwelling, so not vacant land (listing-rules' isVacantLand). It is chosen by index, not drawn, so
 * every draw of the corpus is what it was before the screen counted cabins.
 *
 * The price ratio to the comparables is drawn, not looked up: the price contexts are measured by
 * their own tests; here only the screen's rules and the fingerprint look-ups are.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import SQLite from 'better-sqlite3'
import sharp from 'sharp'
import { migrateToLatest } from '../app/models/db/db.server'
import { createKysely } from '../app/models/db/dialect.server'
import { createRandom } from '../app/dev-data/random'
import { amenity, propertyType } from '../app/models/listings/enumerations'
import { buildPhotoSvg } from '../app/models/media/photo-scene'
import { type DifferenceHash, differenceHash, hashQuarters, photoFingerprints } from '../app/models/trust/photo-fingerprint.server'
import { mostSimilarOtherOwnersText, nearestOtherOwnersPhoto, storeListingFingerprints } from '../app/models/trust/scam-fingerprints.server'
import { type ScamScreenInput, copiedPhotoBits, holdThreshold, screenForScam } from '../app/models/trust/scam-screen'

const honestCount = Number(process.env.BENCH_SCAM_HONEST ?? 400)
const scamCount = Number(process.env.BENCH_SCAM_SCAMS ?? 150)
const storedFingerprints = Number(process.env.BENCH_SCAM_FINGERPRINTS ?? 1_000_000)

// The seed's generator: the same corpus every run.
const { next: random, pick, float: between } = createRandom(38)
const integer = (low: number, high: number) => Math.floor(between(low, high + 1))
/** A log-normal draw around 1: honest prices spread around the comparables' median. */
const priceRatio = () => Math.exp(0.35 * Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random()))

const sentences = [
  () =>
    `${integer(5, 640)} acres of ${pick(['rolling pasture', 'hardwood timber', 'native grassland', 'hay meadow', 'cedar and oak woods', 'irrigated cropland'])} in ${pick(['the hill country', 'a quiet valley', 'the river bottoms', 'high desert', 'the piney woods'])}.`,
  () =>
    `${pick(['A spring-fed pond', 'A seasonal creek', 'Two stock tanks', 'A year-round river', 'A small lake'])} ${pick(['waters the back', 'crosses the middle', 'sits near the road', 'runs along the east line'])} of the property.`,
  () =>
    `${pick(['County road', 'Paved highway', 'Gravel road', 'Deeded easement'])} frontage of about ${integer(200, 4000)} feet${pick(['', ' on two sides', ' with a cattle guard'])}.`,
  () =>
    `${pick(['Electricity', 'Power and water', 'Rural water', 'Fiber internet'])} ${pick(['at the road', 'on site', 'nearby', 'to the barn'])}${pick(['', ', and a well drilled in ' + integer(1985, 2024)])}.`,
  () =>
    `${pick(['Good hunting for', 'Abundant', 'Trophy', 'Frequent sightings of'])} ${pick(['deer and turkey', 'quail and dove', 'elk', 'hogs and deer', 'ducks'])}.`,
  () => `${pick(['Fenced and cross-fenced', 'Partially fenced', 'Game fenced', 'Open range'])} for ${pick(['cattle', 'goats', 'horses', 'wildlife'])}.`,
  () =>
    `${pick(['A pole barn', 'A metal shop', 'An old homestead', 'A hunting cabin', 'Corrals'])} ${pick(['of ' + integer(600, 4000) + ' square feet', 'in fair shape', 'recently roofed', 'with power'])}.`,
  () => `${integer(5, 60)} minutes to ${pick(['town', 'the interstate', 'the lake', 'a regional airport', 'schools and shopping'])}.`,
  () =>
    `${pick(['Minerals', 'Half the minerals', 'No minerals', 'Water rights'])} ${pick(['convey', 'are negotiable', 'stay with the seller', 'come with the sale'])}.`,
  () =>
    `${pick(['Owner financing available', 'Survey on file', 'Ag exemption in place', 'No restrictions', 'Light deed restrictions'])}${pick(['.', ' with ' + integer(10, 30) + ' percent down.', ', call for details.'])}`,
  () =>
    `${pick(['Views of', 'Overlooks', 'Backs up to', 'Borders'])} ${pick(['the mountains', 'a national forest', 'the river', 'state land', 'a neighbouring ranch'])}.`,
]
const descriptionOf = () =>
  Array.from({ length: integer(6, 10) }, () => pick(sentences)())
    .join(' ')
    .slice(0, 2000)

/** A copy's small edits: a few words changed, a sentence dropped or added, other capitals. */
function editedCopy(text: string) {
  const words = text.split(' ')
  for (let edit = integer(1, 4); edit > 0; edit--) words[integer(0, words.length - 1)] = pick(['great', 'nice', 'beautiful', 'private', String(integer(2, 99))])
  let copy = words.join(' ')
  if (random() < 0.4) copy += ` ${pick(sentences)()}`
  if (random() < 0.3) copy = copy.toUpperCase()
  return copy
}

const urgentSentences = [
  'Must sell today, cash only.',
  'Wire the deposit to hold it.',
  'I accept gift cards or crypto for the down payment.',
  'Payment by Zelle, no title company needed.',
]

const photoOf = (documentId: number) =>
  sharp(Buffer.from(buildPhotoSvg(documentId)))
    .jpeg({ quality: 85 })
    .toBuffer()

/** A scammer's copy of a photo: cropped by 5–10 % with the kept part anywhere, re-saved at quality 40–70, half of them also resized. */
async function copiedPhoto(original: Buffer) {
  const { width, height } = await sharp(original).metadata()
  const share = between(0.05, 0.1)
  const keptWidth = Math.round(width * (1 - share))
  const keptHeight = Math.round(height * (1 - share))
  let image = sharp(original).extract({
    left: Math.floor((width - keptWidth) * random()),
    top: Math.floor((height - keptHeight) * random()),
    width: keptWidth,
    height: keptHeight,
  })
  if (random() < 0.5) image = image.resize(integer(640, 1200))
  return image.jpeg({ quality: integer(40, 70) }).toBuffer()
}

interface Listing {
  listingId: number
  accountId: number
  isScam: boolean
  photo: Buffer
  description: string
  context: Omit<ScamScreenInput, 'description' | 'nearestCopiedPhotoBits' | 'mostSimilarOtherText'>
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scam-'))
const databaseFile = path.join(folder, 'marketplace.db')
const db = createKysely({ sqliteFile: databaseFile })
await migrateToLatest(db)

console.log(`generating ${honestCount} honest and ${scamCount} scam listings…`)
const honest: Listing[] = []
for (let index = 0; index < honestCount; index++) {
  const isOwner = random() < 0.45
  honest.push({
    listingId: index + 1,
    accountId: index + 1,
    isScam: false,
    photo: await photoOf(100_000 + index * 37),
    description: descriptionOf(),
    context: {
      accountAgeDays: isOwner && random() < 0.6 ? between(0, 29) : between(30, 3000),
      isLicensedBroker: !isOwner,
      propertyTypes: random() < 0.25 ? propertyType.house : propertyType.undeveloped,
      amenities: index % 10 === 0 ? amenity.cabin : 0,
      priceToComparables: priceRatio(),
      contactDiffersFromAccount: random() < 0.1,
    },
  })
}
const scams: Listing[] = []
for (let index = 0; index < scamCount; index++) {
  const source = pick(honest)
  const withUrgency = random() < 0.4
  scams.push({
    listingId: honestCount + index + 1,
    accountId: honestCount + index + 1,
    isScam: true,
    photo: await copiedPhoto(source.photo),
    description: editedCopy(source.description) + (withUrgency ? ` ${pick(urgentSentences)}` : ''),
    context: {
      accountAgeDays: between(0, 10),
      isLicensedBroker: false,
      propertyTypes: source.context.propertyTypes,
      amenities: source.context.amenities,
      priceToComparables: random() < 0.7 ? between(0.2, 0.5) : between(0.6, 1),
      contactDiffersFromAccount: random() < 0.5,
    },
  })
}

const held = { honest: 0, scam: 0 }
const listingTimes: number[] = []
/** Each honest listing's nearest other owner's photo, in bits: within the copy distance it is a false photo match. */
const honestNearest: number[] = []
for (const listing of [...honest, ...scams]) {
  const started = performance.now()
  const fingerprints = await photoFingerprints(listing.photo)
  const owner = { kind: 'accounts' as const, accountIds: [listing.accountId] }
  const [nearestCopiedPhotoBits, mostSimilarOtherText] = await Promise.all([
    nearestOtherOwnersPhoto(db, [fingerprints[0]!], owner, null),
    mostSimilarOtherOwnersText(db, listing.description, owner, null),
  ])
  const verdict = screenForScam({ ...listing.context, description: listing.description, nearestCopiedPhotoBits, mostSimilarOtherText })
  await storeListingFingerprints(db, { listingId: listing.listingId, owner, description: listing.description, photos: [fingerprints] })
  listingTimes.push(performance.now() - started)
  if (!listing.isScam) honestNearest.push(nearestCopiedPhotoBits ?? 64)
  if (verdict.isHeld) held[listing.isScam ? 'scam' : 'honest'] += 1
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const percentile = (values: number[], share: number) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * share))]!
const precision = held.scam / Math.max(1, held.scam + held.honest)
const recall = held.scam / scamCount
console.log(`threshold ${holdThreshold}, photo copy within ${copiedPhotoBits} bits`)
console.log(`held: ${held.scam} of ${scamCount} scams, ${held.honest} of ${honestCount} honest listings`)
console.log(`precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`)
console.log(
  `false photo matches among ${honestCount} unrelated honest photos: ${[8, 9, 10].map((bits) => `${honestNearest.filter((value) => value <= bits).length} within ${bits} bits`).join(', ')}`,
)
console.log(
  `time per listing (fingerprint, look-ups, screen, store): median ${percentile(listingTimes, 0.5).toFixed(1)} ms, p95 ${percentile(listingTimes, 0.95).toFixed(1)} ms`,
)

// A million stored fingerprints: the corpus's real hashes, and the rest drawn from them with 16–24
// of their 64 bits flipped, so the quarters are as unevenly spread as real photos' are (a sky is
// often all one way) while each drawn hash is no copy of its source.
console.log(`storing ${storedFingerprints.toLocaleString('en-US')} fingerprints…`)
const realHashes = (await db.selectFrom('listing_photo_fingerprints').select(['hash_high', 'hash_low']).execute()).map((row) => ({
  high: row.hash_high >>> 0,
  low: row.hash_low >>> 0,
}))
const raw = new SQLite(databaseFile)
const insert = raw.prepare(
  'insert into listing_photo_fingerprints (listing_id, account_id, partner_id, hash_high, hash_low, quarter_1, quarter_2, quarter_3, quarter_4) values (?, ?, null, ?, ?, ?, ?, ?, ?)',
)
const filling = performance.now()
const insertMany = raw.transaction((count: number, firstListing: number) => {
  for (let index = 0; index < count; index++) {
    const source = pick(realHashes)
    let { high, low } = source
    for (let flip = integer(16, 24); flip > 0; flip--) {
      const bit = integer(0, 63)
      if (bit < 32) high = (high ^ (1 << bit)) >>> 0
      else low = (low ^ (1 << (bit - 32))) >>> 0
    }
    const listingId = firstListing + Math.floor(index / 10)
    insert.run(listingId, listingId, high | 0, low | 0, ...hashQuarters({ high, low }))
  }
})
const existing = Number((raw.prepare('select count(*) as count from listing_photo_fingerprints').get() as { count: number }).count)
for (let done = existing; done < storedFingerprints; done += 50_000) insertMany(Math.min(50_000, storedFingerprints - done), 1_000_000 + done)
raw.exec('analyze')
raw.close()
console.log(`stored in ${((performance.now() - filling) / 1000).toFixed(1)} s`)

// Look-ups: photos never stored (unrelated), and fresh copies of stored honest photos.
const lookupTimes: number[] = []
const unrelatedNearest: number[] = []
const copyNearest: number[] = []
const unrelatedQueries = 100
for (let index = 0; index < unrelatedQueries; index++) {
  const hash: DifferenceHash = await differenceHash(await photoOf(9_000_000 + index * 41))
  const started = performance.now()
  const nearest = await nearestOtherOwnersPhoto(db, [hash], { kind: 'accounts', accountIds: [0] }, null)
  lookupTimes.push(performance.now() - started)
  unrelatedNearest.push(nearest ?? 64)
}
const copyQueries = Math.min(100, honestCount)
for (let index = 0; index < copyQueries; index++) {
  const source = honest[index]!
  const hash = await differenceHash(await copiedPhoto(source.photo))
  const started = performance.now()
  const nearest = await nearestOtherOwnersPhoto(db, [hash], { kind: 'accounts', accountIds: [0] }, null)
  lookupTimes.push(performance.now() - started)
  copyNearest.push(nearest ?? 64)
}
console.log(
  `photo look-up among ${storedFingerprints.toLocaleString('en-US')} fingerprints: median ${percentile(lookupTimes, 0.5).toFixed(1)} ms, p95 ${percentile(lookupTimes, 0.95).toFixed(1)} ms`,
)
const within = (values: number[], bits: number) => values.filter((value) => value <= bits).length
for (const bits of [6, 7, 8, 9, 10, 11])
  console.log(
    `  within ${bits} bits: fresh copies found ${within(copyNearest, bits)} of ${copyQueries}, unrelated photos matched (false) ${within(unrelatedNearest, bits)} of ${unrelatedQueries}${bits === copiedPhotoBits ? ' (the threshold)' : ''}`,
  )
await db.destroy()
fs.rmSync(folder, { recursive: true, force: true })
