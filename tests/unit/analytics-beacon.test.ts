import { describe, expect, test } from 'vitest'
import { beaconSchema } from '~/models/analytics/analytics-events.server'
import { formatVital, vitalRating } from '~/models/analytics/web-vital-ratings'
import { quantile, quantileRank } from '~/utils/statistics'

/** What the analytics endpoint accepts from a browser (issue 17 §7), and how the admin page reads a 75th percentile. */
const parse = (events: unknown) => beaconSchema.safeParse({ events })

describe('a beacon', () => {
  test('carries the data layer’s events: page, listing, search, file download and web vital', () => {
    const events = [
      { event: 'page', pageType: 'listing' },
      { event: 'listing', pageType: 'listing', listingId: 123 },
      { event: 'search', pageType: 'search', resultCount: 0 },
      { event: 'file-download', pageType: 'search', file: 'search-results' },
      { event: 'web-vital', pageType: 'listing', metric: 'LCP', value: 2345 },
      { event: 'web-vital', pageType: 'listing', metric: 'CLS', value: 0.0712 },
    ]
    expect(parse(events)).toEqual({ success: true, data: { events } })
  })

  test('fields a tag manager adds to the data layer’s objects are dropped', () => {
    const result = parse([{ event: 'page', pageType: 'home', 'gtm.uniqueEventId': 4 }])
    expect(result.data?.events).toEqual([{ event: 'page', pageType: 'home' }])
  })

  test.each([
    ['no events', []],
    ['too many events', Array.from({ length: 26 }, () => ({ event: 'page', pageType: 'home' }))],
    ['an unknown event', [{ event: 'purchase', pageType: 'home' }]],
    ['an unknown page type', [{ event: 'page', pageType: 'checkout' }]],
    ['a listing id that is not a whole positive number', [{ event: 'listing', pageType: 'listing', listingId: 1.5 }]],
    ['a listing id as text', [{ event: 'listing', pageType: 'listing', listingId: '12' }]],
    ['a negative result count', [{ event: 'search', pageType: 'search', resultCount: -1 }]],
    ['a file name with markup', [{ event: 'file-download', pageType: 'search', file: '<b>' }]],
    ['an unknown vital', [{ event: 'web-vital', pageType: 'home', metric: 'TTFB', value: 100 }]],
    ['a negative paint time', [{ event: 'web-vital', pageType: 'home', metric: 'LCP', value: -5 }]],
    ['a layout shift no page reaches', [{ event: 'web-vital', pageType: 'home', metric: 'CLS', value: 250 }]],
    ['a paint after ten minutes', [{ event: 'web-vital', pageType: 'home', metric: 'FCP', value: 600_001 }]],
    ['a vital without its value', [{ event: 'web-vital', pageType: 'home', metric: 'LCP' }]],
    ['one bad event among good ones', [{ event: 'page', pageType: 'home' }, { event: 'page' }]],
  ])('is refused whole with %s', (_name, events) => {
    expect(parse(events).success).toBe(false)
  })

  test('is refused when it is not an object of events', () => {
    for (const body of [null, 'page', [], { events: 'page' }]) expect(beaconSchema.safeParse(body).success).toBe(false)
  })
})

describe('the 75th percentile', () => {
  test('the database reads it where quantile() does: three quarters of the way up, by nearest rank', () => {
    for (const count of [1, 2, 3, 4, 5, 10, 41, 100]) {
      const values = Array.from({ length: count }, (_, index) => (index * 37) % 101)
      const sorted = [...values].sort((a, b) => a - b)
      expect(sorted[quantileRank(count, 0.75)]).toBe(quantile(values, 0.75))
    }
    expect(quantile([100, 200, 300, 400], 0.75)).toBe(400)
    expect(quantile([100, 200, 300, 400, 500], 0.75)).toBe(400)
  })

  test('reads against the web vitals’ thresholds', () => {
    expect([vitalRating('LCP', 2500), vitalRating('LCP', 2501), vitalRating('LCP', 4001)]).toEqual(['good', 'needs improvement', 'poor'])
    expect([vitalRating('CLS', 0.1), vitalRating('CLS', 0.2), vitalRating('CLS', 0.3)]).toEqual(['good', 'needs improvement', 'poor'])
    expect([vitalRating('FCP', 1800), vitalRating('FCP', 3000), vitalRating('FCP', 3001)]).toEqual(['good', 'needs improvement', 'poor'])
    expect([formatVital('LCP', 2345), formatVital('CLS', 0.0712)]).toEqual(['2.3 s', '0.07'])
  })
})
