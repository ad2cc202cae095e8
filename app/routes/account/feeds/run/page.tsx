import { formatUtcTime } from '~/utils/format'
import { AccountPage } from '~/components/account-page'
import { outcomeLabels, ReasonList } from '~/routes/account/feeds/feed-report'
import { accountPaths } from '~/models/accounts/account-paths'
import { recordReasons } from '~/models/feeds/feed-reasons'
import type { Route } from './+types/route'

export function FeedRun({ loaderData: { run, records, codes } }: Route.ComponentProps) {
  const counts = [
    ['Received', run.received],
    ['Accepted', run.accepted],
    ['Fixed', run.fixed],
    ['Held', run.held],
    ['Rejected', run.rejected],
    ['Unchanged', run.unchanged],
    ['Retired', run.retired],
    ['Photos failed', run.photos_failed],
  ] as const
  return (
    <AccountPage current="My Account" heading={`Feed import of ${formatUtcTime(run.started_at)}`}>
      <p>
        <a href={accountPaths.feeds} className="text-brand underline">
          All imports
        </a>
      </p>
      <p className="mt-3">{`${run.partnerName}, ${run.feed_kind} feed from ${run.source}.`}</p>
      {run.status === 'failed' ? (
        <p className="mt-2 rounded-md border border-red-700 bg-red-50 p-3 text-red-900" role="status">
          {`The import stopped: ${run.error_code}. ${run.error_detail ?? ''} Listings read before the error are kept, and no listing was retired.`}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 small:grid-cols-4">
        {counts.map(([label, count]) => (
          <div key={label} className="rounded-lg border border-ink/15 bg-white p-3">
            <dt className="text-sm text-ink/70">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{count.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {codes.length > 0 ? (
        <section aria-labelledby="codes-heading" className="mt-8">
          <h2 id="codes-heading" className="text-xl font-semibold">
            Reasons
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {codes.map(([code, count]) => (
              <li key={code}>
                <code className="rounded bg-ink/5 px-1 font-semibold">{code}</code>
                {` ${count.toLocaleString('en-US')} ${count === 1 ? 'listing' : 'listings'}: ${recordReasons[code].text}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="records-heading" className="mt-8">
        <h2 id="records-heading" className="text-xl font-semibold">
          Listings reported
        </h2>
        {records.length === 0 ? (
          <p className="mt-2">Every listing was accepted as sent, or had not changed.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {records.map((record, index) => (
              <li key={index} className="rounded-lg border border-ink/15 bg-white p-4">
                <p className="font-semibold">{`${outcomeLabels[record.outcome]}: ${record.partnerListingId} (line ${record.line})`}</p>
                <ReasonList reasons={record.reasons} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </AccountPage>
  )
}
