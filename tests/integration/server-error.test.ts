import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { type SiteFetch, decodeEntities, loadRequestHandler } from '../support/http'

// A data folder whose database file is not a database: every query fails, as when the
// database is lost. The server must answer 500 with the spec's sentence, never a stack trace.
const brokenDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broken-data-'))
let fetchPage: SiteFetch
let restoreDataDir: string | undefined

beforeAll(async () => {
  fs.writeFileSync(path.join(brokenDataDir, 'marketplace.db'), 'this is not a database file, it is plain text.'.repeat(100))
  restoreDataDir = process.env.DATA_DIR
  process.env.DATA_DIR = brokenDataDir
  fetchPage = await loadRequestHandler()
})

afterAll(() => {
  process.env.DATA_DIR = restoreDataDir
  fs.rmSync(brokenDataDir, { recursive: true, force: true })
})

test('an unexpected server error is a 500 with the engineers-notified message and no stack trace', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const response = await fetchPage('farm.localhost', '/?from=test')
  expect(response.status).toBe(500)
  const html = decodeEntities(await response.text())
  expect(html).toContain('An error has occurred, website engineers have been notified')
  expect(html).not.toMatch(/\bat .+\.(js|ts):\d+/)
  expect(html).not.toContain('not a database')
  expect(logged).toHaveBeenCalledWith(expect.stringContaining('GET /?from=test'), expect.anything())
  logged.mockRestore()
})
