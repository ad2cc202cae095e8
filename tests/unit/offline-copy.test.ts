import { describe, expect, it } from 'vitest'
import { offlineListing, offlinePhotoPath } from '~/models/listings/offline-copy'
import { asOfflineCopy, offlineListingsElementId, offlineNotice, photoName, stylesheetPaths, withOfflineListings } from '~/document/offline-copy'

/** What the service worker keeps of a favourite, and how it shows kept pages offline (decision 0034). */
describe('what is kept of a favourite', () => {
  const pagePath = '/property/40-acres-in-travis-county-tx/7/'

  it('keeps the page first, then its flyer, its first three photos and both maps', () => {
    const kept = offlineListing({ id: 7, title: '40 Acres with Creek', imageIds: [101, 102, 103, 104, 105] }, pagePath, { isLowData: false })
    expect(kept).toEqual({
      id: 7,
      title: '40 Acres with Creek',
      pagePath,
      paths: [
        pagePath,
        '/flyer/7',
        '/resizedimages/600/900/cover/60/webp/1-101',
        '/resizedimages/600/900/cover/60/webp/1-102',
        '/resizedimages/600/900/cover/60/webp/1-103',
        '/listing-map/7/property.svg',
        '/listing-map/7/local.svg',
      ],
    })
  })

  it('keeps no photo of a listing without photos, and still its page, flyer and maps', () => {
    expect(offlineListing({ id: 8, title: 'Bare land', imageIds: [] }, pagePath, { isLowData: false }).paths).toEqual([
      pagePath,
      '/flyer/8',
      '/listing-map/8/property.svg',
      '/listing-map/8/local.svg',
    ])
  })

  it('with Low data keeps the page, flyer and maps, and only the first photo at the small, low-quality size', () => {
    expect(offlineListing({ id: 7, title: '40 Acres with Creek', imageIds: [101, 102, 103] }, pagePath, { isLowData: true }).paths).toEqual([
      pagePath,
      '/flyer/7',
      '/resizedimages/400/600/cover/40/webp/1-101',
      '/listing-map/7/property.svg',
      '/listing-map/7/local.svg',
    ])
  })

  it('any size of a kept photo is recognised as the same photo', () => {
    expect(photoName(offlinePhotoPath(101))).toBe('1-101')
    expect(photoName(offlinePhotoPath(101, true))).toBe('1-101')
    expect(photoName('/resizedimages/800/1200/cover/80/1-101')).toBe('1-101')
    expect(photoName('/listing-map/7/local.svg')).toBeUndefined()
  })
})

describe('a kept page shown offline', () => {
  const page = [
    '<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/assets/entry.client-abc.js"/>',
    '<link rel="stylesheet" href="/assets/tailwind-C41gscYb.css"/><script nonce="n">window.__ctx = {}</script></head>',
    '<body class="flex"><main id="main"><h1>40 Acres</h1><a href="tel:5125550100">Call (512) 555-0100</a></main>',
    '<script type="module" nonce="n">import "/assets/entry.client-abc.js"</script></body></html>',
  ].join('')

  it('says first in its body that it is an offline copy and when it was saved', () => {
    const notice = offlineNotice(new Date(2026, 4, 3, 12).getTime())
    expect(notice).toBe('You are offline — this copy was saved on May 3, 2026')
    expect(asOfflineCopy(page, notice)).toContain(`<body class="flex"><p role="status" class="`)
    expect(asOfflineCopy(page, notice)).toContain(`>${notice}</p><main id="main">`)
  })

  it('runs none of its scripts, and keeps its text, phone and stylesheet', () => {
    const copy = asOfflineCopy(page, 'offline')
    expect(copy).not.toMatch(/<script|modulepreload/)
    expect(copy).toContain('<a href="tel:5125550100">Call (512) 555-0100</a>')
    expect(stylesheetPaths(copy)).toEqual(['/assets/tailwind-C41gscYb.css'])
  })
})

describe('the offline page', () => {
  const offlinePage = `<main><h1>You are offline</h1><div id="${offlineListingsElementId}" class="mt-2"><p>Nothing is kept on this device yet.</p></div><footer></footer></main>`

  it('lists the kept listings by title, each a link to its page', () => {
    const html = withOfflineListings(offlinePage, [
      { title: 'Creek & Pasture <Ranch>', pagePath: '/property/creek-ranch/9/' },
      { title: '40 Acres', pagePath: '/property/40-acres/7/' },
    ])
    expect(html).not.toContain('Nothing is kept')
    expect(html).toContain(
      '<ul class="list-disc space-y-2 pl-5"><li><a href="/property/creek-ranch/9/" class="font-semibold text-brand underline">Creek &amp; Pasture &lt;Ranch&gt;</a></li><li><a href="/property/40-acres/7/" class="font-semibold text-brand underline">40 Acres</a></li></ul></div><footer>',
    )
  })

  it('says nothing is kept when nothing is', () => {
    expect(withOfflineListings(offlinePage, [])).toBe(offlinePage)
  })
})
