import path from 'node:path'
import type { Kysely } from 'kysely'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/accounts/demo-users'
import type { Database } from '~/models/db/db-schema'
import { createKysely } from '~/models/db/dialect.server'
import { startDueJobs } from '~/models/jobs/job-scheduler.server'
import { canonicalHref, loadRequestHandler, metaContent, sessionCookie, type SiteFetch } from '../support/http'
import { privateDataDir } from '../support/private-data'

/**
 * The administrators' Scheduled Jobs page (issue 37 item 3, decision 0066) through the production
 * build, on a private copy of the test database whose jobs ran through the scheduler: each job's
 * last run, its duration, outcome and next run; a visitor logs in first, a buyer is refused.
 */
const dataDir = privateDataDir('scheduled-jobs')
const host = 'land.localhost'
const [buyer, , admin] = demoUsers
let fetchPage: SiteFetch
let db: Kysely<Database>
let finishImport = () => {}
let importRun: Promise<unknown>

const page = (cookie?: string) => fetchPage(host, '/account/jobs/', { headers: cookie ? { cookie } : {}, redirect: 'manual' })

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  fetchPage = await loadRequestHandler()
  db = createKysely({ sqliteFile: path.join(dataDir, 'marketplace.db') })
  const minute = 60_000
  await startDueJobs(
    db,
    [
      { name: 'lead-digests', everyMs: 5 * minute, leaseMs: 10 * minute, run: async () => '2 lead digests sent, 0 failed' },
      {
        name: 'lead-webhooks',
        everyMs: minute,
        leaseMs: 10 * minute,
        run: async () => {
          throw new Error('connect ECONNREFUSED')
        },
      },
    ],
    () => {},
  )
  // An import still running while the page is read.
  importRun = startDueJobs(
    db,
    [{ name: 'feed-pull:1', everyMs: 60 * minute, leaseMs: 120 * minute, run: () => new Promise((resolve) => (finishImport = () => resolve(undefined))) }],
    () => {},
  )
})

afterAll(async () => {
  finishImport()
  await importRun
  await db.destroy()
})

describe('the administrators’ Scheduled Jobs page', () => {
  test('a visitor is sent to log in; a signed-in buyer is refused with a 403 and has no link to it', async () => {
    const visitor = await page()
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirectTo=%2Faccount%2Fjobs%2F/)
    const cookie = await sessionCookie(fetchPage, host, buyer, '198.51.100.81', { dataDir })
    expect((await page(cookie)).status).toBe(403)
    const home = parse(await (await fetchPage(host, '/account/', { headers: { cookie } })).text())
    expect(home.querySelector('a[href="/account/jobs/"]')).toBeNull()
  })

  test('an administrator sees each job’s last run, duration, outcome and next run, on a private page linked from My Account', async () => {
    const cookie = await sessionCookie(fetchPage, host, admin, '198.51.100.82', { dataDir })
    const response = await page(cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(metaContent(html, 'robots')).toMatch(/^noindex/)
    expect(canonicalHref(html)).toBe('http://land.localhost/account/jobs/')
    const main = parse(html).querySelector('main')!
    expect(main.querySelector('h1')?.text).toBe('Scheduled Jobs')
    expect(main.querySelectorAll('thead th').map((cell) => cell.text)).toEqual(['Job', 'Last run', 'Duration', 'Outcome', 'Next run'])
    const rows = Object.fromEntries(
      main.querySelectorAll('tbody tr').map((row) => {
        const [name = '', ...cells] = row.querySelectorAll('th, td').map((cell) => cell.text.trim())
        return [name, cells]
      }),
    )
    const utcTime = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/
    const [started, duration, outcome, next] = rows['lead-digests']!
    expect(started).toMatch(utcTime)
    expect(duration).toMatch(/^\d+ ms$/)
    expect(outcome).toBe('OK: 2 lead digests sent, 0 failed')
    expect(next).toMatch(utcTime)
    expect(rows['lead-webhooks']![2]).toBe('Failed: connect ECONNREFUSED')
    expect(rows['feed-pull:1']!.slice(1, 3)).toEqual([expect.stringMatching(/ so far$/), 'Running'])

    const home = parse(await (await fetchPage(host, '/account/', { headers: { cookie } })).text())
    expect(home.querySelector('main a[href="/account/jobs/"]')?.text).toContain('Scheduled Jobs')
  })
})
