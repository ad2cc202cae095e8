import { Suspense, lazy, useEffect } from 'react'
import type { SearchPageData } from './page.server'
import { rememberSearch } from '~/browser/browser-memory'
import { useSiteOrigin, useViewer } from '~/hooks/use-site'
import { AdSlot } from '~/components/ad-slot'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { ListingCard } from '~/components/listing-card'
import { lazyComponent } from '~/components/lazy-component'
import { LandingMarket } from '~/components/landing-market'
import { LocationTags } from './location-tags'
import { SavedSearchOffer } from '~/components/page-popovers'
import { Pagination } from '~/components/pagination'
import { RecentlyViewedListings } from '~/components/recently-viewed-listings'
import { SaveSearchForm } from './save-search-form'
import { SearchStructuredData } from '~/components/search-structured-data'
import { SearchLocationBox } from '~/components/search-location-box'
import { SearchDownloadButton } from './search-download-button'
import { SearchSort } from './search-sort'
import { searchResultsHeadingId } from './search-results-heading'
import { SearchViewToggle } from './search-view-toggle'
import { StateMap } from '~/components/state-map'
import { retryImport } from '~/browser/retry-import'

const SearchMapResults = lazy(() => retryImport(() => import('./search-map-results')))

// Plain HTML until its code arrives (the filter form submits as a normal GET form meanwhile), kept
// out of the page's first script: the panel's live updates are an enhancement. The state map, the
// place market and the JSON-LD are imported at once: the home and landing pages load them at once
// too, so they travel in the shared chunk every page fetches, and loading them on demand here split
// nothing (issue 34 item 7).
const FilterPanel = lazyComponent(() => import('./filter-panel').then((module) => module.FilterPanel))

/** Search results on every listing site (spec §2 "Search URLs", "Search bar and results screen"). */
export function SearchResultsPage({ page }: { page: SearchPageData }) {
  const origin = useSiteOrigin()
  const clearHref = page.widerSearches[0]?.href ?? page.breadcrumbs.at(-1)?.href ?? '/'
  const likedListingIds = new Set(page.likedListingIds)
  const hasResults = page.totalCount > 0
  // Spec §4: recent searches are kept in the browser; the location box offers them again.
  useEffect(() => {
    if (hasResults) rememberSearch({ label: page.heading, href: page.searchPath })
  }, [hasResults, page.heading, page.searchPath])
  const filterPanel = (
    <FilterPanel action={page.formAction} criteria={page.criteria} activeFilterCount={page.activeFilterCount} clearHref={clearHref} view={page.view} />
  )
  const pagination = <Pagination {...page.pagination} />
  const noResults = (
    <div className="rounded-lg border border-ink/15 bg-white p-6">
      <h2 className="text-lg font-semibold">No properties match this search</h2>
      <p className="mt-2">Try fewer filters or a wider area:</p>
      <ul className="mt-3 list-disc space-y-1 pl-6">
        {page.widerSearches.map((wider) => (
          <li key={wider.href}>
            <a href={wider.href} className="font-medium text-brand underline">
              {wider.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <div className="mt-3 flex flex-col gap-3">
        <SearchLocationBox from={page.canonicalPath} placeholder={page.locationPlaceholder} />
        <LocationTags tags={page.locationTags} filterTags={page.filterTags} />
      </div>
      {/* Filtering and sorting land here (search-results-heading.ts): focusable by script, not in the tab order. */}
      <h1 id={searchResultsHeadingId} tabIndex={-1} className="mt-4 scroll-mt-2 text-2xl font-bold text-brand small:text-3xl">
        {page.heading}
      </h1>
      {page.locationNote ? <p className="mt-1 text-ink/80">{page.locationNote}</p> : null}
      {/* Painted whole (app/tailwind.css, decision 0061): on a slow link the right-aligned group would widen to the left as its controls came in. */}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3" data-paint-whole="">
        <p className="font-medium" aria-live="polite">
          {`${page.totalCount.toLocaleString('en-US')} results`}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {page.viewHrefs ? <SearchViewToggle view={page.view} hrefs={page.viewHrefs} /> : null}
          {/* Spec §2: the sort control belongs to the list view; below the breakpoint the map view is the list. */}
          <div className={page.map ? 'list-map:hidden' : undefined}>
            <SearchSort action={page.formAction} sortOrder={page.criteria.sortOrder} keywords={page.criteria.keywordQuery} />
          </div>
          {useViewer()?.isSeller && page.downloadHref ? <SearchDownloadButton href={page.downloadHref} hasResults={hasResults} /> : null}
          <SaveSearchForm path={page.searchPath} isSaved={page.isSavedSearch} />
        </div>
        <span data-paint-whole-end="" hidden />
      </div>
      {hasResults && !page.isSavedSearch ? <SavedSearchOffer /> : null}
      {page.map ? (
        // Rendered whole on the server (entry.server waits for everything); in the browser it hydrates once its module arrives.
        <Suspense>
          <SearchMapResults page={{ ...page, map: page.map }} filterPanel={filterPanel} noResults={noResults} pagination={pagination} />
        </Suspense>
      ) : (
        <div className="mt-4 grid grid-cols-1 gap-6 list-map:grid-cols-[18rem_minmax(0,1fr)]">
          <aside aria-label="Filters">{filterPanel}</aside>
          <section aria-labelledby="results-heading">
            {page.stateMap ? (
              <section aria-labelledby="state-map-heading" className="mb-6">
                <h2 id="state-map-heading" className="text-lg font-semibold">
                  Choose a state
                </h2>
                <StateMap states={page.stateMap} headingId="state-map-heading" />
              </section>
            ) : null}
            {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen-reader navigation. */}
            <h2 id="results-heading" className="sr-only">
              Results
            </h2>
            {page.listings.length > 0 ? (
              <ol className="grid grid-cols-1 gap-5 small:grid-cols-2 tablet:grid-cols-3">
                {page.listings.map((listing, index) => (
                  <li key={listing.id}>
                    <ListingCard card={listing} priority={index === 0} showBrokerCallButtons isLiked={likedListingIds.has(listing.id)} />
                  </li>
                ))}
              </ol>
            ) : (
              noResults
            )}
            {pagination}
          </section>
        </div>
      )}
      <AdSlot ad={page.ad} className="mt-10" />
      <RecentlyViewedListings />
      {page.market ? <LandingMarket market={page.market} heading={`Land market in ${page.market.placeName}`} /> : null}
      <SearchStructuredData origin={origin} breadcrumbs={page.breadcrumbs} listings={page.listings} />
    </div>
  )
}
