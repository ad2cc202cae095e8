import 'keen-slider/keen-slider.min.css'
import { useKeenSlider } from 'keen-slider/react'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import type { ListingDetail } from '~/models/listings/listing-detail'
import { listingExternalLinkPath } from '~/sites/listing-external-link'
import { type CarouselView, carouselViewLabels, carouselViews, listingMapPath, videoEmbedUrl } from '~/models/listings/listing-media'
import { photoSets } from '~/utils/image-renditions'
import { photoSources } from '~/utils/resized-image-url'
import { useLowData } from '~/hooks/use-low-data'
import { ChevronIcon } from '~/components/icons'

/** Spec §9: a slide counts as the current one once 70% of it is visible. */
const visibleShare = 0.7
/** Spec §9: photos load up to 3 slides either side of the current one; with Low data, only the current one. */
const preloadWindows = { normal: 3, lowData: 0 } as const

/** The slides to load around `center`, added to those already loaded (so paging back never blanks a photo). */
function withPreloadWindow(loaded: ReadonlySet<number>, center: number, count: number, preloadWindow: number): ReadonlySet<number> {
  const next = new Set(loaded)
  for (let offset = -preloadWindow; offset <= preloadWindow; offset += 1) next.add((center + offset + count) % count)
  return next
}

export type CarouselListing = Pick<ListingDetail, 'id' | 'title' | 'imageIds' | 'videoUrl' | 'virtualTourUrl' | 'countyName' | 'stateAbbreviation'>

/**
 * The full-screen carousel (spec §4 "Carousel", §9 constants): a modal <dialog> (the page behind
 * it is inert, so focus stays inside; Escape closes it) with a tab for each view the listing has
 * — photos, video, virtual tour, property map, local map. Photos are a keen-slider strip that
 * loops, counts 'n/total' and follows the arrow keys; the video and tour players load only when
 * their tab opens. Loaded on first open (React.lazy), slider library and all.
 */
export default function ListingCarousel({
  listing,
  startView,
  startIndex,
  onClose,
}: {
  listing: CarouselListing
  startView: CarouselView
  startIndex: number
  onClose: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  // The views are drawn once the dialog is open: keen-slider measures its slides when it starts,
  // and in a closed dialog (display: none) every slide measured 0 wide, so no photo showed.
  const [isOpen, setIsOpen] = useState(false)
  const [view, setView] = useState(startView)
  const views = carouselViews(listing)
  const place = `${listing.countyName}, ${listing.stateAbbreviation}`

  useEffect(() => {
    dialog.current?.showModal()
    setIsOpen(true)
    // The page behind a modal dialog would still scroll under the wheel.
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = overflow
    }
  }, [])

  return (
    <dialog
      ref={dialog}
      aria-label={`Photos and maps of ${listing.title}`}
      onClose={onClose}
      className="m-0 h-full max-h-none w-full max-w-none bg-black p-0 text-white backdrop:bg-black"
    >
      <div className="flex h-full flex-col">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <p className="min-w-0 flex-1 truncate text-sm font-medium">{listing.title}</p>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="order-last shrink-0 rounded-full border border-white/40 px-4 py-1.5 text-sm font-semibold hover:bg-white/10 small:order-none"
          >
            Close<span className="sr-only"> photos and maps</span>
          </button>
          {views.length > 1 ? <ViewTabs views={views} current={view} onChoose={setView} /> : null}
        </div>
        <div
          id="carousel-panel"
          role={views.length > 1 ? 'tabpanel' : undefined}
          aria-labelledby={views.length > 1 ? `carousel-tab-${view}` : undefined}
          className="relative min-h-0 flex-1"
        >
          {isOpen && view === 'gallery' ? <PhotoStrip title={listing.title} imageIds={listing.imageIds} startIndex={startIndex} /> : null}
          {view === 'video' && listing.videoUrl ? (
            <Player title={`Video of ${listing.title}`} href={listingExternalLinkPath(listing.id, 'video')} embedUrl={videoEmbedUrl(listing.videoUrl)} />
          ) : null}
          {view === 'tour' && listing.virtualTourUrl ? (
            <Player title={`Virtual tour of ${listing.title}`} href={listingExternalLinkPath(listing.id, 'tour')} embedUrl={listing.virtualTourUrl} />
          ) : null}
          {view === 'property-map' || view === 'local-map' ? (
            <div className="flex h-full items-center justify-center p-2 small:p-6">
              <img
                src={listingMapPath(listing.id, view === 'property-map' ? 'property' : 'local')}
                alt={view === 'property-map' ? `Map of the property in ${place}` : `${place} within its state`}
                width={800}
                height={533}
                className="max-h-full max-w-full rounded bg-white object-contain"
              />
            </div>
          ) : null}
        </div>
      </div>
    </dialog>
  )
}

