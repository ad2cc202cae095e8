import { AccountPage, secondaryButtonStyle } from '~/components/account-page'
import { ReasonList } from '~/routes/account/feeds/feed-report'
import { Confirmation } from '~/components/form-field'
import { accountPaths } from '~/models/accounts/account-paths'
import type { Route } from './+types/route'

const decisionTexts = {
  approve: 'The listing is approved and on the sites.',
  reject: 'The listing is rejected; its partner sees why.',
  none: 'That listing was no longer held: another reviewer or a new import settled it first.',
} as const

export function FeedReview({ loaderData: { held, decided } }: Route.ComponentProps) {
  return (
    <AccountPage current="My Account" heading="Held Listings">
      <p>
        <a href={accountPaths.feeds} className="text-brand underline">
          All feed imports
        </a>
      </p>
      {decided ? <Confirmation>{decisionTexts[decided]}</Confirmation> : null}
      {held.length === 0 ? (
        <p className="mt-4">No listing is waiting for review.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {held.map((record) => {
            const label = `${record.partnerListingId}${record.title ? ` — ${record.title}` : ''}`
            return (
              <li key={`${record.partnerId}-${record.partnerListingId}`} className="rounded-lg border border-ink/15 bg-white p-4">
                <h2 className="font-semibold">{label}</h2>
                <p className="text-sm text-ink/70">{record.partnerName}</p>
                <ReasonList reasons={record.reasons} />
                <form method="post" action={accountPaths.feedReview} className="mt-3 flex flex-wrap gap-2">
                  <input type="hidden" name="partnerId" value={record.partnerId} />
                  <input type="hidden" name="partnerListingId" value={record.partnerListingId} />
                  <button
                    type="submit"
                    name="decision"
                    value="approve"
                    className="rounded-md bg-brand px-3 py-2 text-sm font-semibold text-brand-contrast hover:opacity-90"
                    aria-label={`Approve ${label}`}
                  >
                    Approve
                  </button>
                  <button type="submit" name="decision" value="reject" className={secondaryButtonStyle} aria-label={`Reject ${label}`}>
                    Reject
                  </button>
                </form>
              </li>
            )
          })}
        </ul>
      )}
    </AccountPage>
  )
}
