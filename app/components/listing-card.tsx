import {
  isPaidListing,
  type ListingTier,
  listingTier,
  showsContactButton,
  showsEnvelopeIcon,
  statusBadge,
} from '~/models/listing-rules'
import type { ListingSummary } from '~/models/listing-summary'
import {
  formatAcres,
  formatAddress,
  formatCompactCurrency,
  formatHomeFacts,
  formatPrice,
  formatPricePerAcre,
} from '~/utils/format'
import { ArrowDownIcon, EnvelopeIcon } from './icons'
import { LikeForm } from './like-form'
import { ListingCardBroker, ListingCardBrokerActions } from './listing-card-broker'
import { ListingCardPhoto } from './listing-card-photo'

export interface ListingCardProps {
  listing: ListingSummary
  /** The listing's canonical path, from `listingPath(site, listing)`. */
  href: string
  headingLevel?: 2 | 3
  /** For the first cards on a page: the photo loads at once, with high fetch priority. */
  priority?: boolean
  /** Search results pages only (spec §2): diamond listings add 'Call' and 'Message'. */
  showBrokerCallButtons?: boolean
  /** Spec §4: the signed-in viewer likes this listing (the heart shows pressed). */
  isLiked?: boolean
}

/** Spec §2 visual tiers: upgraded cards get a coloured frame and a ribbon; free cards stay plain. */
const tierStyles: Record<ListingTier, { frame: string; ribbon?: { label: string; colours: string } }> = {
  diamond: { frame: 'border-sky-700 ring-1 ring-sky-700 shadow-md', ribbon: { label: 'Diamond', colours: 'bg-sky-800 text-white' } },
  platinum: { frame: 'border-slate-500 ring-1 ring-slate-500 shadow-md', ribbon: { label: 'Platinum', colours: 'bg-slate-700 text-white' } },
  gold: { frame: 'border-amber-500 ring-1 ring-amber-500 shadow-md', ribbon: { label: 'Gold', colours: 'bg-amber-300 text-amber-950' } },
  showcase: { frame: 'border-brand ring-1 ring-brand shadow-md', ribbon: { label: 'Showcase', colours: 'bg-brand text-brand-contrast' } },
  standard: { frame: 'border-stone-200 shadow-sm' },
  free: { frame: 'border-stone-200' },
}

/**
 * A search-result card (spec §2 "Listing card", §4 badges and contact rules). The title link is
 * stretched over the whole card; the like form and contact links sit above it (z-10), so no
 * interactive element is nested in another and everything works without scripts.
 */
export function ListingCard({ listing, href, headingLevel = 3, priority = false, showBrokerCallButtons = false, isLiked = false }: ListingCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const tier = listingTier(listing)
  const { frame, ribbon } = tierStyles[tier]
  const pricePerAcre = formatPricePerAcre(listing.price, listing.acres)
  const homeFacts = formatHomeFacts(listing)
  const contactHref = `${href}#contact`
  // Spec §2: only paid listings show who sells them.
  const broker = isPaidListing(listing) ? listing.broker : null
  const hasCallButtons = showBrokerCallButtons && tier === 'diamond' && showsContactButton(listing) && broker !== null
  const contact = hasCallButtons ? null : contactLink(listing, contactHref)

  return (
    <article className={`group relative flex flex-col overflow-hidden rounded-xl border bg-white text-ink transition-shadow hover:shadow-lg ${frame}`}>
      <ListingCardPhoto
        listing={listing}
        href={href}
        priority={priority}
        badge={statusBadge(listing)}
        ribbon={ribbon ? <span className={`rounded px-2 py-1 shadow ${ribbon.colours}`}>{ribbon.label}</span> : null}
      />
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <Heading className="line-clamp-2 text-base font-semibold leading-snug">
          <a href={href} className="after:absolute after:inset-0 group-hover:underline">
            {listing.title}
          </a>
        </Heading>
        {/* After the title in tab order; drawn over the photo's corner. */}
        <LikeForm listingId={listing.id} listingTitle={listing.title} isLiked={isLiked} look="icon" className="absolute right-2 top-2 z-10" />
        {/* Price leads visually; in reading order the title comes first so a heading starts each card. */}
        <div className="-order-1 flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="text-xl font-bold tracking-tight">
            {formatPrice(listing.price)}
            <span className="font-normal text-stone-600"> · {formatAcres(listing.acres)}</span>
          </p>
          {pricePerAcre ? <p className="text-xs text-stone-600">{pricePerAcre}</p> : null}
        </div>
        {homeFacts ? <p className="text-sm font-medium">{homeFacts}</p> : null}
        <p className="truncate text-sm text-stone-600">{formatAddress(listing)}</p>
        {listing.priceChangeAmount !== null && listing.priceChangeAmount < 0 ? (
          <p className="flex items-center gap-1 text-sm font-semibold text-emerald-800">
            <ArrowDownIcon className="h-4 w-4" />
            Reduced {formatCompactCurrency(Math.abs(listing.priceChangeAmount))}
          </p>
        ) : null}
        <p className="line-clamp-3 text-sm text-stone-700">{listing.descriptionExcerpt}</p>
        {broker || contact ? (
          <div className="mt-auto flex flex-col gap-3 border-t border-stone-200 pt-3">
            <div className="flex items-center justify-between gap-3">
              {broker ? <ListingCardBroker broker={broker} /> : null}
              {contact}
            </div>
            {hasCallButtons && broker ? <ListingCardBrokerActions broker={broker} contactHref={contactHref} /> : null}
          </div>
        ) : null}
      </div>
    </article>
  )
}

/** Spec §2: a 'Contact Seller' button or the envelope icon; upgraded listings (§4) get the envelope. */
function contactLink(listing: ListingSummary, contactHref: string) {
  if (showsEnvelopeIcon(listing)) {
    return (
      <a
        href={contactHref}
        aria-label="Email the seller"
        className="relative z-10 ml-auto inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-brand text-brand hover:bg-brand hover:text-brand-contrast"
      >
        <EnvelopeIcon />
      </a>
    )
  }
  if (showsContactButton(listing)) {
    return (
      <a
        href={contactHref}
        className="relative z-10 ml-auto shrink-0 rounded-lg bg-brand px-3 py-2 text-sm font-semibold text-brand-contrast hover:bg-brand/90"
      >
        Contact Seller
      </a>
    )
  }
  return null
}
