import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { claimLeaseMs, pruneFormSubmissions, sendOnce } from '~/models/forms/form-submissions.server'
import { freshPostgresTarget, freshSqliteTarget, openTwoConnections } from '../support/fresh-database'

const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('form-submissions') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'form-submissions') },
]

const form = (fields: Record<string, string>) => {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.append(name, value)
  return formData
}

describe.each(targets)('forms sent once on $name', ({ enabled, target }) => {
  /** Two connections to one database, as two worker processes (or two servers) have. */
  let first: Kysely<Database>
  let second: Kysely<Database>

  beforeAll(async () => {
    if (enabled) [first, second] = await openTwoConnections(await target())
  })

  afterAll(async () => {
    await first?.destroy()
    await second?.destroy()
  })

  test.skipIf(!enabled)('one submission posted to two processes at once is done once, and both answer its redirect', async () => {
    let sent = 0
    const submission = { formKey: 'aaaaaaaaaaaaaaaaaaaaaa', message: 'Is the creek year-round?' }
    const send = async () => {
      sent += 1
      await new Promise((resolve) => setTimeout(resolve, 50))
      return '/property/1/?sent=contact'
    }
    const answers = await Promise.all([sendOnce(first, 'contact', form(submission), send), sendOnce(second, 'contact', form(submission), send)])
    expect(answers).toEqual(['/property/1/?sent=contact', '/property/1/?sent=contact'])
    expect(await sendOnce(second, 'contact', form(submission), send)).toBe('/property/1/?sent=contact')
    expect(sent).toBe(1)
    // Other words under that key, or the same words in another form, are another submission.
    await sendOnce(first, 'contact', form({ ...submission, message: 'Any wells?' }), send)
    await sendOnce(first, 'report', form(submission), send)
    expect(sent).toBe(3)
  })

  test.skipIf(!enabled)('a submission whose work failed is done again when retried; one without a key every time', async () => {
    const submission = form({ formKey: 'bbbbbbbbbbbbbbbbbbbbbb', message: 'Hello' })
    await expect(sendOnce(first, 'contact', submission, () => Promise.reject(new Error('mail server down')))).rejects.toThrow('mail server down')
    expect(await sendOnce(second, 'contact', submission, async () => '/sent')).toBe('/sent')
    let sent = 0
    for (const formKey of [undefined, 'short']) {
      const unkeyed = form(formKey ? { formKey, message: 'Hello' } : { message: 'Hello' })
      await sendOnce(first, 'contact', unkeyed, async () => `/sent/${(sent += 1)}`)
      await sendOnce(first, 'contact', unkeyed, async () => `/sent/${(sent += 1)}`)
    }
    expect(sent).toBe(4)
  })

  test.skipIf(!enabled)('a submission whose process died mid-send is done by the next attempt once its claim runs out, and only once', async () => {
    const submission = { formKey: 'dddddddddddddddddddddd', message: 'Is there road frontage?' }
    let sent = 0
    let failStalledSend: ((error: Error) => void) | undefined
    // The first attempt claims the key and stalls (a process that hangs or dies mid-send)…
    const stalled = sendOnce(first, 'contact', form(submission), () => new Promise<string>((_resolve, reject) => (failStalledSend = reject)))
    await expect.poll(() => failStalledSend).toBeDefined()
    // …and once its claim is older than its lease (the only unfinished one here), a repeat does the work.
    await first
      .updateTable('form_submissions')
      .set({ created_at: Date.now() - claimLeaseMs - 1_000 })
      .where('result', 'is', null)
      .execute()
    let finishTakeover: (() => void) | undefined
    const takeover = sendOnce(second, 'contact', form(submission), async () => {
      await new Promise<void>((resolve) => (finishTakeover = resolve))
      return `/sent/${(sent += 1)}`
    })
    await expect.poll(() => finishTakeover).toBeDefined()
    // The first attempt failing meanwhile does not drop the claim it lost: a third answers the second's redirect.
    failStalledSend?.(new Error('process gone'))
    await expect(stalled).rejects.toThrow('process gone')
    finishTakeover?.()
    expect(await takeover).toBe('/sent/1')
    expect(await sendOnce(first, 'contact', form(submission), async () => `/sent/${(sent += 1)}`)).toBe('/sent/1')
    expect(sent).toBe(1)
  })

  test.skipIf(!enabled)('submissions are forgotten after a day', async () => {
    const submission = form({ formKey: 'cccccccccccccccccccccc', message: 'Hello' })
    let sent = 0
    await sendOnce(first, 'contact', submission, async () => `/sent/${(sent += 1)}`)
    expect(await pruneFormSubmissions(first, Date.now() + 60 * 60_000)).toBe(0)
    expect(await pruneFormSubmissions(first, Date.now() + 25 * 60 * 60_000)).toBeGreaterThanOrEqual(1)
    expect(await sendOnce(second, 'contact', submission, async () => `/sent/${(sent += 1)}`)).toBe('/sent/2')
  })
})
