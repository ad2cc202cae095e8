import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type RecordOutcome, type RecordReason, type RecordReasonCode, recordReasons } from './feed-reasons'

/** An import run's report: its counts, and each record it did not simply accept, with reasons. */

export interface RunRecord {
  partnerListingId: string
  line: number
  outcome: RecordOutcome
  reasons: RecordReason[]
}

export async function feedRun(db: Kysely<Database>, runId: number) {
  return db.selectFrom('feed_runs').selectAll().where('id', '=', runId).executeTakeFirst()
}

export async function feedRunRecords(db: Kysely<Database>, runId: number, options: { limit?: number } = {}): Promise<RunRecord[]> {
  const rows = await db
    .selectFrom('feed_run_records')
    .select(['partner_listing_id', 'line', 'outcome', 'reasons'])
    .where('run_id', '=', runId)
    .orderBy('id')
    .limit(options.limit ?? 10_000)
    .execute()
  return rows.map((row) => ({ partnerListingId: row.partner_listing_id, line: row.line, outcome: row.outcome, reasons: JSON.parse(row.reasons) as RecordReason[] }))
}

/** How many records of the run each reason code touched, most first. */
export async function reasonCounts(db: Kysely<Database>, runId: number) {
  const counts = new Map<RecordReasonCode, number>()
  for (const record of await feedRunRecords(db, runId, { limit: 1_000_000 })) {
    for (const code of new Set(record.reasons.map((reason) => reason.code))) counts.set(code, (counts.get(code) ?? 0) + 1)
  }
  return [...counts].sort(([, a], [, b]) => b - a)
}

/** The run's report as text lines, for the command line. */
export async function printRunReport(db: Kysely<Database>, runId: number, print: (line: string) => void) {
  const run = await feedRun(db, runId)
  if (!run) throw new Error(`No feed run ${runId}`)
  print(`run ${run.id} (${run.feed_kind} feed from ${run.source}): ${run.status}${run.error_code ? ` — ${run.error_code}: ${run.error_detail}` : ''}`)
  print(
    `received ${run.received}, accepted ${run.accepted}, fixed ${run.fixed}, held ${run.held}, rejected ${run.rejected}, unchanged ${run.unchanged}, retired ${run.retired}`,
  )
  for (const [code, count] of await reasonCounts(db, runId)) print(`  ${code.padEnd(24)} ${String(count).padStart(7)}  ${recordReasons[code].text}`)
  const records = await feedRunRecords(db, runId, { limit: 50 })
  for (const record of records) {
    print(
      `  line ${record.line} id ${record.partnerListingId}: ${record.outcome} — ${record.reasons.map((reason) => `${reason.code} (${reason.detail})`).join('; ')}`,
    )
  }
  const total = run.fixed + run.held + run.rejected
  if (total > records.length) print(`  … and ${total - records.length} more records in the report`)
}

/** Feed records by outcome over every import run kept, for the server's metrics (decision 0066). */
export async function feedRecordTotals(db: Kysely<Database>) {
  const totals = await db
    .selectFrom('feed_runs')
    .select((eb) => [
      eb.fn.sum<number | string | null>('received').as('received'),
      eb.fn.sum<number | string | null>('accepted').as('accepted'),
      eb.fn.sum<number | string | null>('fixed').as('fixed'),
      eb.fn.sum<number | string | null>('held').as('held'),
      eb.fn.sum<number | string | null>('rejected').as('rejected'),
      eb.fn.sum<number | string | null>('unchanged').as('unchanged'),
      eb.fn.sum<number | string | null>('retired').as('retired'),
    ])
    .executeTakeFirstOrThrow()
  return Object.fromEntries(Object.entries(totals).map(([outcome, count]) => [outcome, Number(count ?? 0)]))
}
