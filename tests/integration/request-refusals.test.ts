import { afterEach, expect, test, vi } from 'vitest'
import { productionPages } from '../support/http'

/**
 * Expected refusals are answered with their status and logged as one line each, never with a
 * stack trace: the server log keeps stack traces for what engineers must look at.
 */
const { fetchPage } = productionPages()

afterEach(() => {
  vi.restoreAllMocks()
})

function logSpies() {
  return { errors: vi.spyOn(console, 'error').mockImplementation(() => {}), warnings: vi.spyOn(console, 'warn').mockImplementation(() => {}) }
}

function loggedText(spy: ReturnType<typeof vi.spyOn>) {
  return spy.mock.calls.map((call) => call.map((argument) => (argument instanceof Error ? (argument.stack ?? '') : String(argument))).join(' '))
}

function post(path: string, origin: string, address: string) {
  return fetchPage('land.localhost', path, {
    method: 'POST',
    body: new URLSearchParams({ email: 'pat@example.com', password: 'creek-side-42' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-for': address },
  })
}

test('a POST to a page without an action is a 405 logged as one line, without a stack trace', async () => {
  const { errors, warnings } = logSpies()
  const response = await post('/Texas', 'http://land.localhost', '192.0.2.201')
  expect(response.status).toBe(405)
  expect(await response.text()).not.toMatch(/\bat .+\.m?js:\d+/)
  expect(errors).not.toHaveBeenCalled()
  const lines = loggedText(warnings)
  expect(lines).toEqual(['[refused] POST /Texas: 405 Method Not Allowed'])
})

test('a form post from another origin is refused and logged as one line, without a stack trace', async () => {
  const { errors, warnings } = logSpies()
  const response = await post('/login', 'http://evil.example', '192.0.2.202')
  expect(response.status).toBeGreaterThanOrEqual(400)
  expect(response.status).toBeLessThan(500)
  expect(errors).not.toHaveBeenCalled()
  expect(loggedText(warnings)).toEqual(['[refused] POST /login: 400 cross-origin form post'])
})
