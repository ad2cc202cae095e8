import { AccountPage } from '~/components/account-page'
import { Confirmation } from '~/components/form-field'
import { ListingReviewItem, ListingReviewQueue } from '~/components/listing-review'
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
      <ListingReviewQueue isEmpty={reviews.length === 0}>
        {reviews.map((review) => (
          <ListingReviewItem
            key={review.id}
            label={`Listing ${review.listingId} — ${review.title}`}
            action={accountPaths.scamReview}
            fields={{ reviewId: review.id }}
            refusal={{ value: 'remove', text: 'Remove' }}
          >
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
          </ListingReviewItem>
        ))}
      </ListingReviewQueue>
    </AccountPage>
  )
}
