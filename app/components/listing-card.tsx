import type { ListingCardView } from '~/models/listings/listing-card'
import { ArrowDownIcon, EnvelopeIcon } from './icons'
import { LikeForm } from './like-form'
import { ListingCardBroker, ListingCardBrokerActions } from './listing-card-broker'
import { ListingCardPhoto } from './listing-card-photo'

export interface ListingCardProps {
  /** From `listingCardView(listing)`. */
  card: ListingCardView
  headingLevel?: 2 | 3
  /** For the first cards on a page: the photo loads at once, with high fetch priority. */
  priority?: boolean
  /** Search results pages only (spec §2): diamond listings add 'Call' and 'Message'. */
  showBrokerCallButtons?: boolean
  /** Spec §4: the signed-in viewer likes this listing (the heart shows pressed). */
  isLiked?: boolean
}

/** Spec §2 visual tiers: upgraded cards get a coloured frame (app/tailwind.css; whole names, so Tailwind keeps them). */
const tierClasses: Record<ListingCardView['tier'], string> = {
  diamond: 'card card-diamond',
  platinum: 'card card-platinum',
  gold: 'card card-gold',
  showcase: 'card card-showcase',
  standard: 'card card-standard',
  free: 'card',
}

/**
 * A search-result card (spec §2 "Listing card", §4 badges and contact rules). The title link is
 * stretched over the whole card; the like form and contact links sit above it (z-10), so no
 * interactive element is nested in another and everything works without scripts.
 */
export function ListingCard({ card, headingLevel = 3, priority = false, showBrokerCallButtons = false, isLiked = false }: ListingCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const contactHref = `${card.href}#contact`
  const { broker } = card
  const hasCallButtons = showBrokerCallButtons && card.tier === 'diamond' && card.contact !== null && broker !== null
  const contact = hasCallButtons ? null : contactLink(card, contactHref)

  return (
    <article className={tierClasses[card.tier]}>
      <ListingCardPhoto card={card} priority={priority} />
      <div className="card-body">
        <Heading className="card-title">
          <a href={card.href}>{card.title}</a>
        </Heading>
        {/* After the title in tab order; drawn over the photo's corner. */}
        <LikeForm listingId={card.id} listingTitle={card.title} isLiked={isLiked} look="icon" className="absolute right-2 top-2 z-10" />
        {/* Price leads visually; in reading order the title comes first so a heading starts each card. */}
        <div className="card-price">
          <p className="text-xl font-bold tracking-tight">
            {card.price}
            <span className="font-normal text-stone-600">{` · ${card.acres}`}</span>
          </p>
          {card.pricePerAcre ? <p className="text-xs text-stone-600">{card.pricePerAcre}</p> : null}
        </div>
        {card.homeFacts ? <p className="text-sm font-medium">{card.homeFacts}</p> : null}
        <p className="truncate text-sm text-stone-600">{card.address}</p>
        {card.reduction ? (
          <p className="flex items-center gap-1 text-sm font-semibold text-emerald-800">
            <ArrowDownIcon className="h-4 w-4" />
            {card.reduction}
          </p>
        ) : null}
        {card.unconfirmed ? <p className="text-sm font-semibold text-amber-900">{card.unconfirmed}</p> : null}
        {card.visits ? <p className="w-fit rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">{card.visits}</p> : null}
        <p className="line-clamp-3 text-sm text-stone-700">{card.excerpt}</p>
        {broker || contact ? (
          <div className="card-footer">
            {broker ? <ListingCardBroker broker={broker} /> : null}
            {contact}
            {hasCallButtons && broker ? <ListingCardBrokerActions broker={broker} contactHref={contactHref} /> : null}
          </div>
        ) : null}
      </div>
    </article>
  )
}

/** Spec §2: a 'Contact Seller' button or the envelope icon; upgraded listings (§4) get the envelope. */
function contactLink(card: ListingCardView, contactHref: string) {
  switch (card.contact) {
    case 'envelope':
      return (
        <a href={contactHref} aria-label="Email the seller" className="card-envelope">
          <EnvelopeIcon />
        </a>
      )
    case 'button':
      return (
        <a href={contactHref} className="card-contact">
          Contact Seller
        </a>
      )
    default:
      return null
  }
}
