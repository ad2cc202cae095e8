import { type ImageFit, type ImageFormat, resizedImagePath } from '~/models/media/document-ids'
import { imageQuality, type PhotoSourceOptions, resizedImageSrcSet } from './resized-image-url'

/**
 * Every size of picture the pages ask /resizedimages/ for, named by where it is shown. Pages,
 * flyers, structured data and offline copies build their image URLs from these, and the image route renders
 * these only (issue 33, page-renditions.server.ts): a URL made up with any other size, fit,
 * quality or format is a 404 that costs no render and fills no disk.
 */

/** One picture of one size: what `resizedImagePath` takes. */
export interface FixedRendition {
  width: number
  height?: number
  fit?: ImageFit
  quality?: number
  format?: ImageFormat
}

/** Photos offered in several widths (`photoSources`), each also at Low data's widths and quality. */
export const photoSets = {
  /** 720: a phone's one-column card (380 px at 1.75×, as Lighthouse's phone) took the 960 and a third of its bytes were never shown. */
  listingCard: { aspectRatio: 3 / 2, widths: [320, 480, 640, 720, 960], srcWidth: 640, quality: imageQuality.medium, format: 'webp' },
  /**
   * Spec §9 detail heights: 400 on mobile (600 × 400) and 600 on desktop (900 × 600), and their 2×
   * versions; 750 for the common phones (375–412 px wide at 1.75–2×), which would otherwise take the
   * 900 at almost half again the bytes.
   */
  galleryHero: { aspectRatio: 3 / 2, widths: [600, 750, 900, 1200, 1800], srcWidth: 900, quality: imageQuality.medium, format: 'webp' },
  /** The two photos beside the gallery's first on a tablet or wider. */
  gallerySide: { aspectRatio: 3 / 2, widths: [600, 900], srcWidth: 600, quality: imageQuality.medium, format: 'webp' },
  galleryThumbnail: { aspectRatio: 3 / 2, widths: [244, 366, 488], srcWidth: 244, quality: imageQuality.medium, format: 'webp' },
  carouselSlide: { aspectRatio: 3 / 2, widths: [800, 1200, 1600, 2000], srcWidth: 1200, fit: 'inside', quality: imageQuality.high, format: 'webp' },
  /** The home and landing pages' banner. */
  landingHero: { aspectRatio: 16 / 7, widths: [480, 768, 1080, 1440, 1920], srcWidth: 1080, quality: imageQuality.medium, format: 'webp' },
} as const satisfies Record<string, PhotoSourceOptions>

/** A house ad's picture: 3:2, 192 × 128 CSS pixels, in WebP at 1× and 2× (`resizedImageSrcSet`); JPEG in `fixedRenditions.adPicture`. */
export const adPictureSet = { aspectRatio: 3 / 2, widths: [192, 384], quality: imageQuality.medium, format: 'webp' } as const

export const fixedRenditions = {
  /** Where a listing's photo opens without scripts: the picture itself, 1600 wide. */
  fullSizePhoto: { width: 1600, fit: 'inside', quality: imageQuality.high },
  /** Spec §9 map-view thumbnail (81 × 122), fetched at twice that for sharp screens. */
  mapResultThumbnail: { width: 244, height: 162, quality: imageQuality.medium },
  recentlyViewed: { width: 448, height: 299, quality: imageQuality.medium, format: 'webp' },
  /** A broker's company logo, fitted inside a 160×48 box (rendered at 2×); crawlers get the JPEG. */
  brokerLogo: { width: 320, height: 96, fit: 'inside' },
  brokerLogoWebp: { width: 320, height: 96, fit: 'inside', format: 'webp' },
  brokerPortraitForCrawlers: { width: 400, height: 400 },
  draftPhoto: { width: 240, height: 160 },
  /** og:image, the size social networks draw. */
  listingShareImage: { width: 1200, height: 630 },
  listingForCrawlers: { width: 1200, height: 800 },
  flyerPhoto: { width: 1200, height: 800, quality: imageQuality.high },
  flyerThumbnail: { width: 400, height: 267, quality: imageQuality.medium },
  /** A listing kept for offline reading: the gallery's 900-wide WebP, or with Low data the 600-wide one at low quality. */
  offlinePhoto: { width: 900, height: 600, quality: imageQuality.medium, format: 'webp' },
  offlinePhotoLowData: { width: 600, height: 400, quality: imageQuality.low, format: 'webp' },
  adPicture: { width: 192, height: 128, quality: imageQuality.medium },
} as const satisfies Record<string, FixedRendition>

/** Broker portraits, square, at these CSS pixel sizes (`portraitSources`). */
export const portraitSizes = { listingCard: 48, brokerCard: 64, brokerHeader: 72, brokerPage: 128 } as const

/** A portrait's JPEG `src` at its size, and WebP at 1× and 2× for every browser that reads a srcset (half the JPEG's bytes). */
export function portraitSources(documentId: number, size: number) {
  return {
    src: resizedImagePath(documentId, { width: size, height: size, fit: 'cover' }),
    srcSet: [1, 2]
      .map((scale) => `${resizedImagePath(documentId, { width: size * scale, height: size * scale, fit: 'cover', format: 'webp' })} ${scale}x`)
      .join(', '),
  }
}

/** A house ad's picture: the JPEG `src` and the WebP srcset. */
export function adPictureSources(documentId: number) {
  return { src: resizedImagePath(documentId, fixedRenditions.adPicture), srcSet: resizedImageSrcSet(documentId, adPictureSet) }
}
