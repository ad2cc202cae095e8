import { describe, expect, it } from 'vitest'
import {
  documentKind,
  listingPhotoId,
  logoDocumentId,
  parseDocumentSegment,
  parseListingPhotoId,
  portraitDocumentId,
  resizedImagePath,
} from '~/models/media/document-ids'

describe('document ids', () => {
  it('numbers listing photos as listingId * 32 + index', () => {
    expect(listingPhotoId(10, 0)).toBe(320)
    expect(listingPhotoId(10, 29)).toBe(349)
    expect(parseListingPhotoId(349)).toEqual({ listingId: 10, index: 29 })
    expect(documentKind(listingPhotoId(31_249_999, 29))).toBe('photo')
  })

  it('refuses photo indexes outside 0..29 and ids past the photo band', () => {
    expect(() => listingPhotoId(10, 30)).toThrow(RangeError)
    expect(() => listingPhotoId(10, -1)).toThrow(RangeError)
    expect(() => listingPhotoId(31_250_000, 0)).toThrow(RangeError)
  })

  it('puts portraits and logos in their own bands', () => {
    expect(portraitDocumentId(5)).toBe(1_000_000_005)
    expect(logoDocumentId(5)).toBe(1_500_000_005)
    expect(documentKind(portraitDocumentId(499_999_999))).toBe('portrait')
    expect(documentKind(logoDocumentId(499_999_999))).toBe('logo')
    expect(() => portraitDocumentId(500_000_000)).toThrow(RangeError)
  })

  it('classifies placeholders, uploads and impossible ids', () => {
    expect(documentKind(3_765_161_205)).toBe('placeholder')
    expect(documentKind(2_680_603_772)).toBe('placeholder')
    expect(documentKind(2_000_000_000)).toBe('upload')
    expect(documentKind(9_999_999_999)).toBe('upload')
    expect(documentKind(0)).toBeUndefined()
    expect(documentKind(-3)).toBeUndefined()
    expect(documentKind(10_000_000_000)).toBeUndefined()
    expect(documentKind(1.5)).toBeUndefined()
  })

  it('parses only `1-` followed by 1..10 digits', () => {
    expect(parseDocumentSegment('1-42')).toBe(42)
    expect(parseDocumentSegment('1-9999999999')).toBe(9_999_999_999)
    for (const bad of ['1-abc', '2-5', '5', '1-', '1-12345678901', '1-4 ', '1--4']) {
      expect(parseDocumentSegment(bad)).toBeUndefined()
    }
  })

  it('builds image paths, leaving out the default jpeg format', () => {
    expect(resizedImagePath(320, { height: 400, width: 600 })).toBe('/resizedimages/400/600/cover/80/1-320')
    expect(resizedImagePath(320, { height: 400, width: 0, fit: 'inside', quality: 60, format: 'webp' })).toBe('/resizedimages/400/0/inside/60/webp/1-320')
  })
})
