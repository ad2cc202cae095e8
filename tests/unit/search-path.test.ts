import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { emptyCriteria, normalizeCriteria } from '~/models/search/search-criteria'
import { sites } from '~/sites/index'
import { buildSearchPath, parseSearchPath } from '~/models/search/search-path'
import { specLandingSegments } from '../support/spec-landing-paths'
import { searchCriteriaArbitrary } from '../support/url-arbitraries'

const grammars = [
  { site: sites.land, withBroker: true },
  { site: sites.farm, withBroker: false },
  { site: sites.hunting, withBroker: false },
]

describe.each(grammars)('search paths on $site.key', ({ site, withBroker }) => {
  test('building then parsing gives back the same criteria', () => {
    fc.assert(
      fc.property(searchCriteriaArbitrary({ withBroker }), (criteria) => {
        const path = buildSearchPath(site, criteria)
        const [pathname, query] = path.split('?')
        const parsed = parseSearchPath(site, pathname!, new URLSearchParams(query))
        expect(parsed?.criteria).toEqual(criteria)
        expect(parsed?.normalPath).toBe(path)
      }),
      { numRuns: 400 },
    )
  })

  test('any spelling of a search (case, token order, page-1) has the same normal path', () => {
    fc.assert(
      fc.property(searchCriteriaArbitrary({ withBroker }), fc.boolean(), (criteria, upperCase) => {
        const path = buildSearchPath(site, { ...criteria, keywordQuery: undefined })
        const segments = path.split('/').filter(Boolean)
        const { state, places, zip, brokerId } = criteria
        const locationOnly = buildSearchPath(site, normalizeCriteria({ state, places, zip, brokerId })).split('/').filter(Boolean)
        const locationLength = segments.includes('all-land') ? locationOnly.length : locationOnly.filter((segment) => segment !== 'all-land').length
        const head = segments.slice(0, locationLength)
        const filters = segments.slice(locationLength)
        const respelled = `/${[...head, ...[...filters].reverse(), ...(criteria.page === 1 ? ['page-1'] : [])].join('/')}`
        const parsed = parseSearchPath(site, upperCase ? respelled.toUpperCase() : respelled)
        expect(parsed?.normalPath).toBe(path)
      }),
      { numRuns: 200 },
    )
  })

  test('the canonical path never names map bounds', () => {
    const bounds = { south: 30.1, west: -98.2, north: 30.6, east: -97.4 }
    const path = buildSearchPath(site, normalizeCriteria({ state: 'texas', mapBounds: bounds }))
    expect(path).toContain('map-30.1_-98.2_30.6_-97.4')
    const parsed = parseSearchPath(site, path)!
    expect(parsed.criteria.mapBounds).toEqual(bounds)
    expect(parsed.canonicalPath).not.toContain('map-')
  })

  test('a drawn area is its box plus its polygon, and neither is in the canonical path', () => {
    const triangle: [number, number][] = [
      [30.5, -97.5],
      [30.1, -98.2],
      [30.2, -97.3],
    ]
    const path = buildSearchPath(site, normalizeCriteria({ state: 'texas', mapPolygon: triangle }))
    expect(path).toMatch(/\/map-30\.1_-98\.2_30\.5_-97\.3\/polygon-[a-z2-7]+(\/|$)/)
    const parsed = parseSearchPath(site, path)!
    expect(parsed.criteria.mapPolygon).toEqual([
      [30.1, -98.2],
      [30.2, -97.3],
      [30.5, -97.5],
    ])
    expect(parsed.canonicalPath).not.toMatch(/map-|polygon-/)
    // Another box with the same area is the same search, spelled the normal way.
    const otherBox = path.replace('map-30.1_-98.2_30.5_-97.3', 'map-29_-99_31_-97')
    expect(parseSearchPath(site, otherBox)?.normalPath).toBe(path)
  })

  test.each(['polygon-', 'polygon-abc', `polygon-${'a'.repeat(3000)}`, 'polygon-ab1c'])('a broken drawn area %s is no search', (token) => {
    const path = buildSearchPath(site, normalizeCriteria({ state: 'texas', propertyTypes: ['hunting-land'] }))
    const parsed = parseSearchPath(site, `${path.replace(/\/?$/, '/')}${token}/`)
    // On the land site an unknown token after the state reads as a place, which the gazetteer rejects.
    expect(parsed === undefined || parsed.criteria.places.length > 0).toBe(true)
    expect(parsed?.criteria.mapPolygon).toBeUndefined()
  })

  test.each(['/search/texas-land-for-sale/bogus-token/price-under-100/', '/texas-land-for-sale/price-under-100/zzz', '/nowhere', '/', '/land/land'])(
    'an unknown path %s is not a search',
    (path) => {
      if (site.searchGrammar === 'land' && path === '/search/texas-land-for-sale/bogus-token/price-under-100/') {
        // On the land site 'bogus-token' reads as a place; the engine's place lookup rejects it.
        expect(parseSearchPath(site, path)?.criteria.places).toEqual(['bogus-token'])
        return
      }
      expect(parseSearchPath(site, path)).toBeUndefined()
    },
  )
})

