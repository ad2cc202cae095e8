import { describe, expect, test } from 'vitest'
import { type FuzzCase, fuzzSessionUsers, savedFuzzCases } from '../support/fuzz-cases'
import { sessionCookie } from '../support/http'
import { productionServer } from '../support/server'

/**
 * Every request `npm run fuzz` once saw answered with 500 or more, or hang, replayed against the
 * production server: each must now answer below 500, within the fuzz run's 10 s.
 */
const cases = savedFuzzCases()
// Forms posted here write rows: a private copy of the database.
const server = productionServer({ privateData: 'fuzz-cases' })
const cookies = new Map<string, string>()

async function cookieFor({ host, session }: FuzzCase) {
  if (!session) return undefined
  const key = `${session}@${host}`
  if (!cookies.has(key)) cookies.set(key, await sessionCookie(server.fetchPage, host, fuzzSessionUsers[session], '198.51.100.180', { dataDir: server.dataDir() }))
  return cookies.get(key)
}

describe('saved fuzz cases', () => {
  test('there are cases to replay', () => {
    expect(cases.length).toBeGreaterThan(0)
  })

  test.each(cases)(
    '$file answers below 500',
    async ({ fuzzCase }) => {
      const cookie = await cookieFor(fuzzCase)
      const headers = { 'x-forwarded-for': '198.51.100.181', ...fuzzCase.headers, ...(cookie ? { cookie } : {}) }
      const response = await server.fetchPage(fuzzCase.host, fuzzCase.path, { method: fuzzCase.method, headers, body: fuzzCase.body })
      expect(response.status, `${fuzzCase.method} ${fuzzCase.host}${fuzzCase.path.slice(0, 200)}`).toBeLessThan(500)
    },
    10_000,
  )
})
