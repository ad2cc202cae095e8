import { RouterContextProvider } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import type { Kysely } from 'kysely'
import { databaseContext } from '~/http/database.server'
import type { Database } from '~/models/db/db-schema'
import { sites } from '~/sites/index'

/**
 * Spec §8 "Failed footer fetches leave lists empty": when the listings and searches by state
 * cannot be counted, the page is still drawn; its menus and footers list no states, and the
 * footers' searches are the site's own, uncounted.
 */
vi.mock('~/models/finance/finance-centers.server', () => ({ recentFinanceCenterHref: async () => undefined }))
vi.mock('~/http/session.server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/http/session.server')>()),
  readPageSession: async () => ({ viewer: null, notices: { sellerWelcome: false, loginFailure: null }, hasNotices: false }),
}))
vi.mock('~/models/places/popular.server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/models/places/popular.server')>()),
  sitePopularity: async () => {
    throw new Error('database unavailable')
  },
}))
const { loader } = await import('~/root')
const { siteNavigationNow } = await import('~/sites/site-navigation.server')

// Never queried: the counts and the finance centre are the mocks above.
const db = {} as Kysely<Database>

afterEach(() => {
  vi.restoreAllMocks()
})

test('a failed count of listings by state leaves the menus’ and footers’ state lists empty, and the page is drawn', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const request = new Request('http://land.localhost/', { headers: { host: 'land.localhost' } })
  const context = new RouterContextProvider()
  context.set(databaseContext, db)
  const page = await loader({ request, url: new URL(request.url), pattern: '/', params: {}, context } as Parameters<typeof loader>[0])
  expect(page.data.navigationLinks.menu.findAgents?.label).toBe('Find Agents')
  const { menu, footer } = await siteNavigationNow(db, sites.land)
  expect(menu.searchByState).toEqual([])
  expect(footer.sections.find((section) => section.heading === 'Popular States')?.links).toEqual([])
  const searches = footer.sections.find((section) => section.heading === 'Popular Searches')!.links
  expect(searches.map((link) => link.label)).toContain('Farms for Sale')
  expect(logged).toHaveBeenCalledTimes(2)
  // While counting fails, the menus are built once per site, not at every page (and drawn once as the document's frame).
  expect(await siteNavigationNow(db, sites.land)).toBe(await siteNavigationNow(db, sites.land))
})
