import { Form, useSubmit } from 'react-router'
import { type SortOrder, sortOptions } from '~/models/search/search-options'
import { actionToResults } from './search-results-heading'

/**
 * Spec §2 sort control: a GET form, so it works without scripts (the button submits, and the new
 * page opens at the results' heading); with scripts, choosing an option re-runs the search at once
 * below the control, and focus stays on it (a change of option must not move the user elsewhere).
 */
export function SearchSort({ action, sortOrder, keywords }: { action: string; sortOrder: SortOrder; keywords?: string }) {
  const submit = useSubmit()
  return (
    <Form method="get" action={actionToResults(action)} className="flex flex-wrap items-center gap-2" preventScrollReset>
      {keywords ? <input type="hidden" name="keywords" value={keywords} /> : null}
      <label htmlFor="search-sort" className="text-sm font-medium">
        Sort by
      </label>
      <select
        id="search-sort"
        name="sort"
        defaultValue={sortOrder}
        onChange={(event) => submit(event.currentTarget.form, { action, preventScrollReset: true })}
        className="max-w-full rounded-md border border-ink/30 bg-white px-2 py-1.5 text-sm"
      >
        {sortOptions.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border border-ink/30 bg-white px-3 py-1.5 text-sm font-medium">
          Sort
        </button>
      </noscript>
    </Form>
  )
}
