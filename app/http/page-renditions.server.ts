import { resizedImagePath } from '~/models/media/document-ids'
import type { ImageRequest } from '~/models/media/images.server'
import { adPictureSet, fixedRenditions, photoSets, portraitSizes, portraitSources } from '~/utils/image-renditions'
import { photoSources, resizedImageSrcSet } from '~/utils/resized-image-url'

/**
 * The renditions the image route renders (issue 33): those `image-renditions.ts` names, as the
 * very builders the pages use write them, so the list cannot drift from the pages.
 */

/** A path's rendition, without its document: '/resizedimages/427/640/cover/60/webp'. */
const renditionOf = (path: string) => path.slice(0, path.lastIndexOf('/'))

const srcSetPaths = (srcSet: string) => srcSet.split(', ').map((candidate) => candidate.split(' ')[0]!)

const pagePaths = [
  ...Object.values(photoSets).flatMap((set) =>
    [false, true].flatMap((isLowData) => {
      const { src, srcSet } = photoSources(0, set, isLowData)
      return [src, ...srcSetPaths(srcSet)]
    }),
  ),
  ...srcSetPaths(resizedImageSrcSet(0, adPictureSet)),
  ...Object.values(fixedRenditions).map((rendition) => resizedImagePath(0, rendition)),
  ...Object.values(portraitSizes).flatMap((size) => {
    const { src, srcSet } = portraitSources(0, size)
    return [src, ...srcSetPaths(srcSet)]
  }),
]

const pageRenditions: ReadonlySet<string> = new Set(pagePaths.map(renditionOf))

/** Whether a page of ours asks for this size, fit, quality and format of picture. */
export function isPageRendition(request: Pick<ImageRequest, 'height' | 'width' | 'fit' | 'quality' | 'format'>) {
  return pageRenditions.has(renditionOf(resizedImagePath(0, request)))
}
