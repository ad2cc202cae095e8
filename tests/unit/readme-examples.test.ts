import fs from 'node:fs'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { resolveFreeText } from '~/models/places/autocomplete.server'
import { type Gazetteer, loadGazetteer, resolveLocation } from '~/models/places/gazetteer.server'
import { suggestionHref } from '~/models/places/location-search.server'
import { emptyCriteria } from '~/models/search/search-criteria'
import { searchListings } from '~/models/search/search.server'
import { defaultSeed } from '~/dev-data/seed.server'
import { sites } from '~/sites/index'
import { parseSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

/**
 * The README's "Things to try" must show results on the data `npm start` seeds: its search URLs,
 * and the places and zip it suggests typing into the home page's box.
 */
const readme = fs.readFileSync('README.md', 'utf8')
let db: Kysely<Database>
let gazetteer: Gazetteer

beforeAll(async () => {
  db = await migrateAndSeed(freshSqliteDatabase('readme-examples'), defaultSeed)
  gazetteer = await loadGazetteer(db)
}, 120_000)

afterAll(async () => {
  await db?.destroy()
})

async function resultCount(site: SiteProfile, path: string) {
  const [pathname, query] = path.split('?')
  const parsed = parseSearchPath(site, pathname!, new URLSearchParams(query))
  if (!parsed) throw new Error(`${path} is no search on ${site.name}`)
  const resolved = resolveLocation(gazetteer, parsed.criteria)
  if (!resolved.ok) throw new Error(`${path} names no known place`)
  const results = await searchListings(db, { criteria: parsed.criteria, location: resolved.location, scopeBits: site.listingScopeBits, now: new Date() })
  return results.totalCount
}

/** Where typing `text` into the home page's location box leads (the box's no-JavaScript endpoint, /find). */
async function typedSearchPath(site: SiteProfile, text: string) {
  const resolution = await resolveFreeText(db, gazetteer, text)
  if (resolution.kind !== 'match') throw new Error(`'${text}' is not one place`)
  return (await suggestionHref(db, site, gazetteer, emptyCriteria, resolution.suggestion))!
}

test('every search URL the README shows has results on the default seed', async () => {
  const examples = [...readme.matchAll(/http:\/\/(land|farm|hunting)\.localhost:3000(\/[^\s)`]*)/g)]
    .map(([, siteKey, path]) => ({ site: sites[siteKey as 'land' | 'farm' | 'hunting'], path: path! }))
    .filter(({ site, path }) => parseSearchPath(site, path.split('?')[0]!) !== undefined)
  expect(examples.length).toBeGreaterThanOrEqual(2)
  for (const { site, path } of examples) expect(await resultCount(site, path), `${site.key} ${path}`).toBeGreaterThan(0)
})

test('the places and the zip the README suggests typing into the home page box have results on the default seed', async () => {
  const suggestion = readme.match(/search from the home page box \(([^)]*)\)/)?.[1]?.replace(/\s+/g, ' ')
  expect(suggestion).toBeDefined()
  const zip = suggestion!.match(/a zip such as (\d{5})/)?.[1]
  const places = [...suggestion!.matchAll(/'([^']+)'/g)].map(([, place]) => place!).filter((place) => !suggestion!.includes(`'${place}' to pick among places`))
  expect(zip).toBeDefined()
  expect(places.length).toBeGreaterThanOrEqual(2)
  for (const typed of [...places, zip!]) expect(await resultCount(sites.land, await typedSearchPath(sites.land, typed)), typed).toBeGreaterThan(0)
})
