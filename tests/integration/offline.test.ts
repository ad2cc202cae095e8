import { describe, expect, test } from 'vitest'
import { metaContent, sessionCookie } from '../support/http'
import { productionServer } from '../support/server'
import { contactableListing } from '../support/test-database'

/**
 * The server's side of favourites kept offline (issue 20 item 3, decision 0034): the service
 * worker's script, the offline page it keeps, and its list of what to keep, each address of which
 * answers. The worker itself is tested in a browser (tests/e2e/offline.test.ts).
 */
const { fetchPage } = productionServer({ privateData: 'offline' })
const land = 'land.localhost'

describe('the service worker and the offline page', () => {
  test('/sw.js is a script at the root, asked for again on every visit, which the pages’ policy lets register', async () => {
    const worker = await fetchPage(land, '/sw.js')
    expect(worker.status).toBe(200)
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript/)
    expect(worker.headers.get('cache-control')).toBe('no-cache')
    expect(await worker.text()).toContain('/api/offline-listings')
    const page = await fetchPage(land, '/')
    expect(page.headers.get('content-security-policy')).toMatch(/worker-src 'self'/)
  })

  test('the offline page is the site’s page, never indexed', async () => {
    const response = await fetchPage(land, '/offline/')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<title>You are offline | LandAtlas</title>')
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
    expect(html).toContain('<div id="offline-listings"')
  })
})

describe('what a browser keeps offline', () => {
  test('a visitor keeps nothing, and the answer is never stored by a cache', async () => {
    const response = await fetchPage(land, '/api/offline-listings')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.json()).toEqual({ listings: [] })
  })

  test('a signed-in buyer keeps a liked listing, every address of which answers, until it is unliked', async () => {
    const clientAddress = '192.0.2.241'
    const cookie = await sessionCookie(fetchPage, land, { email: 'demo.buyer@example.com', password: 'demo-buyer-1' }, clientAddress)
    const listing = contactableListing(7)
    const signedIn = (path: string, init: RequestInit = {}) =>
      fetchPage(land, path, { ...init, headers: { cookie, origin: `http://${land}`, 'x-forwarded-for': clientAddress, ...init.headers } })
    const like = (intent: 'like' | 'unlike') =>
      signedIn('/api/likes', {
        method: 'POST',
        body: new URLSearchParams({ listingId: String(listing.id), intent }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    const keptListings = async () =>
      ((await (await signedIn('/api/offline-listings')).json()) as { listings: { id: number; pagePath: string; paths: string[] }[] }).listings

    expect((await like('like')).status).toBe(200)
    const kept = (await keptListings()).find((candidate) => candidate.id === listing.id)
    expect(kept?.pagePath).toBe(listing.path)
    for (const path of kept!.paths) expect([path, (await signedIn(path)).status]).toEqual([path, 200])

    expect((await like('unlike')).status).toBe(200)
    expect((await keptListings()).map((candidate) => candidate.id)).not.toContain(listing.id)
  })

  test('with Low data (the footer’s cookie or Save-Data) a kept copy is the page, flyer and maps with one small photo', async () => {
    const clientAddress = '192.0.2.242'
    const cookie = await sessionCookie(fetchPage, land, { email: 'demo.buyer@example.com', password: 'demo-buyer-1' }, clientAddress)
    const listing = contactableListing(8)
    const signedIn = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
      fetchPage(land, path, { ...init, headers: { cookie, origin: `http://${land}`, 'x-forwarded-for': clientAddress, ...headers } })
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const like = (intent: 'like' | 'unlike') =>
      signedIn('/api/likes', form, { method: 'POST', body: new URLSearchParams({ listingId: String(listing.id), intent }) })
    const keptPaths = async (headers: Record<string, string>) => {
      const { listings } = (await (await signedIn('/api/offline-listings', headers)).json()) as { listings: { id: number; paths: string[] }[] }
      return listings.find((candidate) => candidate.id === listing.id)?.paths ?? []
    }
    const photos = (paths: string[]) => paths.filter((path) => path.startsWith('/resizedimages/'))

    expect((await like('like')).status).toBe(200)
    try {
      const full = await keptPaths({})
      expect(photos(full)).toHaveLength(3)
      for (const lowData of [{ 'save-data': 'on' }, { cookie: `${cookie}; low-data=on` }] as Record<string, string>[]) {
        const light = await keptPaths(lowData)
        expect(light.filter((path) => !path.startsWith('/resizedimages/'))).toEqual(full.filter((path) => !path.startsWith('/resizedimages/')))
        expect(photos(light)).toEqual([expect.stringMatching(/^\/resizedimages\/400\/600\/cover\/40\/webp\//)])
        for (const path of light) expect([path, (await signedIn(path, lowData)).status]).toEqual([path, 200])
      }
      // The footer's 'Turn off' wins over a browser's Save-Data, here too.
      expect(photos(await keptPaths({ 'save-data': 'on', cookie: `${cookie}; low-data=off` }))).toHaveLength(3)
    } finally {
      await like('unlike')
    }
  })
})
