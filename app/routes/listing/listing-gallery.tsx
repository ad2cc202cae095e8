import { type MouseEvent, type ReactNode, Suspense, lazy, useRef, useState } from 'react'
import { DEFAULT_PLACEHOLDER_DOCUMENT_ID, resizedImagePath } from '~/models/media/document-ids'
import type { ListingDetail } from '~/models/listings/listing-detail'
import type { CarouselView } from '~/models/listings/listing-media'
import { fixedRenditions, photoSets } from '~/utils/image-renditions'
import { photoSources } from '~/utils/resized-image-url'
import { useDrawnPrioritySrcSet } from '~/hooks/use-drawn-priority-srcset'
import { useLowData } from '~/hooks/use-low-data'
import { CameraIcon } from '~/components/icons'
import type { CarouselListing } from './listing-carousel'
import { retryImport } from '~/browser/retry-import'

// The full-screen carousel is code only a buyer who opens it needs: it loads on first open.
const ListingCarousel = lazy(() => retryImport(() => import('./listing-carousel')))

/** Where a photo opens without scripts: the picture itself, 1600 wide. */
function fullSizePhotoPath(documentId: number) {
  return resizedImagePath(documentId, fixedRenditions.fullSizePhoto)
}

function photoAlt(listing: Pick<ListingDetail, 'title' | 'imageIds' | 'photoCaptions'>, index: number) {
  const caption = listing.photoCaptions[String(listing.imageIds[index])]
  return `${caption ?? listing.title}, photo ${index + 1} of ${listing.imageIds.length}`
}

type OpenHandler = (event: MouseEvent<HTMLElement>) => void
type OpenPhoto = (index: number) => OpenHandler

/**
 * The full-screen carousel's shared state: which view (and photo) it shows, if any. Everything
 * that opens it is a real link — a photo to its full-size picture, the video and tour to their
 * hosts, the maps to the page's location section — so without scripts each still leads
 * somewhere; with scripts a click opens the carousel instead, and closing it puts focus back
 * on the link that opened it.
 */
export function useListingCarousel(listing: CarouselListing): { openPhoto: OpenPhoto; openView: (view: CarouselView) => OpenHandler; carousel: ReactNode } {
  const [opened, setOpened] = useState<{ view: CarouselView; index: number } | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const open = (view: CarouselView, index: number) => (event: MouseEvent<HTMLElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || (view === 'gallery' && listing.imageIds.length === 0)) return
    event.preventDefault()
    opener.current = event.currentTarget
    setOpened({ view, index })
  }
  const close = () => {
    setOpened(null)
    opener.current?.focus()
  }
  const carousel =
    opened === null ? null : (
      <Suspense fallback={null}>
        <ListingCarousel listing={listing} startView={opened.view} startIndex={opened.index} onClose={close} />
      </Suspense>
    )
  return { openPhoto: (index) => open('gallery', index), openView: (view) => open(view, 0), carousel }
}

/**
 * The hero's grid from a tablet up, by how many photos there are: one fills it, two stand side by
 * side, three or more put the first large beside the next two (a fixed three-column grid left an
 * empty black block beside a single photo).
 */
const heroLayouts = {
  1: { grid: 'tablet:grid-cols-1 tablet:grid-rows-1', first: 'tablet:h-full', firstSizes: '100vw', side: '', sideSet: photoSets.gallerySide, sideSizes: '' },
  2: {
    grid: 'tablet:grid-cols-2 tablet:grid-rows-1',
    first: 'tablet:h-full',
    firstSizes: '(min-width: 1025px) 50vw, 100vw',
    side: 'tablet:block',
    sideSet: photoSets.galleryHero,
    sideSizes: '50vw',
  },
  3: {
    grid: 'tablet:grid-cols-3 tablet:grid-rows-2',
    first: 'tablet:col-span-2 tablet:row-span-2 tablet:h-full',
    firstSizes: '(min-width: 1025px) 67vw, 100vw',
    side: 'tablet:block',
    sideSet: photoSets.gallerySide,
    sideSizes: '33vw',
  },
} as const

