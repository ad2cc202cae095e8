import { sitemapFilesCacheControl } from '~/http/http-cache.server'

/** Crawlers come back often: a CDN keeps the file a few minutes (and it has an ETag), sparing the database. */
export function xmlResponse(xml: string) {
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': sitemapFilesCacheControl } })
}
