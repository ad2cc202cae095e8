import type { ListingCardView } from '~/models/listings/listing-card'
import { ListingCard } from './listing-card'

/**
 * Diamond and platinum listings of a place (issue 7), or any listings a page shows for context (a
 * valuation's land for sale nearby), with a line under the heading when given. Below the page's
 * first view, so every photo loads lazily.
 */
export function LandingFeaturedListings({
  heading,
  headingLevel = 2,
  note,
  cards,
}: {
  heading: string
  headingLevel?: 2 | 3
  note?: string
  /** Worded by the server (`listingCardView`). */
  cards: ListingCardView[]
}) {
  if (cards.length === 0) return null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby="featured-listings" className="py-6">
      <Heading id="featured-listings" className={headingLevel === 2 ? 'text-2xl font-bold text-brand' : 'text-lg font-semibold'}>
        {heading}
      </Heading>
      {note ? <p className="mt-1 text-sm text-ink/80">{note}</p> : null}
      <ul className="mt-4 grid grid-cols-1 gap-5 small:grid-cols-2 tablet:grid-cols-3">
        {cards.map((card) => (
          <li key={card.id}>
            <ListingCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  )
}
