import { expect, test } from 'vitest'
import { redactSecrets } from '~/models/logs/secret-urls'

/** Issue 33 finding 6: what logs and stored client errors keep of an address that is its own permission. */
test('a secret path becomes its route pattern, whatever follows it', () => {
  expect(redactSecrets('/reset/k3y-Value_1')).toBe('/reset/:resetKey')
  expect(redactSecrets('/api/authenticate/loginviatoken/abc/1080')).toBe('/api/authenticate/loginviatoken/:token/:siteId')
  expect(redactSecrets('/lands-connector/reply/12.signature/')).toBe('/lands-connector/reply/:token/')
  expect(redactSecrets('/lands-connector/reply/12.signature.data')).toBe('/lands-connector/reply/:token')
})

test('routes match any case, as the router matches them', () => {
  expect(redactSecrets('/Reset/secret')).toBe('/reset/:resetKey')
})

test('a secret query parameter keeps its name and loses its value, the rest of the query stays', () => {
  expect(redactSecrets('/search/?view=map&token=abc&page=2')).toBe('/search/?view=map&token=redacted&page=2')
  expect(redactSecrets('/?TOKEN=abc')).toBe('/?TOKEN=redacted')
})

test('secrets inside a whole URL or a message are redacted too', () => {
  expect(redactSecrets('Failed to load https://land.localhost/reset/secret?token=xyz#top')).toBe(
    'Failed to load https://land.localhost/reset/:resetKey?token=redacted#top',
  )
})

test('other paths and parameters are left alone', () => {
  for (const text of ['/lands-connector/12/', '/account/password-reset/x', '/search/?tokens=3', '/reset/']) expect(redactSecrets(text)).toBe(text)
})

test('a long hostile text is redacted in linear time', () => {
  const hostile = `${'/'.repeat(200_000)}${'/reset'.repeat(50_000)}${'?token='.repeat(50_000)}`
  const started = performance.now()
  redactSecrets(hostile)
  expect(performance.now() - started).toBeLessThan(200)
})
