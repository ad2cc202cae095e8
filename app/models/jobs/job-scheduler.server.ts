import { AsyncLocalStorage } from 'node:async_hooks'
import type { Kysely } from 'kysely'
import { mailChannel } from '~/models/mail/mailer.server'
import type { Database } from '~/models/db/db-schema'
import { runWithLease } from './job-leases.server'

/**
 * Scheduled jobs that never wait on each other (issue 37 item 3, decision 0066): each kind of job
 * has its own lease and its own schedule, and a scheduler's tick starts every due job at once, so
 * a two-hour feed import holds its own lease only. Any number of schedulers (servers, cron) may
 * tick against one database: a job runs where its lease was taken, and only when its last run's
 * `next_due_at`, read under that lease, has passed.
 */
export interface ScheduledJob {
  /** Its lease's and its runs' name: `lead-digests`, `feed-pull:3`. */
  name: string
  /** How often it is due. */
  everyMs: number
  /** How long a run may hold the lease: longer than a run should ever take, since a lease this old belongs to a process that died. */
  leaseMs: number
  /** Does the work; answers what it did in a few words, or nothing when there was nothing to do. */
  run: () => Promise<string | undefined>
}

export interface JobRun {
  name: string
  startedAt: number
  finishedAt: number | null
  durationMs: number | null
  nextDueAt: number
  outcome: 'running' | 'ok' | 'failed'
  summary: string | null
  error: string | null
}

/**
 * A job started every minute by a once-a-minute cron or timer would otherwise find itself due a
 * few milliseconds late every other minute: its next run is due this much before a full interval.
 */
const scheduleSlack = (everyMs: number) => Math.min(10_000, everyMs / 10)

const errorLength = 300

/**
 * The mails of the run in whose async context each is sent: jobs run at once in one process, and
 * the mailer's channel calls its subscribers in the sender's context.
 */
const mailsOfRun = new AsyncLocalStorage<{ sent: number; failed: number }>()
mailChannel.subscribe((message) => {
  const mails = mailsOfRun.getStore()
  if (mails) mails[(message as { outcome: 'sent' | 'failed' }).outcome] += 1
})

async function isDue(db: Kysely<Database>, name: string, now: number) {
  const last = await db
    .selectFrom('job_runs')
    .select((eb) => eb.fn.max('next_due_at').as('nextDueAt'))
    .where('name', '=', name)
    .executeTakeFirst()
  return last?.nextDueAt == null || Number(last.nextDueAt) <= now
}

/** Runs the job, recording its run: a row when it starts (so it is not due again meanwhile, even if this process dies), completed when it ends. */
async function runAndRecord(db: Kysely<Database>, job: ScheduledJob, now: () => number): Promise<JobRun> {
  const startedAt = now()
  const nextDueAt = startedAt + job.everyMs - scheduleSlack(job.everyMs)
  const { id } = await db
    .insertInto('job_runs')
    .values({ name: job.name, started_at: startedAt, next_due_at: nextDueAt, outcome: 'running' })
    .returning('id')
    .executeTakeFirstOrThrow()
  let outcome: JobRun['outcome'] = 'ok'
  let summary: string | null = null
  let error: string | null = null
  const mails = { sent: 0, failed: 0 }
  try {
    summary = (await mailsOfRun.run(mails, job.run)) ?? null
  } catch (thrown) {
    outcome = 'failed'
    error = (thrown instanceof Error ? thrown.message : String(thrown)).slice(0, errorLength)
  }
  const finishedAt = now()
  await db
    .updateTable('job_runs')
    .set({ finished_at: finishedAt, outcome, summary, error, mails_sent: mails.sent, mails_failed: mails.failed })
    .where('id', '=', id)
    .execute()
  return { name: job.name, startedAt, finishedAt, durationMs: finishedAt - startedAt, nextDueAt, outcome, summary, error }
}

/** Runs the job when it is due and nobody else runs it; answers its run, or undefined when it was not this scheduler's to run. */
export async function runJobIfDue(db: Kysely<Database>, job: ScheduledJob, now = Date.now): Promise<JobRun | undefined> {
  return runWithLease(db, { name: job.name, durationMs: job.leaseMs }, async () => ((await isDue(db, job.name, now())) ? runAndRecord(db, job, now) : undefined))
}

/** Runs the job now, due or not (a person asked for it), unless another process is running it. */
export async function runJobNow(db: Kysely<Database>, job: ScheduledJob, now = Date.now): Promise<JobRun | undefined> {
  return runWithLease(db, { name: job.name, durationMs: job.leaseMs }, () => runAndRecord(db, job, now))
}

/**
 * A scheduler's tick: starts every due job at once and answers each run as it ends. A caller
 * that ticks again before a slow job ends finds that job's lease held and starts the others.
 */
export function startDueJobs(db: Kysely<Database>, jobs: readonly ScheduledJob[], onRun: (run: JobRun) => void, now = Date.now) {
  return Promise.all(jobs.map((job) => runJobIfDue(db, job, now).then((run) => run && onRun(run))))
}

const toRun = (row: {
  name: string
  started_at: number | string
  finished_at: number | string | null
  next_due_at: number | string
  outcome: JobRun['outcome']
  summary: string | null
  error: string | null
}): JobRun => {
  const finishedAt = row.finished_at === null ? null : Number(row.finished_at)
  return {
    name: row.name,
    startedAt: Number(row.started_at),
    finishedAt,
    durationMs: finishedAt === null ? null : finishedAt - Number(row.started_at),
    nextDueAt: Number(row.next_due_at),
    outcome: row.outcome,
    summary: row.summary,
    error: row.error,
  }
}

/** Each job's latest run, by name: what the administrators' Scheduled Jobs page and /metrics show. */
export async function latestJobRuns(db: Kysely<Database>): Promise<JobRun[]> {
  const rows = await db
    .selectFrom('job_runs')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('job_runs')
        .select((inner) => inner.fn.max('id').as('id'))
        .groupBy('name'),
    )
    .orderBy('name')
    .execute()
  return rows.map(toRun)
}

const jobRunRetentionMs = 7 * 24 * 60 * 60_000

/** Deletes runs older than a week, keeping each job's latest however old. */
export async function pruneJobRuns(db: Kysely<Database>, now = Date.now()) {
  const pruned = await db
    .deleteFrom('job_runs')
    .where('started_at', '<', now - jobRunRetentionMs)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('job_runs as latest')
        .select((inner) => inner.fn.max('latest.id').as('id'))
        .groupBy('latest.name'),
    )
    .executeTakeFirst()
  return Number(pruned.numDeletedRows)
}

/** E-mails sent and failed by each job's runs kept (a week's), for the server's metrics. */
export async function jobMailCounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('job_runs')
    .select(['name', (eb) => eb.fn.sum<number | string>('mails_sent').as('sent'), (eb) => eb.fn.sum<number | string>('mails_failed').as('failed')])
    .groupBy('name')
    .execute()
  return rows.map((row) => ({ name: row.name, sent: Number(row.sent), failed: Number(row.failed) }))
}

/** Runs kept (a week's) by job and outcome, for the server's metrics. */
export async function jobRunCounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('job_runs')
    .select(['name', 'outcome', (eb) => eb.fn.countAll<number | string>().as('runs')])
    .groupBy(['name', 'outcome'])
    .execute()
  return rows.map((row) => ({ name: row.name, outcome: row.outcome, runs: Number(row.runs) }))
}
