import type { SiteProfile } from '~/sites/site-profile'

/**
 * Spec §2 "Search bar" on the home screen: one location box and a Search button. A plain GET
 * form, so it works before (or without) any script.
 */
export function SearchBox({ site }: { site: SiteProfile }) {
  return (
    <form method="get" action="/find" role="search" className="flex w-full max-w-2xl gap-2">
      <label htmlFor="search-location" className="sr-only">
        Location or property ID
      </label>
      <input
        id="search-location"
        name="q"
        type="search"
        required
        autoComplete="off"
        placeholder={site.searchPlaceholder}
        className="min-w-0 flex-1 rounded-md border border-ink/30 bg-white px-4 py-3 text-base text-ink placeholder:text-ink/60"
      />
      <button type="submit" className="rounded-md bg-accent px-5 py-3 font-semibold text-white hover:brightness-110">
        Search
      </button>
    </form>
  )
}
