import { describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { resolveSitePath, type SitePathKind } from '~/sites/site-path'

const { land, farm, hunting } = sites
const every: SitePathKind[] = ['landing', 'broker-profile', 'broker-listings', 'broker-directory', 'search']
const kindOf = (site: (typeof sites)[keyof typeof sites], path: string, kinds = every) => resolveSitePath(site, new URL(path, 'http://localhost'), kinds)?.kind

describe('one path, read through the site’s grammars once', () => {
  test('a one-segment path is a landing page on the land site and a search on the rural sites', () => {
    expect(resolveSitePath(land, new URL('http://localhost/Texas'), every)).toMatchObject({ kind: 'landing', landing: { kind: 'state' } })
    expect(kindOf(farm, '/land')).toBe('search')
    expect(kindOf(hunting, '/texas-land-for-sale')).toBe('search')
  })

  test('a broker path is the profile or the listings page on each site’s spelling', () => {
    expect(resolveSitePath(land, new URL('http://localhost/member/jane-doe/321'), every)).toEqual({ kind: 'broker-profile', brokerId: 321 })
    expect(kindOf(land, '/member/jane-doe/321/listings/page-2/')).toBe('broker-listings')
    expect(kindOf(farm, '/broker/jane-doe-321/')).toBe('broker-profile')
    expect(kindOf(hunting, '/profile/jane-doe/321/properties')).toBe('broker-listings')
  })

  test('the land site’s /broker/… is its directory, and /member/{id}/… its broker results search', () => {
    expect(kindOf(land, '/broker/texas/agents/')).toBe('broker-directory')
    expect(kindOf(land, '/member/4321/sort-newest/')).toBe('search')
  })

  test('a page the route does not draw is no page (the site’s 404)', () => {
    expect(kindOf(land, '/Texas', ['broker-directory'])).toBeUndefined()
    expect(kindOf(land, '/member/jane-doe/321/listings/', ['broker-profile'])).toBeUndefined()
    expect(kindOf(land, '/member/jane-doe/321', ['broker-profile', 'search'])).toBe('broker-profile')
  })
})
