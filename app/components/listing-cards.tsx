import type { LinkedListing } from '~/models/listings/listing-detail'
import { listingCardView } from '~/models/listings/listing-card'
import { ListingCard } from './listing-card'

/**
 * The listing page's grids of other listings: the broker's, and similar land nearby.
 * `isInColumn`: beside the broker there is room for two cards a row, not three.
 */
export function ListingCards({
  id,
  heading,
  listings,
  likedListingIds,
  isInColumn = false,
}: {
  id: string
  heading: string
  listings: LinkedListing[]
  likedListingIds: number[]
  isInColumn?: boolean
}) {
  if (listings.length === 0) return null
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-stone-900">
        {heading}
      </h2>
      <ul className={`mt-4 grid grid-cols-1 gap-5 small:grid-cols-2 ${isInColumn ? '' : 'medium-large:grid-cols-3'}`}>
        {listings.map((listing) => (
          <li key={listing.id}>
            <ListingCard card={listingCardView(listing)} isLiked={likedListingIds.includes(listing.id)} />
          </li>
        ))}
      </ul>
    </section>
  )
}
