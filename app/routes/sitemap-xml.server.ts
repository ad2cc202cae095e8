/** Crawlers come back often; an hour's cache spares the database without hiding new listings for long. */
export function xmlResponse(xml: string) {
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
