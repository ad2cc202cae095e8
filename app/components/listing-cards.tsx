import type { ListingCardView } from '~/models/listings/listing-card'
import { ListingCard } from './listing-card'

/**
 * The listing page's grids of other listings: the broker's, and similar land nearby.
 * `isInColumn`: beside the broker there is room for two cards a row, not three.
 */
export function ListingCards({
  id,
  heading,
  cards,
  likedListingIds,
  isInColumn = false,
}: {
  id: string
  heading: string
  /** Worded by the server (`listingCardView`). */
  cards: ListingCardView[]
  likedListingIds: number[]
  isInColumn?: boolean
}) {
  if (cards.length === 0) return null
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-stone-900">
        {heading}
      </h2>
      <ul className={`mt-4 grid grid-cols-1 gap-5 small:grid-cols-2 ${isInColumn ? '' : 'medium-large:grid-cols-3'}`}>
        {cards.map((card) => (
          <li key={card.id}>
            <ListingCard card={card} isLiked={likedListingIds.includes(card.id)} />
          </li>
        ))}
      </ul>
    </section>
  )
}