describe('the land site grammar', () => {
  test.each(specLandingSegments)('the spec landing path /search/%s/ is a canonical search', (landing) => {
    const path = `/search/${landing}/`
    const parsed = parseSearchPath(sites.land, path)
    expect(parsed?.normalPath).toBe(path)
    expect(parsed?.canonicalPath).toBe(path)
  })

  test('a state, county, type, price and acres read as the user wrote them', () => {
    const parsed = parseSearchPath(
      sites.land,
      '/search/texas-land-for-sale/travis-county/hunting-land-for-sale/price-under-250000/acres-10-50/listed-7-days/owner-financing/sort-price-high/page-3/',
    )!
    expect(parsed.criteria).toEqual({
      ...emptyCriteria,
      state: 'texas',
      places: ['travis-county'],
      propertyTypes: ['hunting-land'],
      priceMax: 250_000,
      acresMin: 10,
      acresMax: 50,
      dateListed: '7-days',
      ownerFinancing: true,
      sortOrder: 'price-desc',
      page: 3,
    })
  })

  test('sold price and sold date tokens read as written and mean sold listings only', () => {
    const parsed = parseSearchPath(sites.land, '/search/texas-land-for-sale/sold-price-100000-500000/sold-2024-01-01-2024-12-31/')!
    expect(parsed.criteria).toEqual({
      ...emptyCriteria,
      state: 'texas',
      marketStatuses: ['sold'],
      salesPriceMin: 100_000,
      salesPriceMax: 500_000,
      soldDateMin: '2024-01-01',
      soldDateMax: '2024-12-31',
    })
    expect(parsed.normalPath).toBe('/search/texas-land-for-sale/sold-price-100000-500000/sold-2024-01-01-2024-12-31/')
    expect(parseSearchPath(sites.land, '/search/all-land/sold-price-under-90000/sold-since-2025-03-01/')?.criteria).toMatchObject({
      salesPriceMax: 90_000,
      soldDateMin: '2025-03-01',
    })
    expect(parseSearchPath(sites.land, '/search/all-land/sold-price-over-90000/sold-until-2025-03-01/')?.criteria).toMatchObject({
      salesPriceMin: 90_000,
      soldDateMax: '2025-03-01',
    })
  })

  test('a sold token makes a status token redundant, and reversed or out-of-range bounds are tidied', () => {
    const respelled = parseSearchPath(sites.land, '/search/texas-land-for-sale/status-available/status-sold/sold-price-500000-100000/sold-2031-01-01-1850-06-01/')!
    expect(respelled.normalPath).toBe('/search/texas-land-for-sale/sold-price-100000-500000/sold-1900-01-01-2031-01-01/')
    expect(respelled.criteria.marketStatuses).toEqual(['sold'])
  })

  test.each([
    '/search/all-land/sold-since-2024-02-30/',
    '/search/all-land/sold-2024-13-01-2024-12-31/',
    '/search/all-land/sold-yesterday/',
    '/search/all-land/sold-price-cheap/',
  ])('a sold token that is not a real day or price, %s, is not a search', (path) => {
    expect(parseSearchPath(sites.land, path)).toBeUndefined()
  })

  test('near-me zip searches and broker results have their own shapes', () => {
    expect(parseSearchPath(sites.land, '/search/texas/78701-land-for-sale/')?.criteria).toMatchObject({ state: 'texas', zip: '78701' })
    expect(parseSearchPath(sites.land, '/member/4321/sort-newest/')?.criteria).toMatchObject({ brokerId: 4321, sortOrder: 'newest' })
  })

  test.each([
    ['sort-az', 'title-asc'],
    ['sort-za', 'title-desc'],
    ['sort-listings-high', 'seller-listings-desc'],
    ['sort-price-high', 'price-desc'],
    ['sort-acres-high', 'acres-desc'],
  ] as const)('the spec §2 token %s parses and builds on every search site', (token, sortOrder) => {
    for (const [site, path] of [
      [sites.land, `/search/all-land/${token}/page-2/`],
      [sites.land, `/search/texas-land-for-sale/travis-county/${token}/`],
      [sites.farm, `/texas-land-for-sale/${token}`],
      [sites.hunting, `/land/${token}`],
    ] as const) {
      const parsed = parseSearchPath(site, path)
      expect(parsed?.criteria.sortOrder, path).toBe(sortOrder)
      expect(parsed!.normalPath).toBe(path)
      expect(buildSearchPath(site, parsed!.criteria)).toBe(path)
    }
  })

  test('latitude and longitude come before the page token', () => {
    const path = buildSearchPath(sites.land, normalizeCriteria({ state: 'texas', latitude: 30.2672, longitude: -97.7431, page: 2 }))
    expect(path).toBe('/search/texas-land-for-sale/lat30.2672/long-97.7431/page-2/')
  })

  test('the rural grammar is not the land site grammar', () => {
    expect(parseSearchPath(sites.land, '/land')).toBeUndefined()
    expect(parseSearchPath(sites.land, '/texas-land-for-sale/')).toBeUndefined()
    expect(parseSearchPath(sites.farm, '/search/all-land/')).toBeUndefined()
    expect(parseSearchPath(sites.hunting, '/search/texas-land-for-sale/')).toBeUndefined()
    expect(parseSearchPath(sites.value, '/search/all-land/')).toBeUndefined()
  })
})

