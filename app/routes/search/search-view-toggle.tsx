import type { SearchView } from '~/models/search/search-path'

const viewLabels: Record<SearchView, string> = { list: 'List', map: 'Map' }

/**
 * Spec §2 'List/Map toggle': two links to the same search, so it works without scripts. Spec §9:
 * from the list/map breakpoint up only; below it the page is the list whatever the URL says.
 */
export function SearchViewToggle({ view, hrefs }: { view: SearchView; hrefs: Record<SearchView, string> }) {
  return (
    <nav aria-label="Results view" className="hidden overflow-hidden rounded-md border border-brand text-sm font-semibold list-map:flex">
      {(['list', 'map'] as const).map((key) => (
        <a
          key={key}
          href={hrefs[key]}
          aria-current={key === view ? 'page' : undefined}
          className={key === view ? 'bg-brand px-3 py-1.5 text-brand-contrast' : 'bg-white px-3 py-1.5 text-brand hover:bg-brand/10'}
        >
          {viewLabels[key]}
        </a>
      ))}
    </nav>
  )
}
