import { AccountPage, secondaryButtonStyle } from '~/components/account-page'
import { Confirmation } from '~/components/form-field'
import { accountPaths } from '~/models/accounts/account-paths'
import { scamSignalTexts } from '~/models/trust/scam-screen'
import { formatAcres, formatLongDate, formatPrice } from '~/utils/format'
import type { Route } from './+types/route'

const decisionTexts = {
  approve: 'The listing is approved: it is on the sites again, and its seller has been e-mailed.',
  remove: 'The listing is removed from the sites, and its seller has been e-mailed.',
  none: 'That listing was no longer waiting: another administrator decided first.',
} as const

export function ScamReview({ loaderData: { reviews, decided } }: Route.ComponentProps) {
  return (
    <AccountPage current="My Account" heading="Scam Review">
      <p className="max-w-3xl text-ink/80">
        Listings the scam screen held when they were published, and listings buyers reported as a scam. A held listing is on no site until you approve it.
      </p>
      {decided ? <Confirmation>{decisionTexts[decided]}</Confirmation> : null}
      {reviews.length === 0 ? (
        <p className="mt-4">No listing is waiting for review.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {reviews.map((review) => {
            const label = `Listing ${review.listingId} — ${review.title}`
            return (
              <li key={review.id} className="rounded-lg border border-ink/15 bg-white p-4">
                <h2 className="font-semibold">{label}</h2>
                <p className="text-sm text-ink/70">
                  {`${formatPrice(review.price)}, ${formatAcres(review.acres)}; ${review.ownerEmail ?? 'a partner feed'}; since ${formatLongDate(review.createdAt)}; `}
                  {review.isHeld ? 'off the sites until decided' : 'still on the sites'}
                  {review.fraudReports > 0 ? `; ${review.fraudReports} scam report${review.fraudReports === 1 ? '' : 's'}` : ''}
                </p>
                <ul className="mt-2 list-disc pl-6 text-sm">
                  {review.signals.map((code) => (
                    <li key={code}>
                      <code>{code}</code> {scamSignalTexts[code]}
                    </li>
                  ))}
                </ul>
                <form method="post" action={accountPaths.scamReview} className="mt-3 flex flex-wrap gap-2">
                  <input type="hidden" name="reviewId" value={review.id} />
                  <button
                    type="submit"
                    name="decision"
                    value="approve"
                    className="rounded-md bg-brand px-3 py-2 text-sm font-semibold text-brand-contrast hover:opacity-90"
                    aria-label={`Approve ${label}`}
                  >
                    Approve
                  </button>
                  <button type="submit" name="decision" value="remove" className={secondaryButtonStyle} aria-label={`Remove ${label}`}>
                    Remove
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
