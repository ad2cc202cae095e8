import type { LoaderFunctionArgs } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { listingMapKinds, listingMapSvg } from '~/models/listings/listing-map.server'
import type { ListingMapKind } from '~/models/listings/listing-media'
import { findListingMapSubject } from '~/models/listings/listing.server'
import { siteFromRequest } from '~/sites/site.server'

/** /listing-map/{listingId}/{property|local}.svg: a listing's static maps (see listing-map.server.ts). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const kind = params.kind as ListingMapKind
  const listingId = Number(params.listingId)
  if (!site.searchGrammar || !listingMapKinds.includes(kind) || !/^\d{1,9}$/.test(params.listingId ?? '')) throw notFound()
  const subject = await findListingMapSubject(context.get(databaseContext), listingId, site.listingScopeBits)
  const svg = subject && listingMapSvg(subject, kind)
  if (!svg) throw notFound()
  // A listing's place seldom changes: a day in caches, a week stale while revalidating.
  return new Response(svg, {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' },
  })
}

function notFound() {
  return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
