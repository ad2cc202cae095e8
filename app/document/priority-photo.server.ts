import { setTimeout as sleep } from 'node:timers/promises'
import { type ImageServiceOptions, getResizedImage, parseImageRequest } from '~/models/media/images.server'

/**
 * Decision 0041: a page's priority photos (its `fetchpriority="high"` images: the listing's first
 * photo, the landing hero, the first result card, a broker's portrait) travel inside the document
 * at the size a phone draws them, as `data:` URLs in place of that one srcset candidate each. On a
 * rural link a photo otherwise costs a round trip of its own after the document (700 ms), on a new
 * connection over HTTP/1.1. Wider screens and sharper phones still pick a larger candidate from the
 * network.
 */

/** What a 412 px phone at 1.75× picks for a photo across its screen: the narrowest candidate at least this wide. */
const phoneRenditionMinWidth = 700
/** The density a phone like that picks among `1x, 2x` candidates. */
const phoneDensity = 1.75
/** More would add a round trip to the document itself (TCP's first window is about 14 KB). */
const inlineLimitBytes = 14 * 1024
/** A rendition not yet cached is not waited for beyond this: the page goes out as it is, and the rendition is cached for the next one. */
const renderWaitMs = 2000

const priorityImagePattern = /<img\b[^>]*\bfetchPriority="high"[^>]*>/gi
const srcSetPattern = /\bsrcSet="([^"]*)"/i
const resizedImagePathPattern = /^\/resizedimages\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/(.+)$/

interface Candidate {
  url: string
  descriptor: string
}

/**
 * The candidate a phone draws an image from (by width, the narrowest wide enough, else the widest;
 * by density, the lowest sharp enough, else the sharpest), and the smaller candidates before it.
 */
function phoneCandidate(srcSet: string): { phone: Candidate; smaller: Candidate[] } | undefined {
  const candidates = srcSet.split(', ').flatMap((candidate) => {
    const [url = '', descriptor = ''] = candidate.trim().split(/\s+/)
    const [, size, unit] = /^(\d+(?:\.\d+)?)([wx])$/.exec(descriptor) ?? []
    return url.startsWith('/resizedimages/') && size ? [{ url, descriptor, size: Number(size), enough: unit === 'w' ? phoneRenditionMinWidth : phoneDensity }] : []
  })
  const sorted = candidates.sort((a, b) => a.size - b.size)
  const phone = sorted.find((candidate) => candidate.size >= candidate.enough) ?? sorted.at(-1)
  return phone && { phone, smaller: sorted.slice(0, sorted.indexOf(phone)) }
}

async function photoDataUrl(path: string, options: ImageServiceOptions) {
  const [, height, width, fit, quality, rest] = resizedImagePathPattern.exec(path) ?? []
  const parsed = parseImageRequest({ height, width, fit, quality, '*': rest })
  if (!parsed.ok) return undefined
  const tooLate = sleep(renderWaitMs, undefined, { ref: false })
  // A photo that fails to render fails on its own request too; the page goes out without it.
  const rendition = getResizedImage(parsed.value, options).catch(() => undefined)
  const image = await Promise.race([rendition, tooLate])
  if (!image || image.isStandIn) return undefined
  return `data:${image.contentType};base64,${image.body.toString('base64')}`
}

/**
 * The page with its priority photos' phone candidates written in, in each image's srcset and in the
 * head's preload of it alike, in the page's order while they fit in `inlineLimitBytes` together;
 * unchanged when it has none, or their renditions are missing, large or slow.
 *
 * The smaller candidates go: a photo already in the page is cheaper than any fetch. Chromium would
 * draw the image from the written-in candidate anyway (it prefers a larger one it already holds),
 * but its preload of the same srcset would still fetch the smaller one, for nothing.
 */
export async function withPriorityPhotoInline(html: string, options: ImageServiceOptions = {}): Promise<string> {
  let text = html
  const candidates = [...text.matchAll(priorityImagePattern)].flatMap(([image]) => {
    const candidate = phoneCandidate(srcSetPattern.exec(image)?.[1] ?? '')
    return candidate ? [candidate] : []
  })
  const dataUrls = await Promise.all(candidates.map(({ phone }) => photoDataUrl(phone.url, options)))
  let bytesLeft = inlineLimitBytes
  candidates.forEach(({ phone, smaller }, index) => {
    const dataUrl = dataUrls[index]
    if (!dataUrl || dataUrl.length * 0.75 > bytesLeft) return
    bytesLeft -= dataUrl.length * 0.75
    for (const { url, descriptor } of smaller) text = text.replaceAll(`${url} ${descriptor}, `, '')
    text = text.replaceAll(`${phone.url} ${phone.descriptor}`, `${dataUrl} ${phone.descriptor}`)
  })
  return text
}
