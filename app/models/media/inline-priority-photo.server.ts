import { setTimeout as sleep } from 'node:timers/promises'
import { type ImageServiceOptions, getResizedImage, parseImageRequest } from './images.server'

/**
 * Decision 0041: a page's priority photo (its one `fetchpriority="high"` image: the listing's first
 * photo, the landing hero, the first result card) travels inside the document at the width a phone
 * draws it, as a `data:` URL in place of that one srcset candidate. On a rural link the photo
 * otherwise costs a round trip of its own after the document (700 ms), on a new connection over
 * HTTP/1.1. Wider screens and sharper phones still pick a wider candidate from the network.
 */

/** The narrowest candidate at least this wide is the phone's: what a 412 px phone at 1.75× picks for a photo across its screen. */
const phoneRenditionMinWidth = 700
/** A larger rendition would add a round trip to the document itself (TCP's first window is about 14 KB). */
const inlineLimitBytes = 14 * 1024
/** A rendition not yet cached is not waited for beyond this: the page goes out as it is, and the rendition is cached for the next one. */
const renderWaitMs = 500

const priorityImagePattern = /<img\b[^>]*\bfetchPriority="high"[^>]*>/i
const srcSetPattern = /\bsrcSet="([^"]*)"/i
const resizedImagePathPattern = /^\/resizedimages\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/(.+)$/

/** The srcset candidate a phone draws the priority photo from, if the page has one. */
function phoneCandidate(html: string) {
  const srcSet = srcSetPattern.exec(priorityImagePattern.exec(html)?.[0] ?? '')?.[1]
  const candidates = (srcSet ?? '').split(',').flatMap((candidate) => {
    const [url, descriptor] = candidate.trim().split(/\s+/)
    const width = Number(descriptor?.match(/^(\d+)w$/)?.[1])
    return url && width >= phoneRenditionMinWidth ? [{ url, width }] : []
  })
  return candidates.sort((a, b) => a.width - b.width)[0]
}

async function photoDataUrl(path: string, options: ImageServiceOptions) {
  const [, height, width, fit, quality, rest] = resizedImagePathPattern.exec(path) ?? []
  const parsed = parseImageRequest({ height, width, fit, quality, '*': rest })
  if (!parsed.ok) return undefined
  const tooLate = sleep(renderWaitMs, undefined, { ref: false })
  // A photo that fails to render fails on its own request too; the page goes out without it.
  const rendition = getResizedImage(parsed.value, options).catch(() => undefined)
  const image = await Promise.race([rendition, tooLate])
  if (!image || image.isStandIn || image.body.length > inlineLimitBytes) return undefined
  return `data:${image.contentType};base64,${image.body.toString('base64')}`
}

/**
 * The page with its priority photo's phone candidate written in, in the image's srcset and in the
 * head's preload of it alike; unchanged when it has none, or the rendition is missing, large or slow.
 */
export async function withPriorityPhotoInline(html: Buffer<ArrayBuffer>, options: ImageServiceOptions = {}): Promise<Buffer<ArrayBuffer>> {
  const text = html.toString('utf8')
  const candidate = phoneCandidate(text)
  const dataUrl = candidate && (await photoDataUrl(candidate.url, options))
  if (!candidate || !dataUrl) return html
  return Buffer.from(text.replaceAll(`${candidate.url} ${candidate.width}w`, `${dataUrl} ${candidate.width}w`))
}
