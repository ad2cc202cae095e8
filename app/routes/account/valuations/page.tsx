import { AccountPage, secondaryButtonStyle } from '~/components/account-page'
import { Confirmation } from '~/components/form-field'
import { formatDollars, formatLongDate } from '~/utils/format'
import type { Route } from './+types/route'

export function SavedValuationsPage({ loaderData: { savedValuations, isDeleted } }: Route.ComponentProps) {
  return (
    <AccountPage current="Saved Valuations" heading="Saved Valuations">
      {isDeleted ? <Confirmation>The valuation is deleted.</Confirmation> : null}
      {savedValuations.length === 0 ? (
        <p>
          {'You have no saved valuations. '}
          <a href="/" className="font-semibold text-brand underline">
            Value your land
          </a>
          {' and save it to find it here.'}
        </p>
      ) : (
        <ul className="grid gap-4">
          {savedValuations.map((saved) => (
            <li key={saved.id} id={`saved-valuation-${saved.id}`} className="rounded-xl border border-ink/15 bg-white p-5">
              <h2 className="text-lg font-semibold">
                <a href={saved.path} className="text-brand underline">
                  {saved.label}
                </a>
              </h2>
              <p className="text-sm text-ink/80">
                {`${formatDollars(saved.value)} (80 % range ${formatDollars(saved.low)} to ${formatDollars(saved.high)}) when saved on ${formatLongDate(saved.createdAt)}`}
              </p>
              <p className="mt-1 text-sm">{saved.alert ? 'We e-mail you when comparable land sells.' : 'No e-mails about this valuation.'}</p>
              <div className="mt-3 flex flex-wrap gap-3">
                <form method="post">
                  <input type="hidden" name="id" value={saved.id} />
                  <input type="hidden" name="intent" value={saved.alert ? 'alert-off' : 'alert'} />
                  <button type="submit" className={secondaryButtonStyle}>
                    {saved.alert ? 'Stop the e-mails' : 'Tell me when comparable land sells'}
                  </button>
                </form>
                <form method="post">
                  <input type="hidden" name="id" value={saved.id} />
                  <input type="hidden" name="intent" value="delete" />
                  <button type="submit" className="px-1 py-2 text-sm font-semibold text-red-800 underline">
                    {`Delete “${saved.label}”`}
                  </button>
                </form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AccountPage>
  )
}
