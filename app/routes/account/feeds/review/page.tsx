import { AccountPage } from '~/components/account-page'
import { ReasonList } from '~/routes/account/feeds/feed-report'
import { Confirmation } from '~/components/form-field'
import { ListingReviewItem, ListingReviewQueue } from '~/components/listing-review'
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
      <ListingReviewQueue isEmpty={held.length === 0}>
        {held.map((record) => (
          <ListingReviewItem
            key={`${record.partnerId}-${record.partnerListingId}`}
            label={`${record.partnerListingId}${record.title ? ` — ${record.title}` : ''}`}
            action={accountPaths.feedReview}
            fields={{ partnerId: record.partnerId, partnerListingId: record.partnerListingId }}
            refusal={{ value: 'reject', text: 'Reject' }}
          >
            <p className="text-sm text-ink/70">{record.partnerName}</p>
            <ReasonList reasons={record.reasons} />
          </ListingReviewItem>
        ))}
      </ListingReviewQueue>
    </AccountPage>
  )
}
