import { AccountPage, secondaryButtonStyle } from '~/components/account-page'
import { BrokerListingGrid } from '~/components/deferred-listing-grids'
import { Confirmation } from '~/components/form-field'
import { LandRequestDetails } from '~/routes/lands-connector/land-request-summary'
import { accountPaths } from '~/models/accounts/account-paths'
import { landRequestEditPath, landRequestPath } from '~/models/connector/land-request'
import { formatCount } from '~/utils/format'
import { useSite } from '~/hooks/use-site'
import type { Route } from './+types/route'

/** What the page says after the form: saved, and how many professionals it reached now. */
function outcomeText(sentCount: number, isUpdated: boolean) {
  const saved = isUpdated ? 'Your changes are saved.' : 'Your land request is saved.'
  if (sentCount > 0)
    return `${saved} It went to ${formatCount(sentCount, 'land professional', 'land professionals')} who ${sentCount === 1 ? 'works' : 'work'} there.`
  return isUpdated ? saved : `${saved} No land professional who takes requests works there yet; new matching listings still reach you by e-mail.`
}

export function LandRequestPage({ loaderData: { request, matches, recipients, likedListingIds, sentCount, isUpdated } }: Route.ComponentProps) {
  const site = useSite()
  return (
    <AccountPage current="Lands Connector" heading={`Land in ${request.title}`}>
      {sentCount !== null ? <Confirmation>{outcomeText(sentCount, isUpdated)}</Confirmation> : null}
      <div className="grid max-w-5xl gap-6 medium:grid-cols-2">
        <section aria-labelledby="request-heading" className="rounded-xl border border-ink/15 bg-white p-5">
          <h2 id="request-heading" className="mb-3 text-lg font-semibold">
            What you asked for
          </h2>
          <LandRequestDetails details={request.details} />
          <p className="mt-3 whitespace-pre-line break-words border-l-4 border-brand/40 pl-3">{request.message}</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <a href={landRequestEditPath(request.id)} className={secondaryButtonStyle}>
              Change it
            </a>
            <form method="post" action={landRequestPath(request.id)}>
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="px-1 py-2 text-sm font-semibold text-red-800 underline">
                Delete this request
              </button>
            </form>
          </div>
        </section>
        <section aria-labelledby="recipients-heading" className="rounded-xl border border-ink/15 bg-white p-5">
          <h2 id="recipients-heading" className="mb-3 text-lg font-semibold">
            Who has it
          </h2>
          {recipients.length > 0 ? (
            <ul className="list-disc pl-5">
              {recipients.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          ) : (
            <p>No land professional who takes requests works there yet.</p>
          )}
          <p className="mt-3 text-sm text-ink/80">
            {request.sharesContact
              ? 'They see your name, your request, your e-mail address and your phone.'
              : `They see your name and your request, and answer you through ${site.name}: your e-mail address stays private until you answer them.`}
          </p>
        </section>
      </div>
      {matches.map((match, index) => (
        <section key={match.path} aria-labelledby={`matches-${index}`} className="mt-10 max-w-6xl">
          <h2 id={`matches-${index}`} className="text-xl font-bold text-brand">
            {match.heading}
          </h2>
          <p className="mt-1">
            {`${formatCount(match.totalCount, 'listing matches', 'listings match')} your request now. `}
            {match.totalCount > 0 ? (
              <a href={match.path} className="font-semibold text-brand underline">
                {`See ${match.totalCount === 1 ? 'it' : `all ${match.totalCount.toLocaleString('en-US')}`} on the search page`}
              </a>
            ) : null}
          </p>
          <p className="text-sm text-ink/80">
            {match.notify && match.notify !== 'No Updates'
              ? `New matches are e-mailed to you ${match.notify === 'Instant' ? 'within minutes' : match.notify === 'Daily' ? 'daily' : 'weekly'}. `
              : 'New matches are not e-mailed to you. '}
            <a href={accountPaths.savedSearches} className="text-brand underline">
              Saved Searches
            </a>
          </p>
          {match.listings.length > 0 ? <BrokerListingGrid listings={match.listings} likedListingIds={likedListingIds} headingLevel={3} /> : null}
        </section>
      ))}
    </AccountPage>
  )
}
