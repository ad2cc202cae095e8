import type { ReactNode } from 'react'
import type { SearchPageData } from './page.server'
import type { SearchMapData } from '~/models/search/search-map'
import { MapResultList } from './map-result-list'
import { SearchMapView } from './search-map-view'

interface SearchMapResultsProps {
  page: SearchPageData & { map: SearchMapData }
  filterPanel: ReactNode
  noResults: ReactNode
  pagination: ReactNode
}

/**
 * The map view's layout (spec §2): filters above, the map beside the numbered list from the
 * list/map breakpoint up; below it the list alone (spec §9). A module of its own, loaded by the
 * map view only, so the list view's JavaScript does not carry it.
 */
export default function SearchMapResults({ page, filterPanel, noResults, pagination }: SearchMapResultsProps) {
  return (
    <div className="mt-4 flex flex-col gap-4">
      <aside aria-label="Filters">{filterPanel}</aside>
      <div className="grid grid-cols-1 gap-4 list-map:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Map" className="hidden list-map:sticky list-map:top-4 list-map:block list-map:self-start">
          <SearchMapView map={page.map} formAction={page.formAction} keywords={page.criteria.keywordQuery} />
        </section>
        <section aria-labelledby="map-results-heading">
          {/* The compact cards' titles are h3, as in the list view. */}
          <h2 id="map-results-heading" className="sr-only">
            Results
          </h2>
          {page.listings.length > 0 ? <MapResultList listings={page.listings} /> : noResults}
          {pagination}
        </section>
      </div>
    </div>
  )
}
