import { DEFAULT_PLACEHOLDER_DOCUMENT_ID, resizedImagePath } from '~/models/media/document-ids'
import type { ListingCardView } from '~/models/listings/listing-card'
import { fixedRenditions } from '~/utils/image-renditions'

/** Spec §9 thumbnail size (81 × 122); its rendition is twice that, for sharp screens. */
const thumbnail = { width: fixedRenditions.mapResultThumbnail.width / 2, height: fixedRenditions.mapResultThumbnail.height / 2 }

/**
 * The map view's results beside the map: compact cards numbered like the map's points. Spec §9:
 * no lazy margin in the map view, so a thumbnail loads once it is in view (`data-lazy-margin`, read by
 * the lazy-image script in the page's head).
 */
export function MapResultList({ listings }: { listings: ListingCardView[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <article className="group relative flex gap-3 rounded-lg border border-stone-200 bg-white p-2 text-ink hover:shadow-md">
            <span
              aria-hidden="true"
              className="absolute left-1 top-1 z-10 flex h-6 min-w-6 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-white"
            >
              {index + 1}
            </span>
            <img
              src={resizedImagePath(listing.imageIds[0] ?? DEFAULT_PLACEHOLDER_DOCUMENT_ID, fixedRenditions.mapResultThumbnail)}
              width={thumbnail.width}
              height={thumbnail.height}
              alt=""
              loading="lazy"
              data-lazy-margin="0"
              decoding="async"
              className="h-[81px] w-[122px] shrink-0 rounded object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="font-bold">{`${listing.price} · ${listing.acres}`}</p>
              <h3 className="line-clamp-2 text-sm font-semibold leading-snug">
                <a href={listing.href} className="after:absolute after:inset-0 group-hover:underline">
                  <span className="sr-only">{`${index + 1}. `}</span>
                  {listing.title}
                </a>
              </h3>
              <p className="truncate text-xs text-stone-600">{listing.address}</p>
            </div>
          </article>
        </li>
      ))}
    </ol>
  )
}
