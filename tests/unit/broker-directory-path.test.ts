import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { type BrokerDirectoryCriteria, brokerSortOptions, brokerTypeOptions, normalizeDirectoryCriteria } from '~/models/brokers/broker-directory'
import { buildBrokerDirectoryPath, parseBrokerDirectoryPath } from '~/sites/broker-directory-path'
import { brokerPagePath, parseBrokerPath } from '~/models/brokers/broker-path'
import { sites } from '~/sites/index'

const { land, farm, hunting, value } = sites
const directorySites = [land, farm, hunting]

const maybe = <Value>(arbitrary: fc.Arbitrary<Value>) => fc.option(arbitrary, { nil: undefined })

/** Any criteria the directory's links and form can make, in normal form. */
const criteriaArbitrary: fc.Arbitrary<BrokerDirectoryCriteria> = fc
  .record({
    state: maybe(fc.stringMatching(/^[a-z]{2,12}(-[a-z]{2,8})?$/)),
    brokerType: maybe(fc.constantFrom(...brokerTypeOptions.map((option) => option.word))),
    sort: fc.constantFrom(...brokerSortOptions.map((option) => option.key)),
    page: fc.integer({ min: 1, max: 9999 }),
    name: maybe(fc.string({ maxLength: 40 })),
  })
  .map(normalizeDirectoryCriteria)

function parse(site: (typeof sites)['land'], path: string) {
  const [pathname = '', query = ''] = path.split('?')
  return parseBrokerDirectoryPath(site, pathname, new URLSearchParams(query))
}

describe('broker directory paths', () => {
  test('building then reading a directory path gives back the criteria, on every site with a directory', () => {
    for (const site of directorySites) {
      fc.assert(
        fc.property(criteriaArbitrary, (criteria) => {
          const path = buildBrokerDirectoryPath(site, criteria)
          const parsed = parse(site, path)
          expect(parsed?.criteria).toEqual(criteria)
          expect(parsed?.normalPath).toBe(path)
        }),
      )
    }
  })

  test.each([
    [land, {}, '/broker/'],
    [land, { state: 'texas', brokerType: 'agents', sort: 'name-asc', page: 2 }, '/broker/texas/agents/sort-az/page-2/'],
    [farm, { state: 'new-mexico' }, '/real-estate-agents/new-mexico/'],
    [farm, { brokerType: 'auctioneer', sort: 'listings-desc' }, '/real-estate-agents/auctioneer/sort-listings-high/'],
    [hunting, { sort: 'price-desc', page: 3 }, '/find-agent/sort-price-high/page-3/'],
    [hunting, { brokerType: 'retailer', sort: 'acres-desc' }, '/find-agent/retailer/sort-acres-high/'],
    [land, { brokerType: 'owner', sort: 'name-desc', name: '  Smith   Farms ' }, '/broker/owner/sort-za/?name=Smith+Farms'],
  ] as const)('%s.key %o is %s (spec §2 type words and sort tokens)', (site, criteria, path) => {
    expect(buildBrokerDirectoryPath(site, criteria)).toBe(path)
  })

  test('other spellings read as the same page, whose normal path the route redirects to', () => {
    expect(parse(land, '/broker/Texas/AGENTS')?.normalPath).toBe('/broker/texas/agents/')
    expect(parse(land, '/broker/page-1/')?.normalPath).toBe('/broker/')
    expect(parse(land, '/broker/?name=')?.normalPath).toBe('/broker/')
  })

  test("unknown words, a wrong order, page 0 and another site's directory are not directory paths", () => {
    for (const path of [
      '/broker/texas/realtors/',
      '/broker/agents/texas/',
      '/broker/sort-az/agents/',
      '/broker/page-0/',
      '/broker/texas/ohio/',
      '/broker/sort-newest/',
      '/brokers/',
    ]) {
      expect(parse(land, path), path).toBeUndefined()
    }
    expect(parse(farm, '/broker/')).toBeUndefined()
    expect(parse(hunting, '/real-estate-agents/')).toBeUndefined()
    expect(parse(value, '/broker/')).toBeUndefined()
  })

  test('a name search keeps at most 80 characters', () => {
    const parsed = parse(land, `/broker/?name=${'a'.repeat(200)}`)
    expect(parsed?.criteria.name).toHaveLength(80)
  })
})

describe('broker listings pages', () => {
  const broker = { id: 321, contactName: 'Jane Doe', companyName: 'Doe Land' }

  test.each([
    [land, '/member/jane-doe/321/listings/page-2/'],
    [farm, '/broker/jane-doe-321/land/page-2/'],
    [hunting, '/profile/jane-doe/321/properties/page-2'],
  ])('%s.key: a later page of listings reads back to its page', (site, path) => {
    expect(brokerPagePath(site, broker, 'listings', 2)).toBe(path)
    expect(parseBrokerPath(site, path)).toEqual({ brokerId: 321, kind: 'listings', page: 2 })
  })

  test('the profile has no pages, and page 0 is no page', () => {
    expect(brokerPagePath(land, broker, 'profile', 2)).toBe('/member/jane-doe/321')
    expect(parseBrokerPath(land, '/member/jane-doe/321/page-2/')).toBeUndefined()
    expect(parseBrokerPath(land, '/member/jane-doe/321/listings/page-0/')).toBeUndefined()
  })
})
