import type { LinkedListing } from '~/models/listings/listing-detail'
import { listingCardView } from '~/models/listings/listing-card'
import { ListingCard } from './listing-card'

/**
 * Listings as cards under a heading of the page: a broker's, on the broker page and the broker's
 * listings page, and a land request's matches. `headingLevel`: the cards' titles sit one level
 * below the heading above the grid.
 */
export function BrokerListingGrid({ listings, likedListingIds, headingLevel }: { listings: LinkedListing[]; likedListingIds: number[]; headingLevel: 2 | 3 }) {
  const liked = new Set(likedListingIds)
  return (
    <ol className="mt-4 grid grid-cols-1 gap-5 small:grid-cols-2 tablet:grid-cols-3">
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard card={listingCardView(listing)} priority={index === 0} headingLevel={headingLevel} isLiked={liked.has(listing.id)} />
        </li>
      ))}
    </ol>
  )
}