/**
 * The top of the page: the first photo large (the LCP element: sized by srcset, fetched first,
 * never lazy) and, on wide screens, the next one or two beside it. `children` join the bar along its foot.
 */
export function GalleryHero({ listing, openPhoto, children }: { listing: ListingDetail; openPhoto: OpenPhoto; children?: ReactNode }) {
  const [firstId = DEFAULT_PLACEHOLDER_DOCUMENT_ID, ...others] = listing.imageIds
  const hasPhotos = listing.imageIds.length > 0
  const isLowData = useLowData()
  const firstPhoto = photoSources(firstId, photoSets.galleryHero, isLowData)
  const drawnSrcSet = useDrawnPrioritySrcSet(firstPhoto.src, firstPhoto.srcSet)
  const layout = heroLayouts[Math.max(1, Math.min(3, listing.imageIds.length)) as 1 | 2 | 3]
  return (
    <div className={`relative bg-stone-900 tablet:grid tablet:h-[600px] tablet:gap-1 ${layout.grid}`}>
      <a
        href={hasPhotos ? fullSizePhotoPath(firstId) : undefined}
        onClick={openPhoto(0)}
        className={`block aspect-[3/2] overflow-hidden small:aspect-auto small:h-[400px] ${layout.first}`}
      >
        <img
          src={firstPhoto.src}
          srcSet={drawnSrcSet}
          sizes={layout.firstSizes}
          width={900}
          height={600}
          alt={hasPhotos ? photoAlt(listing, 0) : ''}
          fetchPriority="high"
          className="h-full w-full object-cover"
        />
      </a>
      {others.slice(0, 2).map((documentId, index) => (
        <a key={documentId} href={fullSizePhotoPath(documentId)} onClick={openPhoto(index + 1)} className={`hidden overflow-hidden ${layout.side}`}>
          <img
            {...photoSources(documentId, layout.sideSet, isLowData)}
            sizes={layout.sideSizes}
            width={600}
            height={400}
            alt={photoAlt(listing, index + 1)}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover transition-opacity hover:opacity-90"
          />
        </a>
      ))}
      <div className="absolute inset-x-4 bottom-4 flex flex-wrap items-center gap-2">
        {children}
        {hasPhotos ? (
          <a
            href="#photos"
            onClick={openPhoto(0)}
            className="ml-auto inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-stone-900 shadow-lg hover:bg-stone-100"
          >
            <CameraIcon className="h-4 w-4" />
            {listing.imageIds.length === 1 ? 'View photo' : `View all ${listing.imageIds.length} photos`}
          </a>
        ) : null}
      </div>
    </div>
  )
}

/**
 * Every photo as a lazy thumbnail linking to its full-size picture: the gallery without scripts.
 * Three to a row on a phone, about the spec's 122 px thumbnail (§9): two to a row fetched photos
 * twice the size that the browser's lazy-loading distance pulled in on first view.
 */
export function PhotoGrid({ listing, openPhoto }: { listing: ListingDetail; openPhoto: OpenPhoto }) {
  const isLowData = useLowData()
  return (
    <ul className="grid grid-cols-3 gap-2 medium:grid-cols-4">
      {listing.imageIds.map((documentId, index) => (
        <li key={documentId}>
          <a href={fullSizePhotoPath(documentId)} onClick={openPhoto(index)} className="block overflow-hidden rounded-lg bg-stone-200">
            <img
              {...photoSources(documentId, photoSets.galleryThumbnail, isLowData)}
              sizes="(min-width: 901px) 200px, 33vw"
              width={244}
              height={163}
              alt={photoAlt(listing, index)}
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] h-auto w-full object-cover transition-transform duration-300 hover:scale-105 motion-reduce:transition-none"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}
