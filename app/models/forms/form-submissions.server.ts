import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { formKeyField, formKeyPattern } from './form-key'

/** Submissions are remembered this long (the minute jobs prune older ones): far beyond any retry. */
const keptSubmissionsMs = 24 * 60 * 60_000
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
 * Does a form's work once per submission (`send`, which answers where to redirect) and answers
 * its redirect; the same submission posted again, by any worker or server, is answered with the
 * first one's redirect without doing anything. A submission without a key (a client of our own
 * that sends none) is done every time. A failed `send` forgets the key, so a retry does the work.
 */
export async function sendOnce(db: Kysely<Database>, kind: string, formData: FormData, send: () => Promise<string>): Promise<string> {
  const key = submissionKey(kind, formData)
  if (key === null) return send()
  const giveUpAt = Date.now() + waitForFirstMs
  for (;;) {
    const { numInsertedOrUpdatedRows } = await db
      .insertInto('form_submissions')
      .values({ key, kind, created_at: Date.now(), result: null })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst()
    if (Number(numInsertedOrUpdatedRows ?? 0) > 0) return sendClaimed(db, key, send)
    const first = await db.selectFrom('form_submissions').select('result').where('key', '=', key).executeTakeFirst()
    // Gone: the first attempt failed and let go of the key; this one claims it next time round.
    if (first?.result) return first.result
    if (Date.now() > giveUpAt) throw new Response('This form is still being sent. Please wait a moment, then reload the page.', { status: 409 })
    if (first) await sleep(pollEveryMs)
  }
}

async function sendClaimed(db: Kysely<Database>, key: string, send: () => Promise<string>) {
  let result: string
  try {
    result = await send()
  } catch (error) {
    await db.deleteFrom('form_submissions').where('key', '=', key).execute()
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
