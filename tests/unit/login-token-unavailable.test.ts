import type { Kysely } from 'kysely'
import { expect, test, vi } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { handleLoginViaToken } from '~/routes/login-token.server'

/** Spec §8: a token login the server cannot process (its database is down) says so in the spec's words, with the site's support address. */

// A database whose every query fails.
const unavailableDb = {} as Kysely<Database>

const unavailable = 'We are unable to process your login at this time. Please contact support@landatlas.example.'

test('the §7 endpoint answers 503 with the spec §8 message', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const request = new Request('http://land.localhost/api/authenticate/loginviatoken/abc/0', {
    method: 'POST',
    headers: { host: 'land.localhost', origin: 'http://land.localhost', 'x-forwarded-for': '198.51.100.201' },
  })
  const response = await handleLoginViaToken(unavailableDb, request, { token: 'abc', siteId: '0' })
  expect(response.status).toBe(503)
  expect(await response.json()).toMatchObject({ isLoggedIn: false, message: unavailable })
})
