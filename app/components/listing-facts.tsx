import type { ReactNode } from 'react'
import { auctionWithoutPrice, marketStatus, saleType } from '~/models/listings/enumerations'
import type { ListingDetail } from '~/models/listings/listing-detail'
import { statusBadge } from '~/models/listings/listing-rules'
import { formatAcres, formatAddress, formatCompactCurrency, formatHomeFacts, formatPrice, formatPricePerAcre } from '~/utils/format'
import { ArrowDownIcon } from './icons'

/** A row of the page's property details: a term and the labels the listing has. */
export interface ListingFeatureGroup {
  term: string
  labels: string[]
}

const badgeColours: Record<number, string> = {
  [marketStatus.underContract]: 'bg-yellow-300 text-stone-950',
  [marketStatus.sold]: 'bg-red-700 text-white',
  [marketStatus.offMarket]: 'bg-stone-800 text-white',
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

/** Spec §4 badge; the detail page is not a card, so it reads the full label on every screen. */
export function ListingStatusBadge({ listing, className = '' }: { listing: ListingDetail; className?: string }) {
  const badge = statusBadge(listing)
  if (!badge) return null
  return (
    <span className={`rounded px-2.5 py-1 text-xs font-bold uppercase tracking-wide shadow ${badgeColours[listing.status] ?? ''} ${className}`}>{badge.label}</span>
  )
}

/** The one h1 (the title), where the land is, and its price with any change (spec §5 price rule, compact currency). */
export function ListingHeading({ listing }: { listing: ListingDetail }) {
  const isReduced = listing.priceChangeAmount !== null && listing.priceChangeAmount < 0
  return (
    <header className="flex flex-col gap-4 medium:flex-row medium:items-start medium:justify-between">
      <div className="min-w-0">
        <h1 id="listing-title" className="text-2xl font-bold leading-tight tracking-tight text-stone-900 small:text-3xl">
          {listing.title}
        </h1>
        <p className="mt-2 text-stone-700">{formatAddress(listing)}</p>
      </div>
      <div className="shrink-0 medium:text-right">
        <p className="text-3xl font-bold tracking-tight text-stone-900">{formatPrice(listing.price)}</p>
        {listing.saleType === saleType.auction && listing.price !== auctionWithoutPrice ? <p className="text-sm font-semibold text-accent">Auction</p> : null}
        {isReduced ? (
          <p className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-emerald-800">
            <ArrowDownIcon className="h-4 w-4" />
            Reduced {formatCompactCurrency(Math.abs(listing.priceChangeAmount!))}
          </p>
        ) : null}
        {listing.salesPrice ? <p className="mt-1 text-sm font-semibold text-stone-700">Sold for {dollars.format(listing.salesPrice)}</p> : null}
      </div>
    </header>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white px-4 py-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-stone-600">{term}</dt>
      <dd className="mt-1 text-base font-semibold text-stone-900 small:text-lg">{children}</dd>
    </div>
  )
}

/** The numbers a buyer compares first, as a definition list of tiles. */
export function ListingKeyFacts({ listing, listedOn }: { listing: ListingDetail; listedOn: string }) {
  const pricePerAcre = formatPricePerAcre(listing.price, listing.acres)
  const homeFacts = formatHomeFacts(listing)
  return (
    <section aria-labelledby="facts-heading">
      <h2 id="facts-heading" className="sr-only">
        Key facts
      </h2>
      <dl className="grid grid-cols-2 gap-3 small:grid-cols-3">
        <Fact term="Acres">{formatAcres(listing.acres)}</Fact>
        {pricePerAcre ? <Fact term="Price per acre">{pricePerAcre}</Fact> : null}
        {homeFacts ? <Fact term="Home">{homeFacts}</Fact> : null}
        <Fact term="Status">{statusBadge(listing)?.label ?? 'Available'}</Fact>
        <Fact term="Listed">{listedOn}</Fact>
        <Fact term="Property ID">{listing.id}</Fact>
      </dl>
    </section>
  )
}

function TagList({ labels }: { labels: string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {labels.map((label) => (
        <li key={label} className="rounded-full bg-brand/10 px-3 py-1 text-sm font-medium text-stone-900">
          {label}
        </li>
      ))}
    </ul>
  )
}

/** The description as the seller wrote it, one paragraph per blank line. */
export function ListingDescription({ listing }: { listing: ListingDetail }) {
  const paragraphs = listing.description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
  return (
    <section aria-labelledby="description-heading">
      <h2 id="description-heading" className="text-xl font-bold text-stone-900">
        About this property
      </h2>
      <div className="mt-3 max-w-prose space-y-4 leading-relaxed text-stone-800">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </section>
  )
}

/** Property types, activities, amenities and the yes/no facts (`groups`, labelled on the server), and where the land is. */
export function ListingFeatures({ listing, groups }: { listing: ListingDetail; groups: ListingFeatureGroup[] }) {
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading" className="text-xl font-bold text-stone-900">
        Property details
      </h2>
      <dl className="mt-3 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {groups.map((group) => (
          <div key={group.term} className="grid gap-2 px-4 py-3 small:grid-cols-[10rem_1fr]">
            <dt className="font-semibold text-stone-700">{group.term}</dt>
            <dd>
              <TagList labels={group.labels} />
            </dd>
          </div>
        ))}
        <div className="grid gap-2 px-4 py-3 small:grid-cols-[10rem_1fr]">
          <dt className="font-semibold text-stone-700">Location</dt>
          <dd>{[formatAddress(listing), listing.address1 ? `${listing.countyName}, ${listing.stateName}` : listing.stateName].join(' · ')}</dd>
        </div>
      </dl>
    </section>
  )
}
