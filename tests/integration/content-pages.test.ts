import { describe, expect, test } from 'vitest'
import { tableOfContentsMinimumSections } from '~/models/content/table-of-contents'
import routes from '~/routes'
import { sites } from '~/sites/index'
import { landFeedStatesPath } from '~/sites/partner-paths'
import type { ContentPageKind, SiteProfile } from '~/models/sites/site-profile'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'

/**
 * The terms pages (spec §2 screens): each site's own paths, one route module, real text, a
 * crawler-ready head, headings in order and a table of contents; other sites' paths are 404s.
 */
const { fetchPage } = productionPages()

const host = (site: SiteProfile) => site.devHost
const pagesOf = (site: SiteProfile) => Object.entries(site.contentPaths) as [ContentPageKind, string][]
const everyPage = Object.values(sites).flatMap((site) => pagesOf(site).map(([kind, path]) => ({ site, kind, path })))
const headingNames: Record<ContentPageKind, string> = {
  termsOfUse: 'Terms of Use',
  advertisingTerms: 'Advertising Terms',
  photoTerms: 'Terms and Conditions for Submitting Photos',
  landFeedDocs: 'Land Feed Documentation',
  farmCreditListings: 'Farm Credit Listings Documentation',
  farmCreditLeads: 'Farm Credit Leads Documentation',
}
const comparable = (path: string) => path.toLowerCase().replace(/^\/|\/$/g, '')

function textOf(html: string) {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
  return decodeEntities(main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '))
}

describe('content pages on their own sites', () => {
  test.each(everyPage.map((page) => [page.site.key, page.path, page]))(
    '%s %s is an indexable page with its title and self canonical',
    async (_key, _path, { site, kind, path }) => {
      const response = await fetchPage(host(site), path)
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(decodeEntities(html)).toContain(`<title>${headingNames[kind]} | ${site.name}</title>`)
      expect(canonicalHref(html)).toBe(`http://${host(site)}${path}`)
      expect(metaContent(html, 'robots')).toMatch(/^index, follow/)
      expect(metaContent(html, 'description')?.length).toBeGreaterThan(50)
      const text = textOf(html)
      expect(text).toContain(site.name)
      expect(text.length).toBeGreaterThan(2500)
      expect(text).not.toMatch(/lorem|ipsum/i)
    },
  )

  test.each(everyPage.map((page) => [page.site.key, page.path, page]))(
    '%s %s has one h1, then h2s, and, when long, a contents list that links to each section',
    async (_key, _path, { site, path }) => {
      const html = await (await fetchPage(host(site), path)).text()
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
      const levels = [...main.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]))
      expect(levels[0]).toBe(1)
      expect(levels.filter((level) => level === 1)).toHaveLength(1)
      expect(levels.slice(1).every((level) => level === 2)).toBe(true)
      const contentsLinks = [...main.matchAll(/<a [^>]*href="#([^"]+)"/g)].map((match) => match[1])
      const sectionIds = [...main.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]).filter((id) => id !== 'contents-heading')
      expect(contentsLinks).toEqual(sectionIds.length >= tableOfContentsMinimumSections ? sectionIds : [])
      expect(new Set(sectionIds).size).toBe(sectionIds.length)
    },
  )

  test('links between content pages go to the same site’s own paths', async () => {
    let linkCount = 0
    for (const site of Object.values(sites)) {
      for (const [, path] of pagesOf(site)) {
        const html = await (await fetchPage(host(site), path)).text()
        const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
        const internalLinks = [...main.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((match) => match[1])
        // The land feed documentation also links the feed's state counts, a page of the same site.
        for (const link of internalLinks)
          expect([...Object.values(site.contentPaths), ...(site.contentPaths.landFeedDocs ? [landFeedStatesPath] : [])]).toContain(link)
        linkCount += internalLinks.length
      }
    }
    expect(linkCount).toBeGreaterThan(10)
  })

  test('the farm site has no photo-terms page, so its advertising terms carry the photo rules', async () => {
    expect(sites.farm.contentPaths.photoTerms).toBeUndefined()
    const farm = textOf(await (await fetchPage(host(sites.farm), sites.farm.contentPaths.advertisingTerms!)).text())
    const land = textOf(await (await fetchPage(host(sites.land), sites.land.contentPaths.advertisingTerms!)).text())
    expect(farm).toContain('The license you give us')
    expect(land).not.toContain('The license you give us')
    expect(land).toContain('Terms and Conditions for Submitting Photos')
  })

  test('a path without its trailing slash, or in other letters, is sent to the page’s own path', async () => {
    const moved = await fetchPage('land.localhost', '/TermsOfUse', { headers: { accept: 'text/html' } })
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/termsofuse/')
    const slashed = await fetchPage('hunting.localhost', '/terms-conditions/', { headers: { accept: 'text/html' } })
    expect(slashed.status).toBe(301)
    expect(slashed.headers.get('location')).toBe('/terms-conditions')
  })
})

describe('content paths of other sites', () => {
  // The land feed's documentation is a spec §2 shared route: another site leads to it (feed-pages.test.ts).
  const foreign = Object.values(sites).flatMap((site) =>
    everyPage
      .filter((page) => page.kind !== 'landFeedDocs' && !Object.values(site.contentPaths).some((path) => comparable(path) === comparable(page.path)))
      .map((page) => [site.key, page.path, site] as const),
  )

  test.each(foreign)('%s answers %s with its own 404 page', async (_key, path, site) => {
    const response = await fetchPage(host(site), path)
    expect(response.status).toBe(404)
    expect(decodeEntities(await response.text())).toContain(site.wording.notFound)
  })
})

describe('route config', () => {
  test('registers exactly the content paths the site profiles name, all on one module', () => {
    const contentRoutes = routes.filter((route) => route.file === 'routes/content-page.tsx').map((route) => route.path)
    const profilePaths = new Set(everyPage.map((page) => comparable(page.path)))
    expect(new Set(contentRoutes)).toEqual(profilePaths)
    expect(contentRoutes).toHaveLength(profilePaths.size)
  })
})
