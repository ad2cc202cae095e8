import { useActionData } from 'react-router'
import { type MouseEvent, useEffect } from 'react'
import type { ListingDetail } from '~/models/listings/listing-detail'
import type { ListingPageData } from './page.server'
import { isActiveListing, listingTier, ownerLandSafetyNote, showsContactButton, showsOwnerLandSafetyNote } from '~/models/listings/listing-rules'
import { brokerDisplayName } from '~/utils/format'
import { rememberViewedListing } from '~/browser/recently-viewed'
import { AdSlot } from '~/components/ad-slot'
import { ListingChecks } from './listing-checks'
import { ListingPriceContext } from './listing-price-context'
import { ListingSurroundings } from './listing-surroundings'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { ListingCards } from '~/components/deferred-listing-grids'
import { ListingDescription, ListingFeatures, ListingHeading, ListingKeyFacts, ListingStatusBadge } from '~/components/listing-facts'
import { GalleryHero, PhotoGrid, useListingCarousel } from './listing-gallery'
import { ListingHistory } from './listing-history'
import { ListingVisits } from './listing-visits'
import type { ListingFormResult } from './listing-forms'
import { LikeForm } from '~/components/like-form'
import { JsonLd } from '~/components/json-ld'
import { ListingBroker } from './listing-broker'
import { ListingForms } from './listing-forms'
import { LeadNudge } from '~/components/page-popovers'

import { pageFormShouldRevalidate } from '~/components/page-form'
import { listingFormSectionIds } from '~/models/listings/listing-form-ids'
import { type CarouselView, listingFlyerPath, listingMapPath } from '~/models/listings/listing-media'
import { useLowData } from '~/hooks/use-low-data'
import { listingExternalLinkPath } from '~/sites/listing-external-link'

/** A form answered with its errors changes nothing on the page: no reload (and no second view). */
export const listingShouldRevalidate = pageFormShouldRevalidate

type OpenView = (view: CarouselView) => (event: MouseEvent<HTMLElement>) => void

const locationSectionId = 'location'

/**
 * Overlays on the first photo: tier, status, the like button, and the video, tour and map. Without scripts the
 * video and tour open on their hosts and the map link goes to the location section; with
 * scripts each opens its tab of the full-screen carousel.
 */
function GalleryOverlay({ listing, isLiked, pagePath, openView }: { listing: ListingDetail; isLiked: boolean; pagePath: string; openView: OpenView }) {
  const tier = listingTier(listing)
  const linkStyle = 'rounded-full bg-white px-4 py-2 text-sm font-semibold text-stone-900 shadow-lg hover:bg-stone-100'
  return (
    <>
      {tier === 'diamond' || tier === 'platinum' || tier === 'gold' ? (
        <span className="rounded bg-stone-900/85 px-2.5 py-1 text-xs font-bold uppercase tracking-wide text-white shadow">{tier}</span>
      ) : null}
      <ListingStatusBadge listing={listing} />
      <LikeForm listingId={listing.id} listingTitle={listing.title} isLiked={isLiked} returnTo={pagePath} look="labelled" />
      {listing.videoUrl ? (
        <a href={listingExternalLinkPath(listing.id, 'video')} target="_blank" rel="nofollow noopener noreferrer" onClick={openView('video')} className={linkStyle}>
          Watch video
        </a>
      ) : null}
      {listing.virtualTourUrl ? (
        <a href={listingExternalLinkPath(listing.id, 'tour')} target="_blank" rel="nofollow noopener noreferrer" onClick={openView('tour')} className={linkStyle}>
          Virtual tour
        </a>
      ) : null}
      <a href={`#${locationSectionId}`} onClick={openView('property-map')} className={linkStyle}>
        Map
      </a>
    </>
  )
}

/** A link to the listing's page on another site (spec §3 external link types), opened beside this one. */
function ElsewhereLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="nofollow noopener noreferrer" className="text-brand underline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

/**
 * Where the land is: the property map in the page (what a buyer without scripts sees) and the local
 * map behind a link. With Low data on, the property map too is behind a link, to the map itself
 * (or, with scripts, the carousel's map view).
 */
function ListingLocation({ listing, openView }: { listing: ListingDetail; openView: OpenView }) {
  const place = `${listing.countyName}, ${listing.stateAbbreviation}`
  const isLowData = useLowData()
  return (
    <section id={locationSectionId} aria-labelledby="location-heading">
      <h2 id="location-heading" className="text-xl font-bold text-stone-900">
        Location
      </h2>
      {isLowData ? (
        <p className="mt-3 text-sm">
          <a href={listingMapPath(listing.id, 'property')} onClick={openView('property-map')} className="font-semibold text-brand underline">
            {`Show the map of the property in ${place}`}
          </a>
        </p>
      ) : (
        <a
          href={listingMapPath(listing.id, 'property')}
          onClick={openView('property-map')}
          className="mt-3 block overflow-hidden rounded-lg border border-stone-200"
        >
          <img
            src={listingMapPath(listing.id, 'property')}
            alt={`Map of the property in ${place}`}
            width={800}
            height={533}
            loading="lazy"
            decoding="async"
            className="h-auto w-full"
          />
        </a>
      )}
      <p className="mt-2 text-sm">
        <a href={listingMapPath(listing.id, 'local')} onClick={openView('local-map')} className="font-semibold text-brand underline">
          {`See ${listing.countyName} on the map of the state`}
        </a>
      </p>
    </section>
  )
}

