import { type ReactNode, useRef } from 'react'
import { DEFAULT_PLACEHOLDER_DOCUMENT_ID, resizedImagePath } from '~/models/document-ids'
import type { StatusBadge } from '~/models/listing-rules'
import type { ListingSummary } from '~/models/listing-summary'
import { marketStatus } from '~/models/enumerations'
import { imageQuality, resizedImageSrcSet } from '~/utils/resized-image-url'
import { useNearViewport } from '~/utils/use-near-viewport'
import { CardPhotoCarousel } from './card-photo-carousel'
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

function Photo({ documentId, alt, loading, priority }: { documentId: number; alt: string; loading: 'eager' | 'lazy'; priority: boolean }) {
  return (
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
      alt={alt}
      loading={loading}
      decoding={priority ? undefined : 'async'}
      // React 18 does not know fetchPriority yet; the lowercase attribute reaches the HTML as is.
      {...(priority ? { fetchpriority: 'high' } : {})}
      className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
    />
  )
}

/**
 * The card's photo with its overlays, in a fixed 3:2 box. Server-rendered it is the first photo
 * alone (complete without scripts); in the browser, once the card comes within 300px of the
 * viewport (spec §4), the same box becomes a carousel of the card's photos.
 */
export function ListingCardPhoto({
  listing,
  href,
  priority,
  ribbon,
  badge,
}: {
  listing: ListingSummary
  href: string
  priority: boolean
  ribbon: ReactNode
  badge: StatusBadge | null
}) {
  const photoId = listing.imageIds[0]
  const documentId = photoId ?? DEFAULT_PLACEHOLDER_DOCUMENT_ID
  const box = useRef<HTMLDivElement>(null)
  const showsCarousel = useNearViewport(box) && listing.imageIds.length > 1
  return (
    <div ref={box} className="relative aspect-[3/2] overflow-hidden bg-stone-300">
      {showsCarousel ? (
        <CardPhotoCarousel
          title={listing.title}
          href={href}
          slides={listing.imageIds.map((imageId, index) => (loading) => (
            <Photo documentId={imageId} alt={`${listing.title}, photo ${index + 1}`} loading={loading} priority={priority && index === 0} />
          ))}
        />
      ) : (
        // The placeholder says nothing about the land, so it stays out of the accessibility tree.
        <Photo documentId={documentId} alt={photoId === undefined ? '' : listing.title} loading={priority ? 'eager' : 'lazy'} priority={priority} />
      )}
      <div className="pointer-events-none absolute left-2 top-2 z-[2] flex flex-wrap items-start gap-1.5 pr-14 text-xs font-semibold uppercase tracking-wide">
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
        <p className="pointer-events-none absolute bottom-2 left-2 z-[2] flex items-center gap-1 rounded bg-black/70 px-2 py-1 text-xs font-medium text-white">
          <CameraIcon className="h-4 w-4" />
          {listing.imageCount === 1 ? '1 photo' : `${listing.imageCount} photos`}
        </p>
      ) : null}
    </div>
  )
}
