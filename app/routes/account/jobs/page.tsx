import { AccountPage } from '~/components/account-page'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import type { JobRun } from '~/models/jobs/job-scheduler.server'
import { formatUtcTime } from '~/utils/format'
import type { Route } from './+types/route'

const columns = ['Job', 'Last run', 'Duration', 'Outcome', 'Next run']
const cell = 'px-3 py-2'

const formatDuration = (ms: number) => (ms < 1_000 ? `${ms} ms` : ms < 120_000 ? `${(ms / 1_000).toFixed(1)} s` : `${Math.round(ms / 60_000)} min`)

function Outcome({ run }: { run: JobRun }) {
  if (run.outcome === 'failed') return <span className="font-semibold text-red-800">{`Failed: ${run.error ?? 'no message'}`}</span>
  if (run.outcome === 'running') return <span>Running</span>
  return <span>{run.summary ? `OK: ${run.summary}` : 'OK'}</span>
}

export function ScheduledJobs({ loaderData: { runs, now } }: Route.ComponentProps) {
  return (
    <AccountPage current="My Account" heading="Scheduled Jobs">
      <p className="max-w-3xl text-ink/80">
        Each job runs under its own lease, on whichever server takes it first, so a slow one holds back no other. Times are UTC.
      </p>
      {runs.length === 0 ? (
        <p className="mt-4">No job has run yet.</p>
      ) : (
        <ScrollRegion label="Scheduled jobs and their last runs" className="mt-4">
          <table className="w-full border-collapse text-left text-sm">
            <ColumnHeadings headings={columns} numeric={['Duration']} />
            <tbody>
              {runs.map((run) => (
                <tr key={run.name} className="border-t border-ink/10">
                  <th scope="row" className={`${cell} font-medium`}>
                    {run.name}
                  </th>
                  <td className={cell}>{formatUtcTime(run.startedAt)}</td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {run.durationMs === null ? `${formatDuration(now - run.startedAt)} so far` : formatDuration(run.durationMs)}
                  </td>
                  <td className={cell}>
                    <Outcome run={run} />
                  </td>
                  <td className={cell}>{run.nextDueAt <= now ? 'Due now' : formatUtcTime(run.nextDueAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </AccountPage>
  )
}
