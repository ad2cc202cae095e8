import { type FormEvent, useState } from 'react'
import { accountPaths } from '~/models/accounts/account-paths'
import { savedSearchNotifyOptions } from '~/models/accounts/saved-search'

/**
 * The results page's 'Save Search' button (spec §2): a real form posting the search's path to
 * /account/savedsearches/ (a visitor logs in first, then the search is saved), answered by a
 * confirmation (spec §9: on by default). With scripts it saves in place through the JSON endpoint.
 * Its e-mails choice ('Instant' beyond the spec, decision 0071) starts at the spec's 'No Updates'.
 */
export function SaveSearchForm({ path, isSaved }: { path: string; isSaved: boolean }) {
  const [isSavedHere, setIsSavedHere] = useState(false)
  const [isSaving, setIsSaving] = useState(false)

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsSaving(true)
    fetch(accountPaths.savedSearchesApi, { method: 'POST', body: new FormData(event.currentTarget) })
      .then(async (response) => {
        const answer = (await response.json()) as { isSaved?: boolean; loginHref?: string }
        if (answer.loginHref) window.location.assign(answer.loginHref)
        else setIsSavedHere(answer.isSaved === true)
      })
      .catch(() => setIsSavedHere(false))
      .finally(() => setIsSaving(false))
  }

  return (
    <div className="flex flex-col items-end gap-2">
      <form method="post" action={accountPaths.savedSearches} onSubmit={save}>
        <input type="hidden" name="path" value={path} />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <label className="text-sm">
            {'E-mail me new listings '}
            <select name="notify" defaultValue={savedSearchNotifyOptions[0]} className="rounded-md border border-ink/30 bg-white px-2 py-1">
              {savedSearchNotifyOptions.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            disabled={isSaving}
            className="rounded-md border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand hover:text-brand-contrast disabled:opacity-60"
          >
            Save Search
          </button>
        </div>
      </form>
      <p role="status" className="text-sm font-medium text-green-900 empty:hidden">
        {isSaved || isSavedHere ? (
          <>
            {'Search saved. Find it under '}
            <a href={accountPaths.savedSearches} className="underline">
              Saved Searches
            </a>
            .
          </>
        ) : null}
      </p>
    </div>
  )
}
