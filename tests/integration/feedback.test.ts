import { afterAll, describe, expect, test } from 'vitest'
import { browserSession, canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'
import { catchOutgoingMail } from '../support/smtp'
import { openWritableTestDatabase } from '../support/test-database'

/**
 * The feedback form (spec §4 feedback modal) without scripts, at /feedback/, and its JSON endpoint
 * for the modal: a message is kept and mailed to the site's team; the spec §5 messages answer a
 * wrong form; one address may send only a few.
 */
const { fetchPage } = productionPages()
const db = openWritableTestDatabase()
const runId = Date.now().toString(36)
const smtp = catchOutgoingMail()
let addressCount = 0

afterAll(async () => {
  await db.deleteFrom('feedback').where('message', 'like', `%${runId}%`).execute()
  await db.destroy()
})

function browser(host = 'land.localhost') {
  addressCount += 1
  return browserSession(fetchPage, host, `198.51.100.${200 + addressCount}`)
}

const text = async (response: Response) => decodeEntities(await response.text())
const storedFeedback = (message: string) => db.selectFrom('feedback').selectAll().where('message', '=', message).executeTakeFirst()

describe('the feedback page', () => {
  test('is a form page with its title, canonical and noindex, and the page the visitor came from', async () => {
    const response = await browser().get('/feedback/', { referer: 'http://land.localhost/Texas' })
    expect(response.status).toBe(200)
    const html = await text(response)
    expect(html).toContain('<title>Feedback | LandAtlas</title>')
    expect(canonicalHref(html)).toBe('http://land.localhost/feedback/')
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
    expect(html).toMatch(/<label[^>]*>Your feedback<\/label>/)
    expect(html).toContain('name="page" value="/Texas"')
  })

  test('a message sent without scripts is kept, mailed to the site’s team, and thanked for', async () => {
    const message = `The map is great, the filters hide too much. ${runId}`
    const person = browser('farm.localhost')
    const response = await person.post('/feedback/', { message, email: 'pat@example.com', page: '/texas-land-for-sale' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/feedback/?sent=1')
    expect(await text(await person.get('/feedback/?sent=1'))).toContain('Thank you for your feedback. Our team reads every message.')

    expect(await storedFeedback(message)).toMatchObject({
      site_id: 1080,
      email: 'pat@example.com',
      page_url: 'http://farm.localhost/texas-land-for-sale',
      user_id: null,
    })
    const mail = smtp.received.find((received) => received.raw.includes(runId))!
    expect(mail.to).toEqual(['feedback@farmranchfinder.example'])
    expect(mail.raw).toContain('Reply-To: pat@example.com')
    expect(mail.raw).toMatch(/Subject: Feedback on Farm & Ranch Finder/)
  })

  test('written on a page whose address is its own permission, the feedback keeps and mails the route, not the token (issue 33)', async () => {
    const message = `The reply page is clear. ${runId}`
    const token = `7.${runId}SignatureOfTheReplyLink`
    expect((await browser().post('/feedback/', { message, page: `/lands-connector/reply/${token}/` })).status).toBe(303)
    expect((await storedFeedback(message))?.page_url).toBe('http://land.localhost/lands-connector/reply/:token/')
    const mail = smtp.received.find((received) => received.raw.includes(message))!
    expect(mail.raw.replace(/=\r?\n/g, '')).not.toContain(token)
  })

  test('a wrong form is answered with the spec §5 messages and kept nowhere', async () => {
    const empty = await browser().post('/feedback/', { message: '  ', email: 'not-an-address' })
    expect(empty.status).toBe(400)
    const html = await text(empty)
    expect(html).toContain('This field is required.')
    expect(html).toContain('Please enter an email address in a valid format.')
    const long = await browser().post('/feedback/', { message: `${'x'.repeat(2001)}${runId}` })
    expect(long.status).toBe(400)
    expect(await text(long)).toContain('This value must be at most 2000 characters.')
  })

  test('one address sends five an hour; the sixth is refused with a message', async () => {
    const person = browser()
    for (let index = 0; index < 5; index += 1) expect((await person.post('/feedback/', { message: `Feedback ${index} ${runId}` })).status).toBe(303)
    const refused = await person.post('/feedback/', { message: `One too many ${runId}` })
    expect(refused.status).toBe(429)
    expect(await text(refused)).toContain('You have reached the limit of 5 feedback messages in an hour.')
    expect(await storedFeedback(`One too many ${runId}`)).toBeUndefined()
  })

  test('a post from another site is refused, by the framework on the page (400) and by our guard on the endpoint (403)', async () => {
    const forged = { message: `Forged ${runId}` }
    expect((await browser().post('/feedback/', forged, { origin: 'http://evil.example' })).status).toBe(400)
    expect((await browser().post('/api/feedback', forged, { origin: 'http://evil.example' })).status).toBe(403)
    expect(await storedFeedback(forged.message)).toBeUndefined()
  })
})

describe('the modal’s endpoint', () => {
  test('answers in JSON: sent, or the form’s messages with a 400', async () => {
    const sent = await browser().post('/api/feedback', { message: `From the modal ${runId}`, page: '/search/all-land/' })
    expect(sent.status).toBe(200)
    expect(await sent.json()).toEqual({ isSent: true })
    expect((await storedFeedback(`From the modal ${runId}`))?.page_url).toBe('http://land.localhost/search/all-land/')

    const wrong = await browser().post('/api/feedback', { message: '' })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ status: 'error', error: { message: ['This field is required.'] } })
  })
})
