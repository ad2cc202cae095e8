import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import {
  getResizedImage,
  IMAGE_CACHE_CONTROL,
  type ImageServiceOptions,
  type LimitedImageServiceOptions,
  parseImageRequest,
  renderRefused,
  type ResizedImage,
  type RouteParams,
} from '~/models/media/images.server'
import { readConfig } from '~/config.server'
import { isPageRendition } from '~/http/page-renditions.server'
import { clientAddress, isRateLimited } from '~/http/rate-limit.server'

/** True when an If-None-Match header lists this ETag (weak comparison, as RFC 9110 prescribes). */
function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

function textResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      // Short caching: a missing upload may appear later, and errors should not stick for a year.
      'Cache-Control': 'public, max-age=60',
      ...headers,
    },
  })
}

const renderWindowMs = 10 * 60_000

/**
 * What the route asks of the image pipeline: renders per client address are counted in the
 * database, so every worker counts against one limit (IMAGE_RENDERS_PER_CLIENT in 10 minutes).
 */
export function pageImageOptions(db: Kysely<Database>, request: Request): LimitedImageServiceOptions {
  return {
    mayRender: async () =>
      !(await isRateLimited(db, `image-render:${clientAddress(request)}`, { limit: readConfig().imageRendersPerClient, windowMs: renderWindowMs })),
  }
}

/**
 * The whole route: parse params, serve from cache or render, honour If-None-Match. With the page
 * options (`pageImageOptions`), only a rendition the pages use is served (else a 404 before any
 * work), and a client past its renders gets a 429 for an image not yet cached; without them (the
 * pipeline's tests) any valid size.
 */
export async function imageResponse(request: Request, params: RouteParams, options: ImageServiceOptions | LimitedImageServiceOptions = {}): Promise<Response> {
  const parsed = parseImageRequest(params)
  if (!parsed.ok) return textResponse(parsed.status, parsed.message)
  const limits = 'mayRender' in options ? options : undefined
  if (limits && !isPageRendition(parsed.value)) return textResponse(404, 'Image not found')

  let image: ResizedImage | undefined | typeof renderRefused
  try {
    image = limits ? await getResizedImage(parsed.value, limits) : await getResizedImage(parsed.value, options)
  } catch (error) {
    if (parsed.value.kind === 'upload' || parsed.value.kind === undefined) {
      // An unreadable or corrupt upload is "no such image" to the visitor; log it for us.
      console.error(`could not decode upload ${parsed.value.documentId}:`, error)
      return textResponse(404, 'Image not found')
    }
    throw error
  }
  if (!image) return textResponse(404, 'Image not found')
  if (image === renderRefused) return textResponse(429, 'Too many new images: try again in a few minutes', { 'Cache-Control': 'no-store', 'Retry-After': '600' })

  const headers = {
    // A stand-in is asked for again next time, when the right size is rendered.
    'Cache-Control': image.isStandIn ? 'no-store' : IMAGE_CACHE_CONTROL,
    ETag: image.etag,
  }
  if (etagMatches(request.headers.get('If-None-Match'), image.etag)) {
    return new Response(null, { status: 304, headers })
  }
  // (Copied into a plain Uint8Array: Response's BodyInit type does not accept Node's Buffer.)
  return new Response(new Uint8Array(image.body), {
    status: 200,
    headers: { ...headers, 'Content-Type': image.contentType, 'Content-Length': String(image.body.byteLength) },
  })
}
