import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { differenceHash, hammingDistance, hashQuarters, photoFingerprints } from '~/models/trust/photo-fingerprint.server'
import { type ScamScreenInput, copiedPhotoBits, holdThreshold, screenForScam } from '~/models/trust/scam-screen'
import { bandKeysOf, estimatedSimilarity, minHashOf } from '~/models/trust/text-fingerprint'

/** A 'photo' of land: a gradient sky over a field with a tree line whose shape `seed` sets. */
function landscape(seed: number, width = 640, height = 480) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const ridge = height * (0.45 + 0.1 * Math.sin((x / width) * (3 + seed) + seed) + 0.05 * Math.sin((x / width) * 17 * (seed + 1)))
      const isSky = y < ridge
      const offset = (y * width + x) * 3
      pixels[offset] = isSky ? 120 + (y * 100) / height : 60 + ((x * seed) % 40)
      pixels[offset + 1] = isSky ? 160 + (y * 60) / height : 110 + ((y + seed * 7) % 50)
      pixels[offset + 2] = isSky ? 230 : 40
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
}
const jpeg = (image: sharp.Sharp, quality = 85) => image.jpeg({ quality }).toBuffer()

describe('photo fingerprints (issue 38 item 1)', () => {
  test('a copy re-compressed, resized or cropped by a tenth a side lands within a few bits of the original’s fingerprints; another photo does not', async () => {
    const original = await jpeg(landscape(1))
    const stored = await photoFingerprints(original)
    const nearest = async (copy: Buffer) => {
      const hash = await differenceHash(copy)
      return Math.min(...stored.map((fingerprint) => hammingDistance(fingerprint, hash)))
    }
    const copies = [
      await jpeg(sharp(original), 40),
      await jpeg(sharp(original).resize(320)),
      await jpeg(sharp(original).extract({ left: 32, top: 24, width: 576, height: 432 })),
      await jpeg(sharp(original).extract({ left: 0, top: 0, width: 600, height: 450 })),
    ]
    const distances = await Promise.all(copies.map(nearest))
    console.log(distances, await Promise.all([2, 3, 4, 5, 6].map(async (seed) => nearest(await jpeg(landscape(seed))))))
    for (const distance of distances) expect(distance).toBeLessThanOrEqual(copiedPhotoBits)
    for (const seed of [2, 3, 4, 5, 6]) expect(await nearest(await jpeg(landscape(seed)))).toBeGreaterThan(2 * copiedPhotoBits)
  })

  test('the distance counts differing bits, and the quarters are the hash in 16-bit pieces', () => {
    expect(hammingDistance({ high: 0, low: 0 }, { high: 0xffffffff, low: 0x0f })).toBe(36)
    expect(hashQuarters({ high: 0x12345678, low: 0x9abcdef0 })).toEqual([0x1234, 0x5678, 0x9abc, 0xdef0])
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
    hasHouse: false,
    priceToComparables: 0.9,
    contactDiffersFromAccount: false,
    description: 'Ten acres of timber with a creek. Owner financing possible through a title company.',
    nearestCopiedPhotoBits: null,
    mostSimilarOtherText: null,
  }

  test('a new owner selling vacant land at a fair price publishes: context alone is not fraud', () => {
    expect(screenForScam(honestOwner)).toEqual({ signals: ['NEW_ACCOUNT', 'OWNER_SELLER', 'VACANT_LAND'], score: 3, isHeld: false })
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
    const broker = { ...honestOwner, accountAgeDays: 900, isLicensedBroker: true, hasHouse: true }
    expect(screenForScam({ ...broker, priceToComparables: 0.2 }).isHeld).toBe(false)
    expect(screenForScam({ ...broker, nearestCopiedPhotoBits: 2, priceToComparables: 0.2 }).score).toBeGreaterThanOrEqual(holdThreshold)
  })
})
