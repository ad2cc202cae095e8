import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { type JobRun, type ScheduledJob, jobMailCounts, latestJobRuns, pruneJobRuns, startDueJobs } from '~/models/jobs/job-scheduler.server'
import { mailChannel } from '~/models/mail/mailer.server'
import { freshPostgresTarget, freshSqliteTarget, openTwoConnections } from '../support/fresh-database'

const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('job-scheduler') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'job-scheduler') },
]

const minute = 60_000

/** A job that counts its runs. */
function countedJob(name: string, everyMs = minute) {
  const job = { name, everyMs, leaseMs: 10 * minute, runs: 0, run: async () => `run ${++job.runs}` }
  return job
}

describe.each(targets)('scheduled jobs on $name', ({ enabled, target }) => {
  /** Two connections to one database, as two servers' schedulers have. */
  let first: Kysely<Database>
  let second: Kysely<Database>

  beforeAll(async () => {
    if (enabled) [first, second] = await openTwoConnections(await target())
  })

  afterAll(async () => {
    await first?.destroy()
    await second?.destroy()
  })

  test.skipIf(!enabled)('a feed import that hangs holding its lease delays no other due job', async () => {
    let finishImport = () => {}
    const slowImport: ScheduledJob = {
      name: 'feed-pull:7',
      everyMs: 60 * minute,
      leaseMs: 2 * 60 * minute,
      run: () => new Promise((resolve) => (finishImport = () => resolve('import finished'))),
    }
    const digests = countedJob('lead-digests')
    let digestsRan: (run: JobRun) => void = () => {}
    const digestsRun = new Promise<JobRun>((resolve) => (digestsRan = resolve))
    const tick = startDueJobs(first, [slowImport, digests], (run) => run.name === digests.name && digestsRan(run))

    expect(await digestsRun).toMatchObject({ name: 'lead-digests', outcome: 'ok', summary: 'run 1' })
    const runs = await latestJobRuns(first)
    expect(runs.find((run) => run.name === 'lead-digests')).toMatchObject({ outcome: 'ok', summary: 'run 1' })
    expect(runs.find((run) => run.name === 'feed-pull:7')).toMatchObject({ outcome: 'running', finishedAt: null })

    // Another server's tick meanwhile: the import's lease is held, and the digests are not due yet.
    const others: JobRun[] = []
    await startDueJobs(second, [slowImport, digests], (run) => others.push(run))
    expect(others).toEqual([])
    expect(digests.runs).toBe(1)

    finishImport()
    await tick
    expect((await latestJobRuns(first)).find((run) => run.name === 'feed-pull:7')).toMatchObject({ outcome: 'ok', summary: 'import finished' })
  })

  test.skipIf(!enabled)('when two schedulers tick at once, each due job runs once', async () => {
    const jobs = [countedJob('webhooks'), countedJob('market-stats'), countedJob('saved-search-updates', 60 * minute), countedJob('analytics-rollup', 10 * minute)]
    const reported: string[] = []
    await Promise.all([startDueJobs(first, jobs, (run) => reported.push(run.name)), startDueJobs(second, jobs, (run) => reported.push(run.name))])
    expect(jobs.map((job) => job.runs)).toEqual([1, 1, 1, 1])
    expect(reported.sort()).toEqual(['analytics-rollup', 'market-stats', 'saved-search-updates', 'webhooks'])

    // A minute later the minute jobs are due again, the hourly and ten-minute ones not.
    const later = () => Date.now() + minute
    await Promise.all([startDueJobs(first, jobs, () => {}, later), startDueJobs(second, jobs, () => {}, later)])
    expect(jobs.map((job) => job.runs)).toEqual([2, 2, 1, 1])
  })

  test.skipIf(!enabled)('a failed run is recorded with its error and is due again on its schedule', async () => {
    const failing: ScheduledJob = {
      name: 'lead-webhooks',
      everyMs: minute,
      leaseMs: 10 * minute,
      run: async () => {
        throw new Error('connect ECONNREFUSED 203.0.113.9:443')
      },
    }
    const started = Date.now()
    await startDueJobs(first, [failing], () => {})
    const run = (await latestJobRuns(second)).find((each) => each.name === 'lead-webhooks')!
    expect(run).toMatchObject({ outcome: 'failed', error: 'connect ECONNREFUSED 203.0.113.9:443', summary: null })
    expect(run.durationMs).toBeGreaterThanOrEqual(0)
    expect(run.nextDueAt).toBeGreaterThanOrEqual(started + 50_000)
    expect(run.nextDueAt).toBeLessThanOrEqual(started + minute + 1_000)
  })

  test.skipIf(!enabled)('each run counts the e-mails it sent and failed to send, though the jobs run at once', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5))
    // As sendMail reports each e-mail; the two jobs' sends interleave.
    const mailing = (name: string, outcomes: readonly ('sent' | 'failed')[]): ScheduledJob => ({
      name,
      everyMs: minute,
      leaseMs: 10 * minute,
      run: async () => {
        for (const outcome of outcomes) {
          await pause()
          mailChannel.publish({ outcome })
        }
        return undefined
      },
    })
    await startDueJobs(first, [mailing('alerts-mailer', ['sent', 'sent', 'sent']), mailing('updates-mailer', ['sent', 'failed'])], () => {})
    expect(await jobMailCounts(second)).toEqual(
      expect.arrayContaining([
        { name: 'alerts-mailer', sent: 3, failed: 0 },
        { name: 'updates-mailer', sent: 1, failed: 1 },
      ]),
    )
  })

  test.skipIf(!enabled)("pruning keeps a week of runs and each job's latest run", async () => {
    const weekly = countedJob('weekly-report', 30 * 24 * 60 * minute)
    const longAgo = () => Date.now() - 20 * 24 * 60 * minute
    await startDueJobs(first, [weekly], () => {}, longAgo)
    expect(await pruneJobRuns(first)).toBe(0)
    expect((await latestJobRuns(first)).map((run) => run.name)).toContain('weekly-report')
  })
})
