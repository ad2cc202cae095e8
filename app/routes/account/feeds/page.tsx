import { formatUtcTime } from '~/utils/format'
import { AccountPage } from '~/components/account-page'
import { outcomeLabels, ReasonList } from './feed-report'
import { accountPaths, feedRunPath } from '~/models/accounts/account-paths'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import type { Route } from './+types/route'

const runColumns = ['Started', 'Feed', 'Result', 'Received', 'Accepted', 'Fixed', 'Held', 'Rejected', 'Unchanged', 'Retired']

export function FeedImports({ loaderData: { runs, waiting, isAdmin } }: Route.ComponentProps) {
  return (
    <AccountPage current="My Account" heading="Feed Imports">
      {isAdmin ? (
        <p>
          <a href={accountPaths.feedReview} className="font-semibold text-brand underline">
            Review held listings
          </a>
        </p>
      ) : null}
      <section aria-labelledby="runs-heading" className="mt-4">
        <h2 id="runs-heading" className="text-xl font-semibold">
          Imports
        </h2>
        {runs.length === 0 ? (
          <p className="mt-2">No feed has been imported yet.</p>
        ) : (
          <ScrollRegion label="Imports" className="mt-3">
            <table className="w-full border-collapse text-left text-sm">
              <ColumnHeadings headings={runColumns} numeric={runColumns.slice(3)} />
              <tbody>
                {runs.map((run) => (
                  <tr key={run.id} className="border-t border-ink/10">
                    <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium">
                      <a href={feedRunPath(run.id)} className="text-brand underline">
                        {formatUtcTime(run.started_at)}
                      </a>
                    </th>
                    <td className="px-3 py-2">{`${run.partnerName} (${run.feed_kind})`}</td>
                    <td className="px-3 py-2">{run.status === 'failed' ? `Failed: ${run.error_code}` : run.status === 'running' ? 'Running' : 'Finished'}</td>
                    {[run.received, run.accepted, run.fixed, run.held, run.rejected, run.unchanged, run.retired].map((count, index) => (
                      <td key={index} className="px-3 py-2 text-right tabular-nums">
                        {count.toLocaleString('en-US')}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      <section aria-labelledby="waiting-heading" className="mt-8">
        <h2 id="waiting-heading" className="text-xl font-semibold">
          Listings not on the sites
        </h2>
        <p className="mt-1 text-sm text-ink/80">Held listings wait for our review; rejected ones are checked again when your feed changes them.</p>
        {waiting.length === 0 ? (
          <p className="mt-2">None: every listing of your feed is on the sites.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {waiting.map((record) => (
              <li key={`${record.partnerId}-${record.partnerListingId}`} className="rounded-lg border border-ink/15 bg-white p-4">
                <p className="font-semibold">{`${outcomeLabels[record.outcome]}: ${record.partnerListingId}${record.title ? ` — ${record.title}` : ''}`}</p>
                <ReasonList reasons={record.reasons} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </AccountPage>
  )
}
