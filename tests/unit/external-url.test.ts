import { describe, expect, test } from 'vitest'
import { siteExternalUrl, withReferralTracking } from '~/sites/external-url'
import { sites } from '~/sites/index'

describe('spec §5: external URLs get tracking parameters added when no query string exists', () => {
  test.each([
    ['https://tours.example/abc', 'https://tours.example/abc?utm_source=land&utm_medium=referral'],
    ['https://www.bigskyaglending.example', 'https://www.bigskyaglending.example/?utm_source=land&utm_medium=referral'],
    ['http://broker.example/about/', 'http://broker.example/about/?utm_source=land&utm_medium=referral'],
    // The fragment stays last, where a browser reads it.
    ['https://tours.example/abc#living-room', 'https://tours.example/abc?utm_source=land&utm_medium=referral#living-room'],
    ['https://tours.example/abc#step?2', 'https://tours.example/abc?utm_source=land&utm_medium=referral#step?2'],
  ])('%s gains utm_source and utm_medium=referral', (url, tracked) => {
    expect(withReferralTracking(url, 'land')).toBe(tracked)
  })

  test.each([
    // A query of the other site's own is left as it is, even an empty one.
    'https://www.youtube.com/watch?v=8pjR1rv0uKB',
    'https://auctions.example/lots/7?utm_source=newsletter',
    'https://tours.example/abc?',
    'https://tours.example/abc?x=1#room',
    // Not an absolute web address: our own paths, other schemes, and what does not parse.
    '/search/texas-land-for-sale/',
    'mailto:someone@example.com',
    'tel:5125550100',
    'not a url',
    'https://',
    '',
  ])('%s is left alone', (url) => {
    expect(withReferralTracking(url, 'land')).toBe(url)
  })

  test('each site names itself as the source, as its add-listing link does (spec §2)', () => {
    expect(siteExternalUrl(sites.farm, 'https://tours.example/abc')).toBe('https://tours.example/abc?utm_source=farm&utm_medium=referral')
    expect(siteExternalUrl(sites.hunting, 'https://tours.example/abc')).toBe('https://tours.example/abc?utm_source=hunting&utm_medium=referral')
  })
})
