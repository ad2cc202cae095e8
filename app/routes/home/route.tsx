import { AdSlot } from '~/components/ad-slot'
import { LandingFeaturedListings } from '~/components/deferred-listing-grids'
import { LandingHero } from '~/components/landing-hero'
import { LandingLandValues } from '~/components/landing-land-values'
import { PlaceLinkList } from '~/components/landing-market'
import { RecentlyViewedListings } from '~/components/recently-viewed-listings'
import { LandingNearMe } from '~/components/landing-near-me'
import { SearchLocationBox } from '~/components/search-location-box'
import type { SiteHeaderHandle } from '~/components/site-header'
import { SiteStructuredData } from '~/components/site-structured-data'
import { StateMap } from '~/components/state-map'
import { lazyComponent } from '~/components/lazy-component'
import { databaseContext } from '~/http/database.server'
import type { Route } from './+types/route'
import { loadHomePage, visitorHeaderNames } from './page.server'
import { siteFromRequest } from '~/sites/site.server'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { useSite, useSiteOrigin } from '~/hooks/use-site'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/** Only AcreWorth's home has the valuation form: the other sites' homes do not fetch its code. */
const HomeValuation = lazyComponent(() => import('~/components/valuation-form').then((module) => module.HomeValuation))

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHomePage(context.get(databaseContext), siteFromRequest(request), request)
}

/** 'Land for Sale Near Me' follows the CDN's location headers: a shared cache must keep one copy per location. */
export const headers = () => ({ Vary: visitorHeaderNames().join(', ') })

/** Spec §2: the header is transparent over the home page's photo. */
export const handle: SiteHeaderHandle & AnalyticsHandle = { hasTransparentHeader: () => true, analytics: 'home' }

export const meta: Route.MetaFunction = ({ matches }) => {
  const context = headContextFrom(matches)
  const site = context?.site
  return pageMeta(context, {
    title: site ? `${site.name}: ${site.tagline}` : 'Land for sale',
    description: site?.description ?? '',
    canonicalPath: '/',
  })
}

export default function Home({ loaderData: home }: Route.ComponentProps) {
  const site = useSite()
  const origin = useSiteOrigin()
  const subline = `${home.national.listings.toLocaleString('en-US')} properties for sale in ${home.listingPlaces}`
  if (home.kind === 'valuation') {
    return (
      <>
        <LandingHero photoId={home.heroPhotoId} heading={site.heroHeadline} subline={subline}>
          <HomeValuation states={home.valuationStates} siteName={site.name} />
        </LandingHero>
        <LandingLandValues national={home.national} states={home.states} />
        <SiteStructuredData site={site} origin={origin} />
      </>
    )
  }
  return (
    <>
      <LandingHero photoId={home.heroPhotoId} heading={site.heroHeadline} subline={subline}>
        <SearchLocationBox from="" placeholder={site.searchPlaceholder} />
        <LandingNearMe href={home.nearMe.href} knowsZip={home.nearMe.knowsZip} />
      </LandingHero>
      <section aria-labelledby="popular-states" className="mx-auto max-w-6xl px-4 pt-10">
        <h2 id="popular-states" className="text-2xl font-bold text-brand">
          Popular states
        </h2>
        <PlaceLinkList places={home.popularStates} layout="grid gap-x-6 small:grid-cols-2 medium:grid-cols-5" />
      </section>
      <div className="mx-auto max-w-6xl px-4 pt-4">
        <LandingFeaturedListings heading="Featured properties" cards={home.featured} />
        <AdSlot ad={home.ad} className="mt-8" />
      </div>
      <section aria-labelledby="property-types" className="mx-auto max-w-6xl px-4 py-4">
        <h2 id="property-types" className="text-2xl font-bold text-brand">
          Browse by property type
        </h2>
        <PlaceLinkList places={home.propertyTypes} />
      </section>
      <section aria-labelledby="all-states" className="mx-auto max-w-6xl px-4 py-8">
        <h2 id="all-states" className="text-2xl font-bold text-brand">
          Land for sale by state
        </h2>
        {home.stateMap ? (
          <div className="my-4">
            <StateMap states={home.stateMap} headingId="all-states" carriesShapes />
          </div>
        ) : null}
        <PlaceLinkList places={home.allStates} />
        {home.insightsHref ? (
          <p className="mt-6">
            <a href={home.insightsHref} className="font-semibold text-brand underline">
              Land market insights for the United States
            </a>
          </p>
        ) : null}
      </section>
      <SiteStructuredData site={site} origin={origin} />
      <RecentlyViewedListings />
    </>
  )
}
