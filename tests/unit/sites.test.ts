import { describe, expect, test } from 'vitest'
import { readConfig } from '~/config.server'
import { sites } from '~/sites/index'
import { siteOfHost, siteOrigin } from '~/sites/site-origin.server'
import { screens } from '~/sites/screens'

describe('siteOfHost', () => {
  const noConfiguration = { siteOrigins: {}, siteHosts: {} }
  test.each([
    ['land.localhost', 'land'],
    ['localhost', 'land'],
    ['localhost:3000', 'land'],
    ['farm.localhost:3000', 'farm'],
    ['hunting.localhost', 'hunting'],
    ['VALUE.LOCALHOST', 'value'],
    ['127.0.0.1:3100', 'land'],
    ['[::1]:3000', 'land'],
  ])('%s is the %s site', (host, key) => {
    expect(siteOfHost(host, noConfiguration)?.key).toBe(key)
  })

  test.each([
    'example.org',
    'nosuchsite.localhost',
    // A header that a loose "ends in .localhost" test let through, and that new URL() reads as evil.example.
    'evil.example#.localhost',
    'evil.example/.localhost',
    'evil.example?.localhost',
    'evil.example@land.localhost',
    'land.localhost:3000:80',
    '',
    'a'.repeat(100_000),
  ])('%s is no host of ours', (host) => {
    expect(siteOfHost(host, noConfiguration)).toBeUndefined()
  })

  test('the hosts of the configured origins and the SITE_HOSTS aliases map to their sites; unknown keys are ignored', () => {
    const configuration = {
      siteOrigins: { farm: 'https://www.farmfinder.test', value: 'https://acreworth.test:8443' },
      siteHosts: { 'farmfinder.test': 'farm', 'wild.test': 'hunting', 'odd.test': 'nosuchsite' },
    }
    expect(siteOfHost('www.farmfinder.test', configuration)?.key).toBe('farm')
    expect(siteOfHost('WWW.FARMFINDER.TEST.', configuration)?.key).toBe('farm')
    expect(siteOfHost('acreworth.test', configuration)?.key).toBe('value')
    expect(siteOfHost('farmfinder.test', configuration)?.key).toBe('farm')
    expect(siteOfHost('wild.test:443', configuration)?.key).toBe('hunting')
    expect(siteOfHost('odd.test', configuration)).toBeUndefined()
  })
})

describe('siteOrigin', () => {
  test('is the configured origin, else the development host on the configured port', () => {
    const configuration = { siteOrigins: { land: 'https://www.landatlas.test' }, port: 3100 }
    expect(siteOrigin(sites.land, configuration)).toBe('https://www.landatlas.test')
    expect(siteOrigin(sites.farm, configuration)).toBe('http://farm.localhost:3100')
  })

  test('is read from SITE_ORIGINS and SITE_ORIGIN_{KEY}, and a setting that is not an origin stops the start', () => {
    const config = readConfig({ SITE_ORIGINS: 'land=https://www.landatlas.test, farm=https://farm.test/', SITE_ORIGIN_VALUE: 'https://acreworth.test' })
    expect(config.siteOrigins).toEqual({ land: 'https://www.landatlas.test', farm: 'https://farm.test', value: 'https://acreworth.test' })
    expect(() => readConfig({ SITE_ORIGIN_LAND: 'https://www.landatlas.test/path' })).toThrow(/SITE_ORIGIN_LAND: .* must be an origin only/)
    expect(() => readConfig({ SITE_ORIGINS: 'land=javascript:alert(1)' })).toThrow(/SITE_ORIGINS/)
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