describe('the rural grammar', () => {
  test('national, state and place searches read as /land and /{state}-land-for-sale', () => {
    expect(parseSearchPath(sites.farm, '/land')?.normalPath).toBe('/land')
    expect(parseSearchPath(sites.farm, '/land/farms/')?.normalPath).toBe('/land/farms')
    const parsed = parseSearchPath(sites.hunting, '/Texas-Land-For-Sale/Travis-County/hunting-land/auctions')!
    expect(parsed.normalPath).toBe('/texas-land-for-sale/travis-county/hunting-land/auctions')
    expect(parsed.criteria).toMatchObject({ state: 'texas', places: ['travis-county'], propertyTypes: ['hunting-land'], transactionTypes: ['auction'] })
  })

  test('sold tokens follow the place and type as on the land site', () => {
    const path = buildSearchPath(sites.farm, normalizeCriteria({ state: 'texas', propertyTypes: ['ranches'], salesPriceMin: 250_000, soldDateMax: '2025-06-30' }))
    expect(path).toBe('/texas-land-for-sale/ranches/sold-price-over-250000/sold-until-2025-06-30')
    expect(parseSearchPath(sites.farm, path)?.criteria).toMatchObject({ marketStatuses: ['sold'], salesPriceMin: 250_000, soldDateMax: '2025-06-30' })
  })
})

describe('price per acre below the county median (issue 19)', () => {
  test.each(grammars)('is a filter token and a sort token on $site.key, and reads back as written', ({ site }) => {
    const criteria = normalizeCriteria({ state: 'texas', belowMedianPricePerAcre: true, sortOrder: 'price-per-acre-below-median' })
    const path = buildSearchPath(site, criteria)
    expect(path).toMatch(/\/below-county-median\/sort-below-county-median\/?$/)
    expect(parseSearchPath(site, path)?.criteria).toEqual(criteria)
  })
})

describe('a price per acre range (issue 40, beyond the spec)', () => {
  const shapes = [
    ['price-per-acre-under-5000', { pricePerAcreMax: 5_000 }],
    ['price-per-acre-over-1000', { pricePerAcreMin: 1_000 }],
    ['price-per-acre-1000-5000', { pricePerAcreMin: 1_000, pricePerAcreMax: 5_000 }],
  ] as const
  const statePaths = { land: '/search/texas-land-for-sale', rural: '/texas-land-for-sale' }

  test.each(grammars)('each token shape builds and parses on $site.key', ({ site }) => {
    const head = site.searchGrammar === 'land' ? statePaths.land : statePaths.rural
    const tail = site.searchGrammar === 'land' ? '/' : ''
    for (const [token, bounds] of shapes) {
      const criteria = normalizeCriteria({ state: 'texas', ...bounds })
      expect(buildSearchPath(site, criteria)).toBe(`${head}/${token}${tail}`)
      expect(parseSearchPath(site, `${head}/${token}${tail}`)?.criteria).toEqual(criteria)
    }
  })

  test.each(grammars)('follows the price token and is never read as a price on $site.key', ({ site }) => {
    const criteria = normalizeCriteria({ state: 'texas', propertyTypes: ['ranches'], priceMax: 900_000, pricePerAcreMax: 5_000, acresMin: 40 })
    const path = buildSearchPath(site, criteria)
    expect(path).toMatch(/\/price-under-900000\/price-per-acre-under-5000\/acres-over-40\/?$/)
    expect(parseSearchPath(site, path)?.criteria).toEqual(criteria)
    const perAcreOnly = parseSearchPath(site, buildSearchPath(site, normalizeCriteria({ state: 'texas', pricePerAcreMin: 2_000 })))!.criteria
    expect(perAcreOnly).toMatchObject({ pricePerAcreMin: 2_000 })
    expect(perAcreOnly.priceMin).toBeUndefined()
  })

  test('reversed bounds are swapped and a fraction of a dollar rounded, in the normal path', () => {
    const parsed = parseSearchPath(sites.land, '/search/texas-land-for-sale/price-per-acre-5000-1000.4/')!
    expect(parsed.criteria).toMatchObject({ pricePerAcreMin: 1_000, pricePerAcreMax: 5_000 })
    expect(parsed.normalPath).toBe('/search/texas-land-for-sale/price-per-acre-1000-5000/')
  })

  test.each(['price-per-acre-under-cheap', 'price-per-acre-under-', 'price-per-acres-under-5000', 'price-per-under-5000'])(
    'a broken price per acre token, %s, is not a search',
    (token) => {
      expect(parseSearchPath(sites.land, `/search/all-land/${token}/`)).toBeUndefined()
      expect(parseSearchPath(sites.farm, `/land/${token}`)).toBeUndefined()
    },
  )
})
