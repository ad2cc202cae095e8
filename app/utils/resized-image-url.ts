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
