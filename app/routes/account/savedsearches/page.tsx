import type { SubmissionResult } from '@conform-to/react'
import { AccountPage, secondaryButtonStyle } from '~/components/account-page'
import { Confirmation, FormField } from '~/components/form-field'
import { accountFormConstraints } from '~/models/accounts/account-form-fields'
import { accountPaths } from '~/models/accounts/account-paths'
import { type SavedSearch, savedSearchNotifyOptions } from '~/models/accounts/saved-search'
import { getFormProps, getSelectProps, useServerForm } from '~/components/server-form'
import type { Route } from './+types/route'

type UpdateAnswer = { id: number; result: SubmissionResult<string[]> }

const savedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

function SavedSearchItem({ search, answer, isUpdated }: { search: SavedSearch; answer: UpdateAnswer | undefined; isUpdated: boolean }) {
  const [form, fields] = useServerForm(accountFormConstraints.updateSavedSearch, {
    id: `saved-search-form-${search.id}`,
    lastResult: answer?.id === search.id ? answer.result : undefined,
    defaultValue: { name: search.name, notify: search.notify },
  })
  return (
    <li id={`saved-search-${search.id}`} className="rounded-xl border border-ink/15 bg-white p-5">
      <h2 className="text-lg font-semibold">
        <a href={search.path} className="text-brand underline">
          {search.name}
        </a>
      </h2>
      <p className="text-sm text-ink/70">{`${search.description} · saved ${savedOn.format(new Date(search.createdAt))}`}</p>
      {isUpdated ? <Confirmation>Your changes are saved.</Confirmation> : null}
      <form method="post" action={accountPaths.savedSearches} {...getFormProps(form)} className="mt-3 grid items-end gap-x-4 small:grid-cols-[1fr_12rem_auto]">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={search.id} />
        <FormField field={fields.name} label="Name" />
        <div className="mb-3">
          <label htmlFor={fields.notify.id} className="block text-sm font-semibold">
            E-mail me new listings
          </label>
          <select {...getSelectProps(fields.notify)} className="mt-1 w-full rounded-md border border-ink/30 bg-white px-3 py-2">
            {savedSearchNotifyOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`mb-3 ${secondaryButtonStyle}`}>
          Save changes
        </button>
      </form>
      <form method="post" action={accountPaths.savedSearches}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={search.id} />
        <button type="submit" className="text-sm font-semibold text-red-800 underline">
          {`Delete “${search.name}”`}
        </button>
      </form>
    </li>
  )
}

export function SavedSearches({ loaderData: { savedSearches, updatedId, isDeleted }, actionData: answer }: Route.ComponentProps) {
  return (
    <AccountPage current="Saved Searches" heading="Saved Searches">
      {isDeleted ? <Confirmation>The saved search is deleted.</Confirmation> : null}
      {savedSearches.length > 0 ? (
        <ul className="flex max-w-4xl flex-col gap-4">
          {savedSearches.map((search) => (
            <SavedSearchItem key={search.id} search={search} answer={answer} isUpdated={updatedId === search.id} />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-ink/15 bg-white p-6">Use the Save Search button on any search results page to keep the search here.</p>
      )}
    </AccountPage>
  )
}
