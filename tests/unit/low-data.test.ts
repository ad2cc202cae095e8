import { describe, expect, test } from 'vitest'
import { isLowDataRequest, lowDataChoiceOf, lowDataCookie } from '~/utils/low-data'
import { imageQuality, photoSources } from '~/utils/resized-image-url'

const request = (headers: Record<string, string>) => isLowDataRequest(new Headers(headers))

describe('whether a page is the Low data one', () => {
  test('a browser sending Save-Data: on gets it; any other value or none does not', () => {
    expect(request({ 'Save-Data': 'on' })).toBe(true)
    expect(request({ 'Save-Data': ' On ' })).toBe(true)
    expect(request({ 'Save-Data': 'off' })).toBe(false)
    expect(request({})).toBe(false)
  })

  test('the footer’s choice wins over the header either way', () => {
    expect(request({ Cookie: 'low-data=on' })).toBe(true)
    expect(request({ Cookie: 'a=1; low-data=on; b=2' })).toBe(true)
    // Turned off in a browser that always sends Save-Data.
    expect(request({ 'Save-Data': 'on', Cookie: '__session=x; low-data=off' })).toBe(false)
    expect(request({ 'Save-Data': 'off', Cookie: 'low-data=on' })).toBe(true)
  })

  test('a cookie of another name or value is no choice', () => {
    expect(lowDataChoiceOf('other-low-data=on')).toBeUndefined()
    expect(lowDataChoiceOf('low-data=maybe')).toBeUndefined()
    expect(request({ 'Save-Data': 'on', Cookie: 'low-data=maybe' })).toBe(true)
  })

  test('the choice is kept a year for the whole site, sent with top-level navigations, Secure over HTTPS', () => {
    expect(lowDataCookie('on', { secure: false })).toBe('low-data=on; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(lowDataCookie('off', { secure: true })).toBe('low-data=off; Path=/; Max-Age=31536000; SameSite=Lax; Secure')
  })
})

describe('a photo’s addresses', () => {
  const card = { aspectRatio: 3 / 2, widths: [320, 480, 640, 960], srcWidth: 640, quality: imageQuality.medium, format: 'webp' as const }

  test('normally: every width at the quality asked for', () => {
    const { src, srcSet } = photoSources(7, card, false)
    expect(src).toBe('/resizedimages/427/640/cover/60/1-7')
    expect(srcSet).toBe(
      '/resizedimages/213/320/cover/60/webp/1-7 320w, /resizedimages/320/480/cover/60/webp/1-7 480w, /resizedimages/427/640/cover/60/webp/1-7 640w, /resizedimages/640/960/cover/60/webp/1-7 960w',
    )
  })

  test('with Low data: the low quality, and no width above half the largest (no 2× photos)', () => {
    const { src, srcSet } = photoSources(7, card, true)
    expect(src).toBe('/resizedimages/320/480/cover/40/1-7')
    expect(srcSet).toBe('/resizedimages/213/320/cover/40/webp/1-7 320w, /resizedimages/320/480/cover/40/webp/1-7 480w')
  })

  test('with Low data the smallest width always stays, and a quality already lower stays lower', () => {
    const { srcSet } = photoSources(7, { aspectRatio: 1, widths: [600, 900], srcWidth: 600, quality: 30 }, true)
    expect(srcSet).toBe('/resizedimages/600/600/cover/30/1-7 600w')
  })
})
