import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { resizedImagePath } from '~/models/document-ids'
import { imageQuality, resizedImageSrcSet } from '~/utils/resized-image-url'
import { ChevronIcon } from './icons'

/** Spec §9: a slide counts as the current one once 70% of it is visible. */
const visibleShare = 0.7
/** Spec §9: photos load up to 3 slides either side of the current one. */
const preloadWindow = 3
const slideWidths = [800, 1200, 1600, 2000] as const

/** The slides to load around `center`, added to those already loaded (so paging back never blanks a photo). */
function withPreloadWindow(loaded: ReadonlySet<number>, center: number, count: number): ReadonlySet<number> {
  const next = new Set(loaded)
  for (let offset = -preloadWindow; offset <= preloadWindow; offset += 1) next.add((center + offset + count) % count)
  return next
}

/**
 * The full-screen photo carousel (spec §4 "Carousel", §9 constants): a modal <dialog> (the page
 * behind it is inert, so focus stays inside; Escape closes it) over a scroll-snap strip that
 * loops, counts 'n/total' and follows the arrow keys. Loaded on first open (React.lazy).
 */
export default function ListingPhotoCarousel({ title, imageIds, startIndex, onClose }: { title: string; imageIds: number[]; startIndex: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const track = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(startIndex)
  const [loaded, setLoaded] = useState(() => withPreloadWindow(new Set(), startIndex, imageIds.length))
  const count = imageIds.length

  useEffect(() => {
    const element = dialog.current
    const strip = track.current
    if (!element || !strip) return
    element.showModal()
    strip.scrollTo({ left: startIndex * strip.clientWidth, behavior: 'instant' })
    // The page behind a modal dialog would still scroll under the wheel.
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) setCurrent(Number((entry.target as HTMLElement).dataset.index))
      },
      { root: strip, threshold: visibleShare },
    )
    for (const slide of strip.children) observer.observe(slide)
    return () => {
      observer.disconnect()
      root.style.overflow = overflow
    }
  }, [startIndex])

  useEffect(() => {
    setLoaded((previous) => withPreloadWindow(previous, current, count))
  }, [current, count])

  const show = (index: number) => {
    const strip = track.current
    if (!strip) return
    const target = (index + count) % count
    const wraps = Math.abs(target - current) > 1
    const reducesMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    strip.scrollTo({ left: target * strip.clientWidth, behavior: wraps || reducesMotion ? 'instant' : 'smooth' })
    setCurrent(target)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    show(current + (event.key === 'ArrowRight' ? 1 : -1))
  }
  const buttonStyle =
    'absolute top-1/2 z-10 flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow-lg hover:bg-white'

  return (
    <dialog
      ref={dialog}
      aria-label={`Photos of ${title}`}
      aria-roledescription="carousel"
      onClose={onClose}
      onKeyDown={onKeyDown}
      className="m-0 h-full max-h-none w-full max-w-none bg-black p-0 text-white backdrop:bg-black"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <p className="truncate text-sm font-medium">{title}</p>
          <p className="shrink-0 text-sm tabular-nums" aria-live="polite" aria-atomic="true">
            <span className="sr-only">Photo </span>
            {`${current + 1}/${count}`}
          </p>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="shrink-0 rounded-full border border-white/40 px-4 py-1.5 text-sm font-semibold hover:bg-white/10"
          >
            Close<span className="sr-only"> photos</span>
          </button>
        </div>
        <div className="relative min-h-0 flex-1">
          <div ref={track} className="absolute inset-0 flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none]">
            {imageIds.map((documentId, index) => (
              <div key={documentId} data-index={index} className="flex h-full w-full shrink-0 snap-start items-center justify-center p-2 small:p-6" aria-hidden={index !== current}>
                {loaded.has(index) ? (
                  <img
                    src={resizedImagePath(documentId, { width: 1200, height: 800, fit: 'inside', quality: imageQuality.high })}
                    srcSet={resizedImageSrcSet(documentId, { aspectRatio: 3 / 2, widths: slideWidths, fit: 'inside', quality: imageQuality.high, format: 'webp' })}
                    sizes="100vw"
                    alt={`${title}, photo ${index + 1} of ${count}`}
                    className="max-h-full max-w-full object-contain"
                  />
                ) : null}
              </div>
            ))}
          </div>
          {count > 1 ? (
            <>
              <button type="button" className={`${buttonStyle} left-3`} onClick={() => show(current - 1)} aria-label="Previous photo">
                <ChevronIcon direction="left" className="h-6 w-6" />
              </button>
              <button type="button" className={`${buttonStyle} right-3`} onClick={() => show(current + 1)} aria-label="Next photo">
                <ChevronIcon direction="right" className="h-6 w-6" />
              </button>
            </>
          ) : null}
        </div>
      </div>
    </dialog>
  )
}
