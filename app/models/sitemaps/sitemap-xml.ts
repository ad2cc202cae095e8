import { escapeXml } from '~/utils/escape-xml'
/**
 * XML sitemaps as the sitemaps.org protocol has them: a `<urlset>` of at most 50,000 URLs and
 * 50 MB per file, a `<sitemapindex>` naming the files, absolute entity-escaped URLs and W3C
 * Datetime `lastmod`s. Built as one joined string: a file of 50,000 short URLs is a few MB.
 */
export const maxUrlsPerFile = 50_000
export const maxBytesPerFile = 50 * 1024 * 1024

const sitemapNamespace = 'http://www.sitemaps.org/schemas/sitemap/0.9'

export interface SitemapEntry {
  /** Path on the site's origin, e.g. '/property/42-acres-in-travis-county-tx/1234/'. */
  path: string
  /** ISO-8601 timestamp as stored; left out when unknown. */
  lastmod?: string
}

/**
 * A sitemap URL whose path is built only when its file is asked for: the index needs just the
 * count and the dates, and a search path costs enough to matter tens of thousands of times over.
 */
export interface PendingEntry {
  path: () => string
  lastmod?: string
}

/** A path built on first use and kept with the cached sitemaps, so a crawler's second read is free. */
export function pendingPath(build: () => string) {
  let path: string | undefined
  return () => (path ??= build())
}

/** A stored timestamp as a W3C Datetime to the second ('2026-10-30T08:12:45Z'), or undefined if it is no date. */
function w3cDatetime(timestamp: string | undefined) {
  if (!timestamp) return undefined
  const time = Date.parse(timestamp)
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

function entryXml(tag: 'url' | 'sitemap', origin: string, entry: SitemapEntry) {
  const lastmod = w3cDatetime(entry.lastmod)
  // `new URL` percent-encodes whatever a path holds beyond ASCII, as the protocol asks.
  const location = `<loc>${escapeXml(new URL(entry.path, origin).href)}</loc>`
  return `<${tag}>${location}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>`
}

function documentXml(root: 'urlset' | 'sitemapindex', tag: 'url' | 'sitemap', origin: string, entries: readonly SitemapEntry[]) {
  const body = entries.map((entry) => entryXml(tag, origin, entry)).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${sitemapNamespace}">\n${body}\n</${root}>\n`
}

export function urlsetXml(origin: string, entries: readonly SitemapEntry[]) {
  return documentXml('urlset', 'url', origin, entries)
}

export function sitemapIndexXml(origin: string, files: readonly SitemapEntry[]) {
  return documentXml('sitemapindex', 'sitemap', origin, files)
}

/** The newest of some timestamps, or undefined for none. */
export function newestOf(timestamps: readonly (string | undefined)[]) {
  let newest: string | undefined
  for (const timestamp of timestamps) if (timestamp !== undefined && (newest === undefined || timestamp > newest)) newest = timestamp
  return newest
}
