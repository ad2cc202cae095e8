import { getResizedImage, IMAGE_CACHE_CONTROL, type ImageServiceOptions, parseImageRequest, type ResizedImage, type RouteParams } from '~/models/media/images.server'

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

/** The whole route: parse params, serve from cache or render, honour If-None-Match. */
export async function imageResponse(request: Request, params: RouteParams, options: ImageServiceOptions = {}): Promise<Response> {
  const parsed = parseImageRequest(params)
  if (!parsed.ok) return textResponse(parsed.status, parsed.message)

  let image: ResizedImage | undefined
  try {
    image = await getResizedImage(parsed.value, options)
  } catch (error) {
    if (parsed.value.kind === 'upload' || parsed.value.kind === undefined) {
      // An unreadable or corrupt upload is "no such image" to the visitor; log it for us.
      console.error(`could not decode upload ${parsed.value.documentId}:`, error)
      return textResponse(404, 'Image not found')
    }
    throw error
  }
  if (!image) return textResponse(404, 'Image not found')

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
