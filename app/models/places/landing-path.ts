import type { SiteProfile } from '~/models/sites/site-profile'

/**
 * Landing page URLs of the main land site (spec §2 "Main land site", "Friendly location path"):
 * the national landing /market-insights/ (also reached as /United-States/), states /Texas,
 * regions /{region}-Region, counties /{County}-County-{ST} (also -Parish- and -Borough-) and
 * cities /{City}-{ST}. Places are named by the slugs the gazetteer stores ('New-Mexico',
 * 'North-Alabama', 'Travis-County-TX', 'Austin-TX'); whether a slug names a real place is the
 * loader's question, not this module's.
 */
export type LandingPlace =
  { kind: 'national' } | { kind: 'state'; slug: string } | { kind: 'region'; slug: string } | { kind: 'county'; slug: string } | { kind: 'city'; slug: string }

export const nationalLandingPath = '/market-insights/'

/** Only the main land site has landing pages of its own; the rural sites land on their state and county searches. */
export function hasLandingPages(site: SiteProfile) {
  return site.searchGrammar === 'land'
}

export function landingPath(place: LandingPlace) {
  switch (place.kind) {
    case 'national':
      return nationalLandingPath
    case 'region':
      return `/${place.slug}-Region`
    case 'state':
    case 'county':
    case 'city':
      return `/${place.slug}`
  }
}

const countyPattern = /^[\p{L}\p{N}-]+-(?:County|Parish|Borough)-[A-Za-z]{2}$/iu
const regionPattern = /^([\p{L}\p{N}-]+)-Region$/iu
/**
 * Spec §2 /{city-or-county}-{ST}/: the county spelling carries its word (County, Parish,
 * Borough), so a segment with that word before the state is the county, and any other name
 * before a two-letter state is a city. A city that shares its county's name is told apart that
 * way: /Franklin-TX is the city of Franklin, /Franklin-County-TX the county. (The gazetteer has
 * no city named '… County', so no city is hidden by this.) No state's name ends in a two-letter
 * word, so a state is never read as a city.
 */
const cityPattern = /^[\p{L}\p{N}-]+-[A-Za-z]{2}$/iu
const statePattern = /^[A-Za-z]+(?:-[A-Za-z]+)*$/

/**
 * Which place a landing path names, or undefined when the path has no landing shape (then it
 * is some other page, or a 404). Case and a trailing slash are not checked here: the loader
 * compares the request with `landingPath` of the place it finds and redirects (301) when they differ.
 */
export function parseLandingPath(site: SiteProfile, pathname: string): LandingPlace | undefined {
  if (!hasLandingPages(site)) return undefined
  const segments = pathname.split('/').filter(Boolean)
  if (segments.length !== 1) return undefined
  const [segment] = segments as [string]
  if (/^(?:market-insights|united-states)$/i.test(segment)) return { kind: 'national' }
  if (countyPattern.test(segment)) return { kind: 'county', slug: segment }
  const region = segment.match(regionPattern)
  if (region) return { kind: 'region', slug: region[1]! }
  if (cityPattern.test(segment)) return { kind: 'city', slug: segment }
  if (statePattern.test(segment)) return { kind: 'state', slug: segment }
  return undefined
}
