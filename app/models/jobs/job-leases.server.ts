import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'

/**
 * One runner at a time for a scheduled job across every process and server (decision 0026): a
 * row per job names who holds it until when. Taking it is one atomic upsert, on SQLite and
 * PostgreSQL alike: a new row, or an expired one taken over; a lease still held is left alone.
 * A lease that outlives a crashed holder simply expires.
 */
export async function takeLease(db: Kysely<Database>, name: string, holder: string, durationMs: number, now = Date.now()) {
  const taken = await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: now + durationMs })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), expires_at: eb.ref('excluded.expires_at') }))
        .where('job_leases.expires_at', '<=', now),
    )
    .returning('holder')
    .executeTakeFirst()
  return taken?.holder === holder
}

/** Gives the lease back at once (when its job is done), if `holder` still holds it. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string) {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute()
}

/** A holder name per run: the host and process, for a person reading the table, and a random part. */
const newHolder = () => `${os.hostname()}:${process.pid}:${randomUUID()}`

/** A scheduled job's lease: its name, and how long a run may hold it (longer than a run should ever take). */
export interface JobLease {
  name: string
  durationMs: number
}

/**
 * Runs `job` when its lease can be taken and gives the lease back when it is done; answers the
 * job's result, or undefined when another process holds the lease.
 */
export async function runWithLease<Result>(db: Kysely<Database>, { name, durationMs }: JobLease, job: () => Promise<Result>): Promise<Result | undefined> {
  const holder = newHolder()
  if (!(await takeLease(db, name, holder, durationMs))) return undefined
  try {
    return await job()
  } finally {
    await releaseLease(db, name, holder)
  }
}
