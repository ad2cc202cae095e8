import { describe, expect, test } from 'vitest'
import { decodeEntities, productionPages } from '../support/http'
import { productionServer } from '../support/server'
import { postEndlessChunks } from '../support/server-process'
import { contactableListing } from '../support/test-database'

/**
 * Forms and JSON calls take at most 64 KB (issue 33 finding 5): past it the site's 413 page (a
 * JSON 413 for a call that answers JSON), however the body is sent; a normal form still goes through.
 */
const { fetchPage } = productionPages()
const server = productionServer()

const tooLongText = 'a'.repeat(70 * 1024)
const tooLongMessage = 'The form was too long to send, so nothing was saved.'

function postForm(host: string, path: string, fields: Record<string, string>, address: string) {
  return fetchPage(host, path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, 'x-forwarded-for': address },
    redirect: 'manual',
  })
}

describe('a page form over 64 KB', () => {
  test('the login form answers the site’s 413 page', async () => {
    const response = await postForm('land.localhost', '/login', { email: 'pat@example.com', password: tooLongText }, '192.0.2.141')
    expect(response.status).toBe(413)
    const html = decodeEntities(await response.text())
    expect(html).toMatch(/Error (?:<!-- -->)?413/)
    expect(html).toContain(tooLongMessage)
    // The site's own look: its header and footer around the message.
    expect(html).toContain(`<title>`)
    expect(html).toMatch(/<header[\s>]/)
    expect(html).toMatch(/<footer[\s>]/)
  })

  test('the contact form of a listing answers the site’s 413 page, and a normal one still goes through', async () => {
    const { path } = contactableListing(0)
    const contact = { intent: 'contact', name: 'Pat Buyer', email: 'pat@example.com', phone: '(512) 555-0123' }
    const tooLong = await postForm('land.localhost', path, { ...contact, message: tooLongText }, '192.0.2.142')
    expect(tooLong.status).toBe(413)
    expect(decodeEntities(await tooLong.text())).toContain(tooLongMessage)

    const normal = await postForm('land.localhost', path, { ...contact, message: 'Is the creek year-round?' }, '192.0.2.143')
    expect(normal.status).toBe(303)
  })

  test('a normal login still signs in', async () => {
    const response = await postForm('land.localhost', '/login', { email: 'demo.seller@example.com', password: 'demo-seller-1', redirectTo: '/' }, '192.0.2.144')
    expect(response.status).toBe(303)
    expect(response.headers.get('set-cookie')).toBeTruthy()
  })
})

test('a JSON call over its limit answers a JSON 413', async () => {
  const response = await fetchPage('land.localhost', '/logging/log', {
    method: 'POST',
    body: JSON.stringify({ message: tooLongText }),
    headers: { 'content-type': 'application/json', origin: 'http://land.localhost', 'x-forwarded-for': '192.0.2.145' },
  })
  expect(response.status).toBe(413)
  expect(await response.json()).toEqual({ error: 'The body is too large.' })
})

test('a chunked body that never ends is counted as it comes: past 64 KB the real server answers 413 and closes the connection', async () => {
  const answer = await postEndlessChunks(server.port(), 'land.localhost', '/login', { 'x-forwarded-for': '192.0.2.151' })
  expect(answer.status).toBe(413)
  expect(answer.connection).toBe('close')
  expect(decodeEntities(answer.body)).toContain(tooLongMessage)
})
