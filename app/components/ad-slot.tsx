import { type RefObject, useEffect, useId, useRef, useState } from 'react'
import { type AdView, adImpression, adLazyLoad, mobileViewportQuery } from '~/models/ads/ad'
import { adClickPath, adImpressionPath } from '~/sites/ad-path'
import { adPictureSources } from '~/utils/image-renditions'
import { useLowData } from '~/hooks/use-low-data'

/** The picture's box: 3:2, 192 × 128 CSS pixels from `small` up; a 128px square crop on phones. */
const pictureSizes = '(min-width: 601px) 192px, 128px'

function pictureSources(documentId: number) {
  return { ...adPictureSources(documentId), sizes: pictureSizes }
}

/** Calls `onNear` once, when the element comes within `marginPercent` viewports (doubled on a phone, spec §9). */
function observeNear(element: Element, marginPercent: number, onNear: () => void) {
  const scale = window.matchMedia(mobileViewportQuery).matches ? adLazyLoad.mobileScaling : 1
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      onNear()
    },
    { rootMargin: `${marginPercent * scale}%` },
  )
  observer.observe(element)
  return () => observer.disconnect()
}

/**
 * Spec §9's ad margins: the picture is fetched when the slot is within the fetch margin and drawn
 * within the render margin. True once it should be drawn.
 */
function useLazyPicture(slot: RefObject<Element | null>, documentId: number | null) {
  const [isNear, setIsNear] = useState(false)
  useEffect(() => {
    const element = slot.current
    if (!element || documentId === null) return
    const stopFetching = observeNear(element, adLazyLoad.fetchMarginPercent, () => {
      // Into the browser's cache: the <img> drawn later with the same sources reads it from there.
      // The DOM's names (srcset, not React's srcSet), the source set before the fallback: else the
      // fallback is fetched as well as the picture the <img> then picks.
      const { src, srcSet, sizes } = pictureSources(documentId)
      const image = new Image()
      image.sizes = sizes
      image.srcset = srcSet
      image.src = src
    })
    const stopRendering = observeNear(element, adLazyLoad.renderMarginPercent, () => setIsNear(true))
    return () => {
      stopFetching()
      stopRendering()
    }
  }, [slot, documentId])
  return isNear
}

/** Reports one impression (see `adImpression`) with a beacon to our own endpoint, once per page view. */
function useImpressionBeacon(slot: RefObject<Element | null>, adId: number) {
  useEffect(() => {
    const element = slot.current
    if (!element) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const observer = new IntersectionObserver(
      (entries) => {
        const isInView = entries.some((entry) => entry.intersectionRatio >= adImpression.visibleShare)
        clearTimeout(timer)
        if (!isInView) return
        timer = setTimeout(() => {
          observer.disconnect()
          navigator.sendBeacon(adImpressionPath(adId))
        }, adImpression.milliseconds)
      },
      { threshold: adImpression.visibleShare },
    )
    observer.observe(element)
    return () => {
      clearTimeout(timer)
      observer.disconnect()
    }
  }, [slot, adId])
}

/**
 * A first-party ad (issue 17 §8), server-rendered whole so it works without scripts and takes its
 * place at first paint: a fixed-height card (nothing moves when its picture arrives), labelled
 * 'Advertisement' in text, whose headline is a plain link through our click route to the
 * advertiser's contact form. With scripts the picture loads at the spec's ad margins and a viewed
 * ad reports its impression; without them the browser loads the picture with the page.
 */
function AdCard({ ad, className = '' }: { ad: AdView; className?: string }) {
  const labelId = useId()
  const card = useRef<HTMLDivElement>(null)
  const isPictureNear = useLazyPicture(card, ad.imageDocumentId)
  useImpressionBeacon(card, ad.id)
  const picture =
    ad.imageDocumentId === null ? null : (
      <img {...pictureSources(ad.imageDocumentId)} alt="" width={192} height={128} decoding="async" className="h-full w-full object-cover" />
    )
  return (
    <aside aria-labelledby={labelId} data-ad-kind={ad.kind} className={`mx-auto w-full max-w-3xl ${className}`}>
      <p id={labelId} className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-600">
        Advertisement
      </p>
      <div ref={card} className="relative flex h-32 overflow-hidden rounded-lg border border-stone-300 bg-white shadow-sm hover:border-brand">
        <div className="h-full w-32 shrink-0 bg-stone-200 small:w-48">
          {picture ? (
            <>
              <noscript>{picture}</noscript>
              {isPictureNear ? picture : null}
            </>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col justify-between gap-1 p-3">
          <div className="min-w-0">
            <p className="line-clamp-2 font-semibold text-stone-900 small:line-clamp-1">
              {/* The link covers the card (after:inset-0): its name is the headline, the whole card clicks. */}
              <a href={adClickPath(ad.id)} rel="sponsored" className="after:absolute after:inset-0 hover:underline">
                {ad.headline}
              </a>
            </p>
            <p className="line-clamp-1 text-sm text-stone-700 small:line-clamp-2">{ad.body}</p>
          </div>
          <p className="truncate text-sm">
            <span className="font-semibold text-brand">{ad.callToAction}</span>
            <span className="text-stone-600">{` · ${ad.advertiser}`}</span>
          </p>
        </div>
      </div>
    </aside>
  )
}

/**
 * The page's ad slot: nothing at all when no ad fits the page (no empty box to hold open), nor
 * with Low data on (an advertiser's picture and beacons are not what a visitor saving data came for).
 */
export function AdSlot({ ad, className }: { ad: AdView | null; className?: string }) {
  const isLowData = useLowData()
  return ad && !isLowData ? <AdCard ad={ad} className={className} /> : null
}
