import { describe, expect, test } from 'vitest'
import { resolveSite, sites } from '~/sites/index'
import { screens } from '~/sites/screens'

describe('resolveSite', () => {
  test.each([
    ['land.localhost', 'land'],
    ['localhost', 'land'],
    ['localhost:3000', 'land'],
    ['farm.localhost:3000', 'farm'],
    ['hunting.localhost', 'hunting'],
    ['VALUE.LOCALHOST', 'value'],
    ['127.0.0.1:3100', 'land'],
  ])('%s is the %s site', (host, key) => {
    expect(resolveSite(host).key).toBe(key)
  })

  test('an unknown host gets the main land site', () => {
    expect(resolveSite('example.org').key).toBe('land')
    expect(resolveSite(undefined).key).toBe('land')
    expect(resolveSite('nosuchsite.localhost').key).toBe('land')
  })

  test('configured production hosts map to their sites, and unknown keys are ignored', () => {
    const hosts = { 'www.farmfinder.test': 'farm', 'wild.test': 'hunting', 'odd.test': 'nosuchsite' }
    expect(resolveSite('www.farmfinder.test', hosts).key).toBe('farm')
    expect(resolveSite('wild.test:443', hosts).key).toBe('hunting')
    expect(resolveSite('odd.test', hosts).key).toBe('land')
  })
})

describe('site profiles', () => {
  test('carry the spec site ids', () => {
    expect(Object.fromEntries(Object.values(sites).map((site) => [site.key, site.siteId]))).toEqual({
      land: 0,
      farm: 1080,
      hunting: 1113,
      value: 2005,
    })
  })

  test('each site has its own name, colours and font', () => {
    const profiles = Object.values(sites)
    for (const field of ['name', 'trackingContainerId'] as const) {
      expect(new Set(profiles.map((site) => site[field])).size).toBe(profiles.length)
    }
    expect(new Set(profiles.map((site) => site.theme.brand)).size).toBe(profiles.length)
    expect(new Set(profiles.map((site) => site.theme.fontFamily)).size).toBe(profiles.length)
  })
})

test('spec §9: the breakpoints, and the search page’s mobile mode below medium on the main land site and below small elsewhere', () => {
  expect(screens).toEqual({
    small: '601px',
    medium: '901px',
    'list-map': '990px',
    tablet: '1025px',
    'medium-large': '1201px',
    'larger-than-ipad-pro': '1401px',
    large: '1601px',
  })
  expect(Object.fromEntries(Object.values(sites).map((site) => [site.key, site.mobileSearchBelow]))).toEqual({
    land: 'medium',
    farm: 'small',
    hunting: 'small',
    value: 'small',
  })
})
