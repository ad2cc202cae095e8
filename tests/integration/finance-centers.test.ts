import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { canonicalHref, decodeEntities, loadRequestHandler, type SiteFetch } from '../support/http'
import { startTestSmtpServer } from '../support/smtp'
import { openTestDatabase } from '../support/test-database'

describe('the /financing page', () => {
  let fetchPage: SiteFetch
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>
  const seeded = openTestDatabase()
  let addressCounter = 0

  const center = (name: string) =>
    seeded
      .prepare('select id, email, checkbox_label as checkboxLabel, checkbox_default_state as checkboxDefaultState from finance_centers where name = ?')
      .get(name) as {
      id: number
      email: string
      checkboxLabel: string
      checkboxDefaultState: number
    }
  const leadCount = (centerId: number) => (seeded.prepare('select count(*) as n from finance_leads where finance_center_id = ?').get(centerId) as { n: number }).n

  function post(hostName: string, path: string, fields: Record<string, string>, address?: string) {
    addressCounter += 1
    return fetchPage(hostName, path, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address ?? `192.0.2.${addressCounter}`, origin: `http://${hostName}` },
    })
  }

  const goodMessage = {
    name: 'Jo Rancher',
    email: 'jo@example.com',
    phone: '406-555-0100',
    message: 'What down payment would 160 acres of grazing land need?',
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer()
    process.env.SMTP_URL = smtp.url
    fetchPage = await loadRequestHandler()
  })

  afterAll(async () => {
    delete process.env.SMTP_URL
    await smtp.stop()
    seeded.close()
  })

  test('shows the lender named by fcid with its text, phone and website', async () => {
    const bigSky = center('Big Sky Ag Lending')
    const response = await fetchPage('farm.localhost', `/financing?fcid=${bigSky.id}`)
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    expect(parse(html).querySelector('h1')?.text).toBe('Big Sky Ag Lending')
    expect(html).toContain('We understand water rights')
    expect(html).toContain('href="tel:4065550177"')
    // Spec §5: the lender's site gains the tracking parameters; the text shows its own address.
    expect(html).toMatch(/<a href="https:\/\/[^"?]*bigskyaglending\.example\/?\?utm_source=farm&utm_medium=referral"[^>]*>[^<]*bigskyaglending\.example<\/a>/)
    expect(html).toContain('Tom Hadley will reply')
    expect(canonicalHref(html)).toBe(`http://farm.localhost/financing?fcid=${bigSky.id}`)
  })

  test('the form on a lender’s own page offers no checkbox about a property: there is none', async () => {
    for (const [host, name] of [
      ['farm.localhost', 'Big Sky Ag Lending'],
      ['land.localhost', 'Lone Star Land Credit, ACA'],
    ] as const) {
      const lender = center(name)
      const html = decodeEntities(await (await fetchPage(host, `/financing?fcid=${lender.id}`)).text())
      expect(html).not.toContain(lender.checkboxLabel)
      expect(html).not.toContain('this property')
      expect(html).not.toMatch(/type="checkbox"/)
    }
  })

  test('without fcid the page shows the default lender', async () => {
    const defaultCenter = center('American Rural Land Lending Cooperative')
    const response = await fetchPage('land.localhost', '/financing')
    expect(response.status).toBe(200)
    expect(canonicalHref(await response.text())).toBe(`http://land.localhost/financing?fcid=${defaultCenter.id}`)
  })

  test('an unknown, malformed, inactive or another site’s fcid is a 404, never another lender', async () => {
    for (const query of [
      '?fcid=99',
      '?fcid=abc',
      '?fcid=0',
      '?fcid=987654',
      `?fcid=${center('Red River Farmers State Bank').id}`,
      `?fcid=${center('Big Sky Ag Lending').id}`,
    ]) {
      const response = await fetchPage('land.localhost', `/financing${query}`)
      expect(response.status, query).toBe(404)
      expect(decodeEntities(await response.text())).toContain(sites.land.wording.notFound)
    }
    const post = await fetchPage('land.localhost', '/financing?fcid=99', {
      method: 'POST',
      body: new URLSearchParams(goodMessage),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://land.localhost', 'x-forwarded-for': '192.0.2.250' },
    })
    expect(post.status).toBe(404)
  })

  test('the valuation site has no finance page', async () => {
    const response = await fetchPage('value.localhost', '/financing')
    expect(response.status).toBe(404)
    expect(decodeEntities(await response.text())).toContain(sites.value.wording.notFound)
  })

  test('a bad e-mail is answered with the spec message and nothing is stored', async () => {
    const bigSky = center('Big Sky Ag Lending')
    const before = leadCount(bigSky.id)
    const response = await post('farm.localhost', `/financing?fcid=${bigSky.id}`, { ...goodMessage, email: 'jo@example', name: 'Jo' })
    expect(response.status).toBe(400)
    const html = decodeEntities(await response.text())
    expect(html).toContain('Please enter an email address in a valid format.')
    expect(html).toContain('Please enter valid full name.')
    expect(leadCount(bigSky.id)).toBe(before)
  })

  test('a good message is stored as a finance lead, e-mailed to the lender and confirmed after a redirect', async () => {
    const bigSky = center('Big Sky Ag Lending')
    const before = leadCount(bigSky.id)
    const response = await post('farm.localhost', `/financing?fcid=${bigSky.id}`, goodMessage)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`/financing?fcid=${bigSky.id}&sent=1#finance-contact`)
    expect(leadCount(bigSky.id)).toBe(before + 1)
    const lead = seeded.prepare('select * from finance_leads where finance_center_id = ? order by id desc limit 1').get(bigSky.id) as Record<string, unknown>
    expect(lead).toMatchObject({ site_id: sites.farm.siteId, listing_id: null, name: 'Jo Rancher', email: 'jo@example.com', wants_financing: 1 })
    const mail = smtp.received.find((message) => message.raw.includes('160 acres of grazing land'))
    expect(mail?.to).toEqual([bigSky.email])
    expect(mail?.raw).not.toContain('this property')
    const confirmation = decodeEntities(await (await fetchPage('farm.localhost', `/financing?fcid=${bigSky.id}&sent=1`)).text())
    expect(confirmation).toContain('Your message was sent to Big Sky Ag Lending.')
  })

  test('a filled honeypot is answered 429 and nothing is stored', async () => {
    const bigSky = center('Big Sky Ag Lending')
    const before = leadCount(bigSky.id)
    expect((await post('farm.localhost', `/financing?fcid=${bigSky.id}`, { ...goodMessage, website: 'http://spam.example' })).status).toBe(429)
    expect(leadCount(bigSky.id)).toBe(before)
  })

  test('the sixth message from one address within ten minutes is answered 429', async () => {
    const defaultCenter = center('American Rural Land Lending Cooperative')
    const statuses = []
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await post('hunting.localhost', `/financing?fcid=${defaultCenter.id}`, goodMessage, '203.0.113.77')).status)
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429])
  })
})
