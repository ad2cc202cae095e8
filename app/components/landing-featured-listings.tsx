import type { FeaturedListing } from '~/models/landing-page'
import { ListingCard } from './listing-card'

/** Diamond and platinum listings of a place (issue 7). Below the hero, so every photo loads lazily. */
export function LandingFeaturedListings({ heading, listings }: { heading: string; listings: FeaturedListing[] }) {
  if (listings.length === 0) return null
  return (
    <section aria-labelledby="featured-listings" className="mx-auto max-w-6xl px-4 py-8">
      <h2 id="featured-listings" className="text-2xl font-bold text-brand">
        {heading}
      </h2>
      <ul className="mt-4 grid gap-5 small:grid-cols-2 tablet:grid-cols-3">
        {listings.map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} href={listing.href} />
          </li>
        ))}
      </ul>
    </section>
  )
}
