import { type ImageFit, type ImageFormat, resizedImagePath } from '~/models/media/document-ids'

/** Spec §9 image qualities. */
export const imageQuality = { low: 40, medium: 60, high: 80, default: 80, highest: 100 } as const

/** A srcset over several widths at one aspect ratio, so the browser fetches no more pixels than it shows. */
export function resizedImageSrcSet(
  documentId: number,
  options: { aspectRatio: number; widths: readonly number[]; fit?: ImageFit; quality?: number; format?: ImageFormat },
) {
  const { aspectRatio, widths, fit, quality, format } = options
  return widths.map((width) => `${resizedImagePath(documentId, { fit, quality, format, width, height: Math.round(width / aspectRatio) })} ${width}w`).join(', ')
}

export interface PhotoSourceOptions {
  aspectRatio: number
  /** The srcset's widths, smallest first. */
  widths: readonly number[]
  /** The `src` for a browser that reads no srcset. */
  srcWidth: number
  quality: number
  fit?: ImageFit
  format?: ImageFormat
}

/**
 * A photo's `src` and `srcSet`. Low data (utils/low-data.ts) asks for the low quality and only the
 * widths up to half the largest: the 1× sizes, not the 2× ones a sharp screen would pick (the
 * smallest always stays).
 */
export function photoSources(documentId: number, options: PhotoSourceOptions, isLowData: boolean) {
  const { aspectRatio, fit, format } = options
  const largest = Math.max(...options.widths)
  const widths = isLowData ? options.widths.filter((width, index) => index === 0 || width <= largest / 2) : options.widths
  const quality = isLowData ? Math.min(options.quality, imageQuality.low) : options.quality
  const srcWidth = Math.min(options.srcWidth, Math.max(...widths))
  return {
    src: resizedImagePath(documentId, { width: srcWidth, height: Math.round(srcWidth / aspectRatio), fit, quality }),
    srcSet: resizedImageSrcSet(documentId, { aspectRatio, widths, fit, quality, format }),
  }
}
