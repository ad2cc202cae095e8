import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { formKeyField, formKeyPattern } from './form-key'

/** Submissions are remembered this long (the minute jobs prune older ones): far beyond any retry. */
const keptSubmissionsMs = 24 * 60 * 60_000
/**
 * How long an unfinished submission's claim holds: a send takes a second or two; a claim older
 * than this was left by a process that died mid-send, and the next attempt takes it over.
 */
export const claimLeaseMs = 30_000
/** How long a repeat waits for the first submission of its key to finish before giving up. */
const waitForFirstMs = 10_000
const pollEveryMs = 100

/**
 * The record's key: the form's kind, its idempotency key and what was sent. The key alone is not
 * enough: an anonymous page is one cached copy for every visitor for a minute (decision 0026), key
 * included, so two people may send one key; only the same message with the same key is one.
 */
function submissionKey(kind: string, formData: FormData) {
  const formKey = formData.get(formKeyField)
  if (typeof formKey !== 'string' || !formKeyPattern.test(formKey)) return null
  const hash = createHash('sha256').update(`${kind}\0${formKey}`)
  for (const [name, value] of formData) {
    hash.update(`\0${name}\0${typeof value === 'string' ? value : `${value.name}:${value.size}`}`)
  }
  return `${kind}:${hash.digest('base64url')}`
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Claims a submission's key for this attempt, in one atomic upsert on SQLite and PostgreSQL
 * alike: a new row, or an unfinished one whose claim has run out taken over. Answers the claim's
 * time (which names this attempt's claim), or null when another attempt holds it or it is done.
 */
async function claim(db: Kysely<Database>, key: string, kind: string) {
  const claimedAt = Date.now()
  const { numInsertedOrUpdatedRows } = await db
    .insertInto('form_submissions')
    .values({ key, kind, created_at: claimedAt, result: null })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({ created_at: claimedAt })
        .where('form_submissions.result', 'is', null)
        .where('form_submissions.created_at', '<=', claimedAt - claimLeaseMs),
    )
    .executeTakeFirst()
  return Number(numInsertedOrUpdatedRows ?? 0) > 0 ? claimedAt : null
}

/** The same submission's first attempt was still being sent after `waitForFirstMs`: the sender should wait, then reload. */
export class FirstSubmissionPendingError extends Error {
  constructor(kind: string) {
    super(`A first '${kind}' submission with this key is still being sent`)
    this.name = 'FirstSubmissionPendingError'
  }
}

/**
 * Does a form's work once per submission (`send`, which answers where to redirect) and answers
 * its redirect; the same submission posted again, by any worker or server, is answered with the
 * first one's redirect without doing anything. A submission without a key (a client of our own
 * that sends none) is done every time. A failed `send` forgets the key, so a retry does the work;
 * so does a process that died mid-send, once its claim has run out (`claimLeaseMs`). A first
 * attempt still being sent after `waitForFirstMs` throws `FirstSubmissionPendingError`.
 */
export async function sendOnce(db: Kysely<Database>, kind: string, formData: FormData, send: () => Promise<string>): Promise<string> {
  const key = submissionKey(kind, formData)
  if (key === null) return send()
  const giveUpAt = Date.now() + waitForFirstMs
  for (;;) {
    const claimedAt = await claim(db, key, kind)
    if (claimedAt !== null) return sendClaimed(db, key, claimedAt, send)
    const first = await db.selectFrom('form_submissions').select('result').where('key', '=', key).executeTakeFirst()
    // Gone: the first attempt failed and let go of the key; this one claims it next time round.
    if (first?.result) return first.result
    if (Date.now() > giveUpAt) throw new FirstSubmissionPendingError(kind)
    if (first) await sleep(pollEveryMs)
  }
}

async function sendClaimed(db: Kysely<Database>, key: string, claimedAt: number, send: () => Promise<string>) {
  let result: string
  try {
    result = await send()
  } catch (error) {
    // Only this attempt's claim: one that ran so long that the next attempt took it over leaves that one's.
    await db.deleteFrom('form_submissions').where('key', '=', key).where('created_at', '=', claimedAt).where('result', 'is', null).execute()
    throw error
  }
  await db.updateTable('form_submissions').set({ result }).where('key', '=', key).execute()
  return result
}

/** Deletes submissions older than a day (the minute jobs); answers how many went. */
export async function pruneFormSubmissions(db: Kysely<Database>, now = Date.now()) {
  const { numDeletedRows } = await db
    .deleteFrom('form_submissions')
    .where('created_at', '<', now - keptSubmissionsMs)
    .executeTakeFirst()
  return Number(numDeletedRows)
}