/**
 * A listing's detail page (spec §2 screens, §3 "Property detail data", §4 badges and contact
 * rules): photos first, then the facts with the broker beside them on wide screens. A sold or
 * off-market listing offers similar available land straight after its facts.
 */
export function ListingPage({ page }: { page: ListingPageData }) {
  const { listing } = page
  // For the 'Recently viewed' strip of the home and search pages.
  useEffect(() => rememberViewedListing(listing.id), [listing.id])
  const { openPhoto, openView, carousel } = useListingCarousel(listing)
  const isActive = isActiveListing(listing)
  const canContact = listing.broker !== null && showsContactButton(listing)
  const safetyNote = showsOwnerLandSafetyNote(listing) ? ownerLandSafetyNote : null
  const similar = (
    <ListingCards
      id="similar"
      heading={isActive ? 'Similar properties nearby' : 'Similar properties for sale nearby'}
      cards={page.similarListings}
      likedListingIds={page.likedListingIds}
      isInColumn={!isActive}
    />
  )
  return (
    <article aria-labelledby="listing-title" className="pb-16">
      <GalleryHero listing={listing} openPhoto={openPhoto}>
        <GalleryOverlay listing={listing} isLiked={page.likedListingIds.includes(listing.id)} pagePath={page.canonicalPath} openView={openView} />
      </GalleryHero>
      <div className="mx-auto max-w-7xl px-4">
        <div className="py-4">
          <Breadcrumbs crumbs={page.breadcrumbs} />
        </div>
        {/* On narrow screens the broker follows the facts; on wide ones it stays beside everything. */}
        <div className="grid gap-10 tablet:grid-cols-[minmax(0,1fr)_22rem] tablet:grid-rows-[auto_1fr]">
          <div className="flex min-w-0 flex-col gap-6">
            <ListingHeading listing={listing} />
            <ListingKeyFacts listing={listing} listedOn={page.listedOn} />
            <ListingVisits booking={page.visitBooking} safetyNote={safetyNote} />
          </div>
          {listing.broker ? (
            <aside aria-label="Seller" className="tablet:sticky tablet:top-4 tablet:col-start-2 tablet:row-span-2 tablet:row-start-1 tablet:self-start">
              <ListingBroker broker={listing.broker} canContact={showsContactButton(listing)} listingId={listing.id} />
            </aside>
          ) : null}
          <div className="flex min-w-0 flex-col gap-10 tablet:col-start-1">
            {isActive ? null : similar}
            <nav aria-label="Listing actions" className="flex flex-wrap gap-4 text-sm font-semibold">
              <a href={`#${listingFormSectionIds.share}`} className="text-brand underline">
                Send to a friend
              </a>
              <a href={`#${listingFormSectionIds.report}`} className="text-brand underline">
                Report this listing
              </a>
              <a href={listingFlyerPath(listing.id)} className="text-brand underline">
                Printable flyer
              </a>
              {listing.auctionUrl ? <ElsewhereLink href={listingExternalLinkPath(listing.id, 'auction')}>Auction details</ElsewhereLink> : null}
              {listing.externalListingUrl ? (
                <ElsewhereLink href={listingExternalLinkPath(listing.id, 'listing')}>This listing on the seller’s website</ElsewhereLink>
              ) : null}
            </nav>
            <ListingDescription listing={listing} />
            <ListingFeatures listing={listing} groups={page.featureGroups} />
            <ListingPriceContext price={page.context.price} />
            <ListingChecks checks={page.context.checks} />
            <ListingHistory history={page.history} />
            {listing.imageIds.length > 0 ? (
              <section id="photos" aria-labelledby="photos-heading">
                <h2 id="photos-heading" className="text-xl font-bold text-stone-900">
                  Photos
                </h2>
                <div className="mt-3">
                  <PhotoGrid listing={listing} openPhoto={openPhoto} />
                </div>
              </section>
            ) : null}
            <ListingLocation listing={listing} openView={openView} />
            <ListingSurroundings surroundings={page.context.surroundings} />
            <AdSlot ad={page.ad} />
          </div>
        </div>
        <div className="mt-12 flex flex-col gap-12">
          {listing.broker ? (
            <ListingCards
              id="other-listings"
              heading={`More land from ${brokerDisplayName(listing.broker)}`}
              cards={page.otherListings}
              likedListingIds={page.likedListingIds}
            />
          ) : null}
          {isActive ? similar : null}
        </div>
      </div>
      <JsonLd graph={page.structuredData} />
      {carousel}
      {canContact ? <LeadNudge /> : null}
      <ListingForms
        actionResult={useActionData<ListingFormResult>()}
        sent={page.sent}
        brokerName={listing.broker ? brokerDisplayName(listing.broker) : null}
        canContact={canContact}
        pagePath={page.canonicalPath}
        financeCheckbox={page.financeCheckbox}
        safetyNote={safetyNote}
      />
    </article>
  )
}
