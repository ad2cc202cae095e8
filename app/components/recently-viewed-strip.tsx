import { useEffect, useState } from 'react'
import type { ViewedListing } from '~/models/listings/viewed-listing'
import { resizedImagePath } from '~/models/media/document-ids'
import { fixedRenditions } from '~/utils/image-renditions'

/**
 * The 'Recently viewed' strip (`RecentlyViewedListings`): the listings of `ids` from spec §7 GET
 * /api/Property/getviewedlistings/{ids}; a failed fetch leaves it away with a console warning
 * (spec §7).
 */
export default function RecentlyViewedStrip({ ids }: { ids: number[] }) {
  const [listings, setListings] = useState<ViewedListing[]>([])
  const path = `/api/Property/getviewedlistings/${ids.join('-')}`
  useEffect(() => {
    const controller = new AbortController()
    fetch(path, { credentials: 'same-origin', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ViewedListing[]>) : Promise.reject(new Error(`status ${response.status}`))))
      .then(setListings)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Recently viewed listings could not be loaded', error)
      })
    return () => controller.abort()
  }, [path])
  if (listings.length === 0) return null
  return (
    <section aria-labelledby="recently-viewed-heading" className="mx-auto max-w-6xl px-4 py-6">
      <h2 id="recently-viewed-heading" className="text-2xl font-bold text-brand">
        Recently viewed
      </h2>
      <ul className="mt-4 flex snap-x gap-4 overflow-x-auto pb-2">
        {listings.map((listing) => (
          <li key={listing.id} className="w-56 shrink-0 snap-start">
            <a href={listing.relativeUrl} className="group block overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
              {listing.thumbnailDocumentId === null ? (
                <span className="block aspect-[3/2] bg-stone-200" />
              ) : (
                <img
                  src={resizedImagePath(listing.thumbnailDocumentId, fixedRenditions.recentlyViewed)}
                  alt=""
                  width={448}
                  height={299}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/2] w-full object-cover"
                />
              )}
              <span className="block p-3">
                <span className="block font-semibold text-stone-900">
                  {listing.priceDisplay ? `${listing.priceDisplay} · ` : ''}
                  {listing.acresDisplay}
                </span>
                <span className="mt-1 line-clamp-2 block text-sm text-stone-700 group-hover:underline">{listing.title}</span>
                {listing.statusDisplay ? <span className="mt-1 block text-xs font-semibold uppercase text-stone-600">{listing.statusDisplay}</span> : null}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
