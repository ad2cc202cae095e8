import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { buildPhotoSvg } from '~/models/media/photo-scene'
import { differenceHash, hammingDistance, hashQuarters, photoFingerprints, quarterNeighbours } from '~/models/trust/photo-fingerprint.server'
import { type ScamScreenInput, copiedPhotoBits, holdThreshold, screenForScam } from '~/models/trust/scam-screen'
import { amenity, propertyType } from '~/models/listings/enumerations'
import { isVacantLand } from '~/models/listings/listing-rules'
import { bandKeysOf, estimatedSimilarity, minHashOf } from '~/models/trust/text-fingerprint'

/** A seed listing photo (decision 0002's generated landscapes), as the JPEG a seller would upload. */
const seedPhoto = (documentId: number) =>
  sharp(Buffer.from(buildPhotoSvg(documentId)))
    .jpeg({ quality: 85 })
    .toBuffer()
const width = 1600
const height = 1067
/** The photo cropped by `share` of each side, the kept part at (`left`, `top`) as in FingerprintCrop, saved at `quality`. */
const cropped = (photo: Buffer, share: number, left: number, top: number, quality: number) => {
  const keptWidth = Math.round(width * (1 - share))
  const keptHeight = Math.round(height * (1 - share))
  return sharp(photo)
    .extract({ left: Math.floor((width - keptWidth) * left), top: Math.floor((height - keptHeight) * top), width: keptWidth, height: keptHeight })
    .jpeg({ quality })
    .toBuffer()
}

describe('photo fingerprints (issue 38 item 1)', () => {
  test('a copy re-compressed, resized or cropped by 5 to 10 % anywhere lands within the copy distance of the original’s fingerprints; other photos do not', async () => {
    const original = await seedPhoto(4100)
    const stored = await photoFingerprints(original)
    const nearest = async (copy: Buffer) => {
      const hash = await differenceHash(copy)
      return Math.min(...stored.map((fingerprint) => hammingDistance(fingerprint, hash)))
    }
    const copies = await Promise.all([
      sharp(original).jpeg({ quality: 40 }).toBuffer(),
      sharp(original).resize(800).jpeg({ quality: 70 }).toBuffer(),
      cropped(original, 0.05, 0.5, 0.5, 70),
      cropped(original, 0.1, 0, 0, 60),
      cropped(original, 0.1, 0, 0.5, 50),
      cropped(original, 0.06, 0.2, 0.8, 60),
    ])
    for (const distance of await Promise.all(copies.map(nearest))) expect(distance).toBeLessThanOrEqual(copiedPhotoBits)
    const others = await Promise.all([1000, 2222, 3333, 5555, 7777].map(seedPhoto))
    for (const distance of await Promise.all(others.map(nearest))) expect(distance).toBeGreaterThan(copiedPhotoBits)
  })

  test('the distance counts differing bits, and the quarters are the hash in 16-bit pieces', () => {
    expect(hammingDistance({ high: 0, low: 0 }, { high: 0xffffffff, low: 0x0f })).toBe(36)
    expect(hashQuarters({ high: 0x12345678, low: 0x9abcdef0 })).toEqual([0x1234, 0x5678, 0x9abc, 0xdef0])
  })

  test('a quarter’s probes are it and every value one or two bits away, so a hash within 11 bits shares a probed quarter', () => {
    const probes = quarterNeighbours(0x00f0)
    expect(probes).toHaveLength(137)
    expect(new Set(probes).size).toBe(137)
    expect(probes).toEqual(expect.arrayContaining([0x00f0, 0x00f1, 0x80f0, 0x00f3]))
    // 11 bits spread 3, 3, 3, 2 over the quarters: the last is within reach.
    const query = { high: 0, low: 0 }
    const stored = { high: 0x00070007, low: 0x00070003 }
    expect(hammingDistance(query, stored)).toBe(11)
    expect(hashQuarters(query).some((quarter, index) => quarterNeighbours(quarter).includes(hashQuarters(stored)[index]!))).toBe(true)
  })
})

