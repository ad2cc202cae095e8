import { Suspense, lazy, useRef } from 'react'
import { DEFAULT_PLACEHOLDER_DOCUMENT_ID } from '~/models/media/document-ids'
import type { ListingCardView } from '~/models/listings/listing-card'
import { photoSets } from '~/utils/image-renditions'
import { photoSources } from '~/utils/resized-image-url'
import { useDrawnPrioritySrcSet } from '~/hooks/use-drawn-priority-srcset'
import { useLowData } from '~/hooks/use-low-data'
import { useNearViewport } from '~/hooks/use-near-viewport'
import { CameraIcon } from './icons'
import { retryImport } from '~/browser/retry-import'

/** Matches the results grid: one column below `small` (601px) inside the page's 1rem margins, two from there, three from `tablet` (1025px). */
const photoSizes = '(min-width: 1025px) 33vw, (min-width: 601px) 50vw, calc(100vw - 2rem)'

/** Spec §2 visual tiers with a ribbon (coloured by the card's tier class); standard and free cards have none. */
const ribbons: Partial<Record<ListingCardView['tier'], string>> = { diamond: 'Diamond', platinum: 'Platinum', gold: 'Gold', showcase: 'Showcase' }

// Only ever shown in the browser, after the card comes near the viewport: not part of the page's first script.
const CardPhotoCarousel = lazy(() => retryImport(() => import('./card-photo-carousel')).then((module) => ({ default: module.CardPhotoCarousel })))

const badgeClasses: Record<NonNullable<ListingCardView['badge']>['tone'], string> = {
  'under-contract': 'card-badge-under-contract',
  sold: 'card-badge-sold',
  'off-market': 'card-badge-off-market',
}

function Photo({ documentId, alt, loading, priority }: { documentId: number; alt: string; loading: 'eager' | 'lazy'; priority: boolean }) {
  const isLowData = useLowData()
  const { src, srcSet } = photoSources(documentId, photoSets.listingCard, isLowData)
  const drawnSrcSet = useDrawnPrioritySrcSet(src, srcSet)
  return (
    <img
      src={src}
      srcSet={priority ? drawnSrcSet : srcSet}
      sizes={photoSizes}
      width={960}
      height={640}
      alt={alt}
      loading={loading}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  )
}

/**
 * The card's photo with its overlays, in a fixed 3:2 box. Server-rendered it is the first photo
 * alone (complete without scripts); in the browser, once the card comes within 300px of the
 * viewport (spec §4), the same box becomes a carousel of the card's photos — not with Low data on,
 * when the card keeps its one photo.
 */
export function ListingCardPhoto({ card, priority }: { card: ListingCardView; priority: boolean }) {
  const photoId = card.imageIds[0]
  const documentId = photoId ?? DEFAULT_PLACEHOLDER_DOCUMENT_ID
  const box = useRef<HTMLDivElement>(null)
  const isLowData = useLowData()
  const showsCarousel = useNearViewport(box) && card.imageIds.length > 1 && !isLowData
  const ribbon = ribbons[card.tier]
  const { badge } = card
  // The placeholder says nothing about the land, so it stays out of the accessibility tree.
  const firstPhoto = <Photo documentId={documentId} alt={photoId === undefined ? '' : card.title} loading={priority ? 'eager' : 'lazy'} priority={priority} />
  return (
    <div ref={box} className="card-photo">
      {showsCarousel ? (
        // The first photo stays until the carousel's script has arrived.
        <Suspense fallback={firstPhoto}>
          <CardPhotoCarousel
            title={card.title}
            href={card.href}
            slides={card.imageIds.map((imageId, index) => (loading) => (
              <Photo documentId={imageId} alt={`${card.title}, photo ${index + 1}`} loading={loading} priority={priority && index === 0} />
            ))}
          />
        </Suspense>
      ) : (
        firstPhoto
      )}
      <div className="card-badges">
        {ribbon ? <span className="card-ribbon">{ribbon}</span> : null}
        {badge ? (
          <span className={badgeClasses[badge.tone]}>
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
      {card.imageCount > 0 ? (
        <p className="card-photo-count">
          <CameraIcon className="h-4 w-4" />
          {card.imageCount === 1 ? '1 photo' : `${card.imageCount} photos`}
        </p>
      ) : null}
    </div>
  )
}