/** Tabs per the ARIA tabs pattern: one tab stop, arrow keys move between tabs and show them. */
function ViewTabs({ views, current, onChoose }: { views: CarouselView[]; current: CarouselView; onChoose: (view: CarouselView) => void }) {
  const list = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    // The photo strip's own arrow keys must not also page photos while the tabs have focus.
    event.stopPropagation()
    const next = views[(views.indexOf(current) + (event.key === 'ArrowRight' ? 1 : -1) + views.length) % views.length]!
    onChoose(next)
    list.current?.querySelector<HTMLElement>(`#carousel-tab-${next}`)?.focus()
  }
  return (
    <div ref={list} role="tablist" aria-label="Views" className="flex w-full gap-1 overflow-x-auto">
      {views.map((view) => (
        <button
          key={view}
          id={`carousel-tab-${view}`}
          type="button"
          role="tab"
          aria-selected={view === current}
          aria-controls="carousel-panel"
          tabIndex={view === current ? 0 : -1}
          onClick={() => onChoose(view)}
          onKeyDown={onKeyDown}
          className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold ${view === current ? 'bg-white text-stone-900' : 'text-white hover:bg-white/10'}`}
        >
          {carouselViewLabels[view]}
        </button>
      ))}
    </div>
  )
}

/**
 * A video or tour player, created only when its tab is open; hosts we cannot embed get a link
 * (through the redirect that records the spec §3 'external link click'). With Low data on, the
 * link alone: a host's player is its own scripts and autoplays at its own will.
 */
function Player({ title, href, embedUrl }: { title: string; href: string; embedUrl: string | undefined }) {
  const isLowData = useLowData()
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 p-2 small:p-6">
      {embedUrl && !isLowData ? (
        <iframe
          src={embedUrl}
          title={title}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="aspect-video w-full max-w-5xl flex-initial rounded bg-stone-900"
        />
      ) : null}
      <a href={href} target="_blank" rel="nofollow noopener noreferrer" className="text-sm font-semibold underline">
        {`Open the ${title.startsWith('Video') ? 'video' : 'tour'} on its own site`}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  )
}

/**
 * The photos: a keen-slider strip (spec §9: loops, start-aligned, a slide counts as current once
 * 70% of it is in view, counter 'n/total'), paged by swipes, buttons and the arrow keys.
 */
function PhotoStrip({ title, imageIds, startIndex }: { title: string; imageIds: number[]; startIndex: number }) {
  const count = imageIds.length
  const [current, setCurrent] = useState(startIndex)
  const isLowData = useLowData()
  const preloadWindow = isLowData ? preloadWindows.lowData : preloadWindows.normal
  const [loaded, setLoaded] = useState(() => withPreloadWindow(new Set(), startIndex, count, preloadWindow))
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    initial: startIndex,
    loop: count > 1,
    slides: { perView: 1, origin: 0 },
    defaultAnimation: { duration: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 400 },
    detailsChanged(instance) {
      const visible = instance.track.details.slides.findIndex((slide) => slide.portion >= visibleShare)
      if (visible >= 0) setCurrent(visible)
    },
  })

  useEffect(() => {
    setLoaded((previous) => withPreloadWindow(previous, current, count, preloadWindow))
  }, [current, count, preloadWindow])

  /** One slide on from where the strip is heading: quick presses during a slide's animation each count. */
  const step = (delta: number) => {
    const instance = slider.current
    if (!instance) return
    instance.moveToIdx((instance.animator.targetIdx ?? instance.track.details.abs) + delta, true)
  }

  // Listening on the document: the keys page photos wherever focus is inside the dialog.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return
      event.preventDefault()
      step(event.key === 'ArrowRight' ? 1 : -1)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  })
  const buttonStyle =
    'absolute top-1/2 z-10 flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow-lg hover:bg-white'

  return (
    <div aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="absolute inset-0">
      <p className="absolute right-4 top-2 z-10 rounded bg-black/60 px-2 py-0.5 text-sm tabular-nums" aria-live="polite" aria-atomic="true">
        <span className="sr-only">Photo </span>
        {`${current + 1}/${count}`}
      </p>
      <div ref={sliderRef} className="keen-slider h-full">
        {imageIds.map((documentId, index) => (
          <div key={documentId} className="keen-slider__slide flex h-full items-center justify-center p-2 small:p-6" aria-hidden={index !== current}>
            {loaded.has(index) ? (
              // eslint-disable-next-line jsx-a11y/img-redundant-alt -- 'photo n of m' is the photo's place in the set, named so across the site
              <img
                {...photoSources(documentId, photoSets.carouselSlide, isLowData)}
                sizes="100vw"
                alt={`${title}, photo ${index + 1} of ${count}`}
                draggable={false}
                className="max-h-full max-w-full object-contain"
              />
            ) : null}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button type="button" className={`${buttonStyle} left-3`} onClick={() => step(-1)} aria-label="Previous photo">
            <ChevronIcon direction="left" className="h-6 w-6" />
          </button>
          <button type="button" className={`${buttonStyle} right-3`} onClick={() => step(1)} aria-label="Next photo">
            <ChevronIcon direction="right" className="h-6 w-6" />
          </button>
        </>
      ) : null}
    </div>
  )
}
