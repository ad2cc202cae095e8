import type { ReactNode } from 'react'
import { DEFAULT_PLACEHOLDER_DOCUMENT_ID, resizedImagePath } from '~/models/document-ids'
import type { StatusBadge } from '~/models/listing-rules'
import type { ListingSummary } from '~/models/listing-summary'
import { marketStatus } from '~/models/enumerations'
import { imageQuality, resizedImageSrcSet } from '~/utils/resized-image-url'
import { CameraIcon } from './icons'

const photoAspectRatio = 3 / 2
const photoWidths = [320, 480, 640, 960] as const
/** Matches the results grid: one column below `small` (601px), two from there, three from `tablet` (1025px). */
const photoSizes = '(min-width: 1025px) 33vw, (min-width: 601px) 50vw, 100vw'

const badgeColours: Record<number, string> = {
  [marketStatus.underContract]: 'bg-yellow-300 text-stone-950',
  [marketStatus.sold]: 'bg-red-700 text-white',
  [marketStatus.offMarket]: 'bg-stone-800 text-white',
}

/**
 * The card's photo with its overlays. The box has a fixed 3:2 ratio so a carousel (spec §4:
 * loaded only within 300px of the viewport) can later replace the single photo without moving
 * anything; until then the first photo alone works with scripts off.
 */
export function ListingCardPhoto({
  listing,
  priority,
  ribbon,
  badge,
}: {
  listing: ListingSummary
  priority: boolean
  ribbon: ReactNode
  badge: StatusBadge | null
}) {
  const photoId = listing.imageIds[0]
  const documentId = photoId ?? DEFAULT_PLACEHOLDER_DOCUMENT_ID
  return (
    <div className="relative aspect-[3/2] overflow-hidden bg-stone-300">
      <img
        src={resizedImagePath(documentId, { width: 640, height: 427, quality: imageQuality.medium })}
        srcSet={resizedImageSrcSet(documentId, {
          aspectRatio: photoAspectRatio,
          widths: photoWidths,
          quality: imageQuality.medium,
          format: 'webp',
        })}
        sizes={photoSizes}
        width={960}
        height={640}
        // The placeholder says nothing about the land, so it stays out of the accessibility tree.
        alt={photoId === undefined ? '' : listing.title}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? undefined : 'async'}
        // React 18 does not know fetchPriority yet; the lowercase attribute reaches the HTML as is.
        {...(priority ? { fetchpriority: 'high' } : {})}
        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
      />
      <div className="absolute left-2 top-2 flex flex-wrap items-start gap-1.5 pr-14 text-xs font-semibold uppercase tracking-wide">
        {ribbon}
        {badge ? (
          <span className={`rounded px-2 py-1 shadow ${badgeColours[listing.status] ?? ''}`}>
            {badge.mobileLabel === badge.label ? (
              badge.label
            ) : (
              <>
                <span className="small:hidden">{badge.mobileLabel}</span>
                <span className="hidden small:inline">{badge.label}</span>
              </>
            )}
          </span>
        ) : null}
      </div>
      {listing.imageCount > 0 ? (
        <p className="absolute bottom-2 left-2 flex items-center gap-1 rounded bg-black/70 px-2 py-1 text-xs font-medium text-white">
          <CameraIcon className="h-4 w-4" />
          {listing.imageCount === 1 ? '1 photo' : `${listing.imageCount} photos`}
        </p>
      ) : null}
    </div>
  )
}
