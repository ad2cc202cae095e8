import type { LandingPageData } from './page.server'
import { useSite, useSiteOrigin } from '~/hooks/use-site'
import { AdSlot } from '~/components/ad-slot'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { LandingFeaturedListings } from '~/components/deferred-listing-grids'
import { LandingHero } from '~/components/landing-hero'
import { LandingMarket } from '~/components/landing-market'
import { SearchLocationBox } from '~/components/search-location-box'
import { SearchStructuredData } from '~/components/search-structured-data'

/** A landing page of the land site: the home screen for one place (spec §2, issue 7). */
export function LandingPage({ page }: { page: LandingPageData }) {
  const site = useSite()
  const origin = useSiteOrigin()
  const { market } = page
  const count = market.stats.listings
  return (
    <>
      <LandingHero
        photoId={page.heroPhotoId}
        heading={page.heading}
        subline={
          count === 0
            ? `No land for sale in ${market.placeName} right now`
            : `${count.toLocaleString('en-US')} ${count === 1 ? 'property' : 'properties'} for sale in ${market.placeName}`
        }
      >
        <SearchLocationBox from="" placeholder={site.searchPlaceholder} />
        {count > 0 ? (
          <a href={market.searchHref} className="rounded-md bg-accent px-4 py-2 font-semibold text-white hover:brightness-110">
            {`See all land for sale in ${market.placeName}`}
          </a>
        ) : null}
      </LandingHero>
      <div className="mx-auto max-w-6xl px-4 pt-6">
        <Breadcrumbs crumbs={page.breadcrumbs} />
        <LandingMarket market={market} heading={page.kind === 'national' ? 'Land market insights' : `Land market in ${market.placeName}`}>
          <LandingFeaturedListings heading={`Properties for sale in ${market.placeName}`} headingLevel={3} cards={page.featured} />
        </LandingMarket>
        <AdSlot ad={page.ad} className="my-8" />
      </div>
      <SearchStructuredData origin={origin} breadcrumbs={page.breadcrumbs} listings={page.featured} />
    </>
  )
}
