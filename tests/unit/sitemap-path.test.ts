import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { type SitemapFile, type SitemapPage, parseSitemapFileName, parseSitemapPath, sitemapFileName, sitemapPath } from '~/models/sitemaps/sitemap-path'

const { land, farm, hunting, value } = sites

const texas = { kind: 'state', stateSlug: 'Texas' } as const
const travis = { kind: 'county', countySlug: 'Travis-County-TX', page: 1 } as const
const orleans = { kind: 'county', countySlug: 'Orleans-Parish-LA', page: 3 } as const
const juneau = { kind: 'county', countySlug: 'Juneau-Borough-AK', page: 1 } as const
const featured = { kind: 'featured-listing', stateAbbreviation: 'TX', page: 1 } as const
const newListings = { kind: 'new-listing', stateAbbreviation: 'NM', page: 2 } as const

describe('sitemap paths', () => {
  test.each([
    [{ kind: 'home' }, '/sitemap/', '/sitemap/', '/sitemap'],
    [texas, '/sitemap/Texas', '/sitemap/texas/', '/sitemap/texas'],
    [{ kind: 'state', stateSlug: 'New-Mexico' }, '/sitemap/New-Mexico', '/sitemap/new-mexico/', '/sitemap/new-mexico'],
    [travis, '/sitemap/Travis-County-TX', '/sitemap/travis-county-tx/', '/sitemap/travis-county-tx'],
    [orleans, '/sitemap/Orleans-Parish-LA/page-3', '/sitemap/orleans-parish-la/page-3/', '/sitemap/orleans-parish-la/page-3'],
    [juneau, '/sitemap/Juneau-Borough-AK', '/sitemap/juneau-borough-ak/', '/sitemap/juneau-borough-ak'],
    [featured, '/sitemap/featured-listing/TX', '/sitemap/featured-listing/tx/', '/sitemap/featured-listing/tx'],
    [newListings, '/sitemap/new-listing/NM/page-2', '/sitemap/new-listing/nm/page-2/', '/sitemap/new-listing/nm/page-2'],
  ] as [SitemapPage, string, string, string][])('%o is %s on the land site, %s on the farm site and %s on the hunting site', (page, onLand, onFarm, onHunting) => {
    expect(sitemapPath(land, page)).toBe(onLand)
    expect(sitemapPath(farm, page)).toBe(onFarm)
    expect(sitemapPath(hunting, page)).toBe(onHunting)
  })

  test('every site reads back what it builds, whatever the case and trailing slash of the request', () => {
    const slug = fc.stringMatching(/^[A-Z][a-z]{1,8}(-[A-Z][a-z]{1,8}){0,2}$/)
    const page = fc.integer({ min: 1, max: 999 })
    const sitemapPage: fc.Arbitrary<SitemapPage> = fc.oneof(
      fc.constant({ kind: 'home' as const }),
      slug.map((stateSlug) => ({ kind: 'state' as const, stateSlug })),
      fc
        .record({ name: slug, suffix: fc.constantFrom('County', 'Parish', 'Borough'), state: fc.stringMatching(/^[A-Z]{2}$/), page })
        .map(({ name, suffix, state, page }) => ({ kind: 'county' as const, countySlug: `${name}-${suffix}-${state}`, page })),
      fc.record({ kind: fc.constantFrom('featured-listing' as const, 'new-listing' as const), stateAbbreviation: fc.stringMatching(/^[A-Z]{2}$/), page }),
    )
    fc.assert(
      fc.property(sitemapPage, fc.constantFrom(land, farm, hunting), fc.boolean(), (sitemap, site, withSlash) => {
        const path = sitemapPath(site, sitemap)
        const requested = withSlash ? `${path.replace(/\/$/, '')}/` : path.replace(/\/$/, '')
        const parsed = parseSitemapPath(site, requested.toUpperCase().replace('/SITEMAP', '/sitemap'))
        expect(parsed).toBeDefined()
        // The loader finds places whatever their case, then answers with the canonical spelling.
        expect(sitemapPath(site, parsed!).toLowerCase()).toBe(path.toLowerCase())
      }),
    )
  })

  test.each([
    '/sitemaps/',
    '/sitemap/Texas/page-2',
    '/sitemap/Texas/Travis',
    '/sitemap/featured-listing',
    '/sitemap/featured-listing/Texas',
    '/sitemap/new-listing/TX/extra',
    '/sitemap/page-2',
    '/sitemap/Travis-County-TX/page-0',
    '/sitemap/Travis-County-TX/page-12345',
    '/sitemap/Texas-2',
    '/sitemap/%E0%A4%A',
  ])('%s is no sitemap page', (path) => {
    expect(parseSitemapPath(land, path)).toBeUndefined()
  })

  test('the valuation site has a sitemap home page and no place pages', () => {
    expect(parseSitemapPath(value, '/sitemap/')).toEqual({ kind: 'home' })
    expect(parseSitemapPath(value, '/sitemap/Texas')).toBeUndefined()
    expect(parseSitemapPath(value, '/sitemap/featured-listing/TX')).toBeUndefined()
  })
})

describe('XML sitemap file names', () => {
  test.each([
    [{ kind: { listingsOf: 'TX' }, part: 1 }, 'listings-tx.xml'],
    [{ kind: { listingsOf: 'tx' }, part: 2 }, 'listings-tx-2.xml'],
    [{ kind: 'landings', part: 1 }, 'landings.xml'],
    [{ kind: 'searches', part: 12 }, 'searches-12.xml'],
    [{ kind: 'brokers', part: 1 }, 'brokers.xml'],
    [{ kind: 'pages', part: 1 }, 'pages.xml'],
  ] as [SitemapFile, string][])('%o is named %s and reads back', (file, name) => {
    expect(sitemapFileName(file)).toBe(name)
    const parsed = parseSitemapFileName(name)!
    expect(sitemapFileName(parsed)).toBe(name)
  })

  test.each(['listings-tx-1.xml', 'searches-1.xml', 'listings-TX.xml', 'listings-texas.xml', 'searches-01.xml', 'sitemap.xml', 'brokers.xml.gz', 'pages'])(
    '%s names no file',
    (name) => {
      expect(parseSitemapFileName(name)).toBeUndefined()
    },
  )
})