describe('text fingerprints', () => {
  const description =
    'Forty acres of rolling pasture with a spring-fed pond, mature oaks along the creek, county road frontage on two sides, electricity at the road and a well drilled in 2019. Fenced and cross-fenced for cattle, with a pole barn and good hunting for deer and turkey.'

  test('a copy with small edits is estimated similar and shares a band key; another description is not', () => {
    const original = minHashOf(description)!
    const edited = minHashOf(description.replace('Forty acres', '40 acres').replace('in 2019', 'recently').toUpperCase())!
    const other = minHashOf(
      'Wooded homesite lot in a gated subdivision with lake access, paved streets, underground utilities and no time limit to build. Survey and restrictions available on request.',
    )!
    expect(estimatedSimilarity(original, edited)).toBeGreaterThanOrEqual(0.6)
    expect(estimatedSimilarity(original, other)).toBeLessThan(0.2)
    const keys = new Set(bandKeysOf(original))
    expect(bandKeysOf(edited).some((key) => keys.has(key))).toBe(true)
    expect(bandKeysOf(other).some((key) => keys.has(key))).toBe(false)
  })

  test('a text shorter than a shingle has no fingerprint', () => {
    expect(minHashOf('Nice land')).toBeUndefined()
  })
})

describe('the scam screen', () => {
  const honestOwner: ScamScreenInput = {
    accountAgeDays: 3,
    isLicensedBroker: false,
    propertyTypes: propertyType.undeveloped,
    amenities: 0,
    priceToComparables: 0.9,
    contactDiffersFromAccount: false,
    description: 'Ten acres of timber with a creek. Owner financing possible through a title company.',
    nearestCopiedPhotoBits: null,
    mostSimilarOtherText: null,
  }

  test('a new owner selling vacant land at a fair price publishes: context alone is not fraud', () => {
    expect(screenForScam(honestOwner)).toEqual({ signals: ['NEW_ACCOUNT', 'OWNER_SELLER', 'VACANT_LAND'], score: 3, isHeld: false })
  })

  test('land with a cabin, cottage or other home among its amenities is not vacant, whatever its property types, as on the buyer’s safety note', () => {
    for (const home of [amenity.cabin, amenity.cottage, amenity.mobileHome]) {
      const withHome = { ...honestOwner, amenities: home }
      expect(screenForScam(withHome).signals).not.toContain('VACANT_LAND')
      expect(isVacantLand(withHome)).toBe(false)
    }
    expect(screenForScam({ ...honestOwner, amenities: amenity.riverfront }).signals).toContain('VACANT_LAND')
  })

  test('with a bargain price, payment pressure or a copied photo or text, the same listing waits for an administrator', () => {
    const held = (changes: Partial<ScamScreenInput>) => screenForScam({ ...honestOwner, ...changes })
    expect(held({ priceToComparables: 0.3 })).toMatchObject({ isHeld: true, score: 5 })
    expect(held({ description: 'Must sell today, cash only, wire the deposit.' }).signals).toContain('URGENT_PAYMENT_WORDS')
    expect(held({ nearestCopiedPhotoBits: 4 }).isHeld).toBe(true)
    expect(held({ mostSimilarOtherText: 0.8 }).isHeld).toBe(true)
    expect(held({ nearestCopiedPhotoBits: 20, mostSimilarOtherText: 0.3 }).isHeld).toBe(false)
  })

  test('a licensed broker’s listing of land with a house needs strong evidence to be held', () => {
    const broker = { ...honestOwner, accountAgeDays: 900, isLicensedBroker: true, propertyTypes: propertyType.house }
    expect(screenForScam({ ...broker, priceToComparables: 0.2 }).isHeld).toBe(false)
    expect(screenForScam({ ...broker, nearestCopiedPhotoBits: 2, priceToComparables: 0.2 }).score).toBeGreaterThanOrEqual(holdThreshold)
  })
})
