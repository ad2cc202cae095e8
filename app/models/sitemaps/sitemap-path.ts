import type { SiteProfile } from '~/models/sites/site-profile'

/**
 * HTML sitemap URLs (spec §2 "Shared routes": /sitemap/ with /sitemap/{stateName},
 * /sitemap/{countyName}-County-{ST} (also -Borough- and -Parish-), /sitemap/featured-listing/{ST}
 * and /sitemap/new-listing/{ST}; the hunting site's /sitemap and /sitemap/{canonicalLocation}).
 * Places are named by the slugs the gazetteer stores ('New-Mexico', 'Travis-County-TX'); the
 * site's `sitemapPaths` says whether they are lower-cased and where a trailing slash goes. Lists
 * of listings go on over numbered pages: /sitemap/Travis-County-TX/page-2.
 *
 * Also the XML sitemap file names under /sitemaps/: listings-tx.xml, listings-tx-2.xml (a state
 * past the per-file limit), landings.xml, searches.xml, brokers.xml, pages.xml.
 */
export type SitemapPage =
  | { kind: 'home' }
  | { kind: 'state'; stateSlug: string }
  | { kind: 'county'; countySlug: string; page: number }
  | { kind: 'featured-listing' | 'new-listing'; stateAbbreviation: string; page: number }

const listKinds = ['featured-listing', 'new-listing'] as const

function withSlash(site: SiteProfile, path: string, isRoot: boolean) {
  const { trailingSlash } = site.sitemapPaths
  return trailingSlash === 'always' || (isRoot && trailingSlash === 'root') ? `${path}/` : path
}

/** The site's spelling of one sitemap page; `page` 1 has no page segment. */
export function sitemapPath(site: SiteProfile, sitemap: SitemapPage) {
  const spell = (name: string) => (site.sitemapPaths.lowerCase ? name.toLowerCase() : name)
  const pageSegment = (page: number) => (page > 1 ? [`page-${page}`] : [])
  const segments = ['sitemap']
  switch (sitemap.kind) {
    case 'home':
      break
    case 'state':
      segments.push(spell(sitemap.stateSlug))
      break
    case 'county':
      segments.push(spell(sitemap.countySlug), ...pageSegment(sitemap.page))
      break
    case 'featured-listing':
    case 'new-listing':
      segments.push(sitemap.kind, spell(sitemap.stateAbbreviation), ...pageSegment(sitemap.page))
      break
  }
  return withSlash(site, `/${segments.join('/')}`, sitemap.kind === 'home')
}

const countyPattern = /^[\p{L}\p{N}-]+-(?:county|parish|borough)-[a-z]{2}$/iu
const statePattern = /^[a-z]+(?:-[a-z]+)*$/i
const abbreviationPattern = /^[a-z]{2}$/i
const pagePattern = /^page-(\d{1,4})$/i

/**
 * Which sitemap page a path names, spelled as requested (the loader finds the place whatever its
 * case and answers any spelling but `sitemapPath`'s with a 301). Undefined for any other shape,
 * and for everything but the sitemap's home on a site without listings.
 */
export function parseSitemapPath(site: SiteProfile, pathname: string): SitemapPage | undefined {
  let segments: string[]
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    return undefined
  }
  if (segments.shift()?.toLowerCase() !== 'sitemap') return undefined
  if (segments.length === 0) return { kind: 'home' }
  if (!site.searchGrammar) return undefined
  const pageMatch = segments.length > 1 ? segments.at(-1)!.match(pagePattern) : null
  const page = pageMatch ? Number(pageMatch[1]) : 1
  if (pageMatch) segments.pop()
  if (page < 1) return undefined
  const [first = '', second, ...rest] = segments
  if (rest.length > 0) return undefined
  const listKind = listKinds.find((kind) => kind === first.toLowerCase())
  if (listKind) return second !== undefined && abbreviationPattern.test(second) ? { kind: listKind, stateAbbreviation: second, page } : undefined
  if (second !== undefined) return undefined
  if (countyPattern.test(first)) return { kind: 'county', countySlug: first, page }
  // A state's sitemap is one page: a page segment after it names nothing.
  if (statePattern.test(first) && !pageMatch) return { kind: 'state', stateSlug: first }
  return undefined
}

/** One XML sitemap file: a kind, split into numbered parts past the per-file URL limit. */
export type SitemapFileKind = { listingsOf: string } | 'landings' | 'searches' | 'brokers' | 'pages'

export interface SitemapFile {
  kind: SitemapFileKind
  /** 1-based; the first part's name has no number, so a file keeps its name when its kind grows. */
  part: number
}

const namedKinds = ['landings', 'searches', 'brokers', 'pages'] as const

export function sitemapFileName({ kind, part }: SitemapFile) {
  const base = typeof kind === 'string' ? kind : `listings-${kind.listingsOf.toLowerCase()}`
  return `${base}${part > 1 ? `-${part}` : ''}.xml`
}

export function sitemapFilePath(file: SitemapFile) {
  return `/sitemaps/${sitemapFileName(file)}`
}

const fileNamePattern = /^(?:listings-([a-z]{2})|(landings|searches|brokers|pages))(?:-([2-9]|[1-9]\d{1,3}))?\.xml$/

/** The file a name under /sitemaps/ asks for, in canonical spelling only (no 'listings-tx-1.xml', no capitals). */
export function parseSitemapFileName(name: string): SitemapFile | undefined {
  const match = name.match(fileNamePattern)
  if (!match) return undefined
  const [, stateAbbreviation, named, part] = match
  const kind = stateAbbreviation ? { listingsOf: stateAbbreviation } : namedKinds.find((key) => key === named)!
  return { kind, part: part ? Number(part) : 1 }
}
