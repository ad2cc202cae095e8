import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brokerTypeOptions } from '~/models/brokers/broker-directory'
import { brokerPagePath } from '~/models/brokers/broker-path'
import { sites } from '~/sites/index'
import type { SiteProfile } from '~/models/sites/site-profile'
import { brokerDisplayName } from '~/utils/format'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'
import { startTestSmtpServer } from '../support/smtp'

/**
 * The broker directory, broker pages, listings pages and /propertylink on the production build,
 * checked against plain SQL over the seeded database (not the code under test).
 */
const { fetchPage, db } = productionPages()
const hosts = { land: 'land.localhost', farm: 'farm.localhost', hunting: 'hunting.localhost' } as const
type SiteKey = keyof typeof hosts
const siteKeys = Object.keys(hosts) as SiteKey[]

/** Active listings within a site's scope (spec §4 active; `listingScopeBits`). */
function activeOn(site: SiteProfile) {
  return `listings.status in (1, 2)${site.listingScopeBits ? ` and (listings.property_types & ${site.listingScopeBits}) != 0` : ''}`
}

/** Accounts with at least one active listing on the site: the directory's brokers. */
function directoryAccounts(site: SiteProfile, condition = '1 = 1') {
  return `select accounts.id, accounts.contact_name as contactName, accounts.company_name as companyName,
            (select count(*) from listings where listings.account_id = accounts.id and ${activeOn(site)}) as listingCount
          from accounts where (${condition}) and exists (select 1 from listings where listings.account_id = accounts.id and ${activeOn(site)})`
}

interface AccountRow {
  id: number
  contactName: string
  companyName: string
  listingCount: number
  email: string
}

function accounts(site: SiteProfile, condition: string, orderBy = 'accounts.id') {
  return db
    .prepare(`select rows.*, accounts.email from (${directoryAccounts(site, condition)}) as rows join accounts on accounts.id = rows.id order by ${orderBy}`)
    .all() as AccountRow[]
}

/** A paid broker with listings on every listing site. */
const everywhere = accounts(
  sites.land,
  `accounts.is_free = 0 and exists (select 1 from listings where listings.account_id = accounts.id and ${activeOn(sites.farm)}) and exists (select 1 from listings where listings.account_id = accounts.id and ${activeOn(sites.hunting)})`,
)[0]!
const freeSeller = accounts(sites.land, 'accounts.is_free = 1')[0]!

async function html(host: string, path: string, status = 200) {
  const response = await fetchPage(host, path, { headers: { accept: 'text/html' } })
  expect(response.status, path).toBe(status)
  return decodeEntities(await response.text())
}

function resultCount(page: string) {
  return Number(page.match(/>([\d,]+) results?[< ]/)?.[1]?.replaceAll(',', ''))
}

/** The names on the directory's broker cards, in page order. */
function cardNames(page: string) {
  return parse(page)
    .querySelectorAll('article h2 > a')
    .map((link) => link.text)
}

function jsonLdGraph(page: string): Record<string, unknown>[] {
  const json = page.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1]
  return JSON.parse(json ?? '{}')['@graph'] ?? []
}

function linkHref(page: string, rel: 'prev' | 'next') {
  return page.match(new RegExp(`<link rel="${rel}" href="([^"]*)"`))?.[1]
}

describe('broker directory', () => {
  test.each(siteKeys)('the %s site lists every broker with an active listing on it', async (key) => {
    const site = sites[key]
    const page = await html(hosts[key], { land: '/broker/', farm: '/real-estate-agents/', hunting: '/find-agent/' }[key])
    expect(resultCount(page)).toBe(accounts(site, '1 = 1').length)
    expect(page).toContain(`<title>Land Agents and Brokers | ${site.name}</title>`)
    expect(canonicalHref(page)).toMatch(/\/(broker|real-estate-agents|find-agent)\/$/)
    expect(metaContent(page, 'robots')).toMatch(/^index, follow/)
    expect(cardNames(page)).toHaveLength(Math.min(25, accounts(site, '1 = 1').length))
  })

  test('filtering by state and broker type counts what SQL counts, with the spec title', async () => {
    const [busiest] = db
      .prepare(
        `select states.id, states.name, lower(states.slug) as token, accounts.broker_type as type, count(*) as brokers
                from (${directoryAccounts(sites.land)}) as rows join accounts on accounts.id = rows.id join states on states.id = accounts.state_id
                group by states.id, accounts.broker_type order by brokers desc, states.id limit 1`,
      )
      .all() as { id: number; name: string; token: string; type: number; brokers: number }[]
    const type = brokerTypeOptions.find((option) => option.value === busiest!.type)!
    const statePage = await html('land.localhost', `/broker/${busiest!.token}/`)
    expect(resultCount(statePage)).toBe(accounts(sites.land, `accounts.state_id = ${busiest!.id}`).length)
    expect(statePage).toContain(`<title>${busiest!.name} Land Agents and Brokers | LandAtlas</title>`)
    const typePage = await html('land.localhost', `/broker/${busiest!.token}/${type.word}/`)
    expect(resultCount(typePage)).toBe(busiest!.brokers)
    const typeHeadings = {
      brokers: 'Land Brokers',
      agents: 'Land Agents',
      auctioneer: 'Land Auctioneers',
      owner: 'Property Owners Selling Land',
      retailer: 'Land Retailers',
    }
    expect(typePage).toContain(`<title>${busiest!.name} ${typeHeadings[type.word]} | LandAtlas</title>`)
    // The browse links lead to each state's page and each type's page, with their counts.
    expect(typePage).toContain(`href="/broker/${busiest!.token}/${type.word}/" aria-current="page"`)
    expect(statePage).toContain(`href="/broker/${busiest!.token}/${type.word}/"`)
  })

  test('the filter form is answered with a redirect to the path it names', async () => {
    const response = await fetchPage('land.localhost', '/broker/?name=&state=texas&type=auctioneer&sort=acres-desc')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/broker/texas/auctioneer/sort-acres-high/')
  })

  test('name A-Z, Z-A and most listings order the cards as SQL does', async () => {
    const byName = (direction: 'asc' | 'desc') =>
      accounts(sites.land, '1 = 1', `lower(coalesce(nullif(accounts.contact_name, ''), accounts.company_name)) ${direction}, accounts.id`).map((row) =>
        brokerDisplayName(row),
      )
    expect(cardNames(await html('land.localhost', '/broker/sort-az/'))).toEqual(byName('asc').slice(0, 25))
    expect(cardNames(await html('land.localhost', '/broker/sort-za/'))).toEqual(byName('desc').slice(0, 25))
    const mostListings = accounts(
      sites.land,
      '1 = 1',
      `rows.listingCount desc, lower(coalesce(nullif(accounts.contact_name, ''), accounts.company_name)), accounts.id`,
    )
    const page = await html('land.localhost', '/broker/sort-listings-high/')
    expect(cardNames(page)).toEqual(mostListings.slice(0, 25).map((row) => brokerDisplayName(row)))
    expect(metaContent(page, 'robots')).toBe('noindex, follow')
  })

  test('pages link to each other with rel prev and next, and a page past the last is a 404', async () => {
    const total = accounts(sites.land, '1 = 1').length
    const lastPage = Math.ceil(total / 25)
    expect(lastPage).toBeGreaterThan(2)
    const first = await html('land.localhost', '/broker/')
    expect(linkHref(first, 'next')).toBe('/broker/page-2/')
    expect(first).toContain('<a href="/broker/page-2/" rel="next"')
    const second = await html('land.localhost', '/broker/page-2/')
    expect(linkHref(second, 'prev')).toBe('/broker/')
    expect(linkHref(second, 'next')).toBe('/broker/page-3/')
    expect(second).toContain('<title>Land Agents and Brokers – Page 2 | LandAtlas</title>')
    expect(cardNames(await html('land.localhost', `/broker/page-${lastPage}/`))).toHaveLength(total - (lastPage - 1) * 25)
    await html('land.localhost', `/broker/page-${lastPage + 1}/`, 404)
  })

  test('a name search finds contact and company names and is noindex, follow', async () => {
    const name = (
      db.prepare(`select substr(contact_name, instr(contact_name, ' ') + 1) as last from accounts group by last order by count(*) desc, last limit 1`).get() as {
        last: string
      }
    ).last
    const expected = accounts(
      sites.land,
      `lower(accounts.contact_name) like '%${name.toLowerCase()}%' or lower(accounts.company_name) like '%${name.toLowerCase()}%'`,
    )
    expect(expected.length).toBeGreaterThan(0)
    const page = await html('land.localhost', `/broker/?name=${name}`)
    expect(resultCount(page)).toBe(expected.length)
    expect(metaContent(page, 'robots')).toBe('noindex, follow')
    expect(page).toContain(`value="${name}"`)
  })

  test('another spelling is redirected, and an unknown state, word or site is a 404', async () => {
    const response = await fetchPage('land.localhost', '/broker/Texas/Agents', { headers: { accept: 'text/html' } })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/broker/texas/agents/')
    await html('land.localhost', '/broker/atlantis/', 404)
    await html('land.localhost', '/broker/texas/realtors/', 404)
    await html('farm.localhost', '/broker/', 404)
    await html('hunting.localhost', '/real-estate-agents/', 404)
    await html('value.localhost', '/broker/', 404)
    await html('value.localhost', '/find-agent/', 404)
  })
})

describe('broker pages', () => {
  test.each(siteKeys)('the %s site shows the broker page on its own shape, with statistics and RealEstateAgent JSON-LD', async (key) => {
    const site = sites[key]
    const path = brokerPagePath(site, everywhere)!
    const page = await html(hosts[key], path)
    const name = brokerDisplayName(everywhere)
    expect(canonicalHref(page)).toBe(`http://${hosts[key]}${path}`)
    expect(page).toContain(`>${name}</h1>`)
    const active = (db.prepare(`select count(*) as count from listings where account_id = ? and ${activeOn(site)}`).get(everywhere.id) as { count: number }).count
    expect(page).toMatch(new RegExp(`<dt[^>]*>Active listings</dt><dd[^>]*>${active}</dd>`))
    expect(page).toContain('href="#contact-seller"')
    const agent = jsonLdGraph(page).find((node) => node['@type'] === 'RealEstateAgent')
    expect(agent).toMatchObject({ name, url: `http://${hosts[key]}${path}` })
  })

  test("the broker page's makesOffer names each priced listing it shows with its price, currency and availability", async () => {
    const page = await html('land.localhost', brokerPagePath(sites.land, everywhere)!)
    const agent = jsonLdGraph(page).find((node) => node['@type'] === 'RealEstateAgent') as { makesOffer: Record<string, unknown>[] }
    expect(agent.makesOffer.length).toBeGreaterThan(0)
    for (const offer of agent.makesOffer) {
      expect(offer).toMatchObject({
        '@type': 'Offer',
        priceCurrency: 'USD',
        availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|LimitedAvailability)$/),
      })
      expect(offer.price).toEqual(expect.any(Number))
      expect(offer.price as number).toBeGreaterThan(2)
      expect(page).toContain(`href="${new URL(offer.url as string).pathname}"`)
    }
  })

  test('a wrong slug is a 301 to the canonical one, an unknown id a 404', async () => {
    const response = await fetchPage('land.localhost', `/member/someone-else/${everywhere.id}`, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(brokerPagePath(sites.land, everywhere))
    const farm = await fetchPage('farm.localhost', `/broker/x-${everywhere.id}/`, { headers: { accept: 'text/html' } })
    expect(farm.headers.get('location')).toBe(brokerPagePath(sites.farm, everywhere))
    await html('land.localhost', '/member/nobody/99999999', 404)
  })

  test('on the land site /member/{id}/… stays the broker results search, and a non-numeric id falls back to search', async () => {
    const results = await html('land.localhost', `/member/${everywhere.id}/`)
    expect(results).toContain(
      `>${(db.prepare(`select count(*) as count from listings where account_id = ? and status in (1, 2)`).get(everywhere.id) as { count: number }).count} results<`,
    )
    await html('land.localhost', `/member/${everywhere.id}/sort-newest/`)
    // Spec §2: the directory's search for the name (decision 0062).
    const fallback = await fetchPage('land.localhost', '/member/jane-doe/not-a-number', { redirect: 'manual' })
    expect(fallback.status).toBe(301)
    expect(fallback.headers.get('location')).toBe('/broker/?name=jane+doe')
  })

  test("another site's broker shapes are 404s, and the valuation site has none", async () => {
    await html('farm.localhost', brokerPagePath(sites.land, everywhere)!, 404)
    await html('land.localhost', brokerPagePath(sites.hunting, everywhere)!, 404)
    await html('hunting.localhost', brokerPagePath(sites.farm, everywhere)!, 404)
    await html('value.localhost', brokerPagePath(sites.land, everywhere)!, 404)
  })

  test('a free seller has no broker page: its address leads to the listings page', async () => {
    const response = await fetchPage('land.localhost', brokerPagePath(sites.land, freeSeller)!, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(302)
    const listingsPath = brokerPagePath(sites.land, freeSeller, 'listings')!
    expect(response.headers.get('location')).toBe(listingsPath)
    const page = await html('land.localhost', listingsPath)
    expect(resultCount(page)).toBe(freeSeller.listingCount)
  })

  test("the listings page pages through all of a broker's listings", async () => {
    const [busiest] = accounts(sites.land, '1 = 1', 'rows.listingCount desc, accounts.id')
    expect(busiest!.listingCount).toBeGreaterThan(25)
    const first = await html('land.localhost', brokerPagePath(sites.land, busiest!, 'listings')!)
    expect(resultCount(first)).toBe(busiest!.listingCount)
    expect(linkHref(first, 'next')).toBe(brokerPagePath(sites.land, busiest!, 'listings', 2))
    const lastPage = Math.ceil(busiest!.listingCount / 25)
    await html('land.localhost', brokerPagePath(sites.land, busiest!, 'listings', lastPage)!)
    await html('land.localhost', brokerPagePath(sites.land, busiest!, 'listings', lastPage + 1)!, 404)
  })

  test("each site's broker page links the broker's website with the site's tracking parameters (spec §5), its JSON-LD the bare address", async () => {
    const [broker] = accounts(sites.land, 'accounts.is_free = 0 and accounts.website_url is not null')
    const { website } = db.prepare('select website_url as website from accounts where id = ?').get(broker!.id) as { website: string }
    expect(website).not.toContain('?')
    const checked: SiteKey[] = []
    for (const key of siteKeys) {
      const path = brokerPagePath(sites[key], broker!)
      if (!path || !(await fetchPage(hosts[key], path)).ok) continue
      const page = await html(hosts[key], path)
      const link = parse(page).querySelector('a[rel~="nofollow"][target="_blank"]')
      expect(link?.getAttribute('href')).toBe(`${new URL(website).href}?utm_source=${key}&utm_medium=referral`)
      const organization = jsonLdGraph(page).find((node) => (node.sameAs as string[] | undefined)?.length)
      expect(organization?.sameAs).toEqual([website])
      checked.push(key)
    }
    expect(checked).toContain('land')
  })

  test("/propertylink/{brokerId} leads to the broker's page on the site, and an unknown id is a 404", async () => {
    for (const key of siteKeys) {
      const response = await fetchPage(hosts[key], `/propertylink/${everywhere.id}`)
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe(brokerPagePath(sites[key], everywhere))
    }
    await html('land.localhost', '/propertylink/99999999', 404)
    await html('land.localhost', '/propertylink/abc', 404)
    await html('value.localhost', `/propertylink/${everywhere.id}`, 404)
  })
})

describe('a message to a broker', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>
  let addressCounter = 0
  beforeAll(async () => {
    smtp = await startTestSmtpServer()
    process.env.SMTP_URL = smtp.url
  })
  afterAll(async () => {
    delete process.env.SMTP_URL
    await smtp.stop()
  })

  const brokerLeads = (accountId: number) =>
    (db.prepare('select count(*) as count from leads where account_id = ? and listing_id is null').get(accountId) as { count: number }).count
  const goodMessage = {
    intent: 'contact',
    name: 'Pat Buyer',
    email: 'pat@example.com',
    phone: '(512) 555-0123',
    message: 'Do you have river frontage in the county?',
  }

  function post(host: string, path: string, fields: Record<string, string>) {
    addressCounter += 1
    return fetchPage(host, path, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${100 + addressCounter}`, origin: `http://${host}` },
    })
  }

  test('a bad e-mail is answered with the spec message and nothing is stored', async () => {
    const before = brokerLeads(everywhere.id)
    const response = await post('land.localhost', brokerPagePath(sites.land, everywhere)!, { ...goodMessage, email: 'pat@example' })
    expect(response.status).toBe(400)
    expect(decodeEntities(await response.text())).toContain('Please enter an email address in a valid format.')
    expect(brokerLeads(everywhere.id)).toBe(before)
  })

  test('a good message is stored as a lead without a listing, mailed to the broker, and confirmed', async () => {
    const path = brokerPagePath(sites.hunting, everywhere)!
    const before = brokerLeads(everywhere.id)
    const response = await post('hunting.localhost', path, goodMessage)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${path}?sent=contact#contact-seller`)
    expect(brokerLeads(everywhere.id)).toBe(before + 1)
    const mail = smtp.received.find((message) => message.raw.includes('Do you have river frontage in the county?'))
    expect(mail?.to).toEqual([everywhere.email])
    expect(await html('hunting.localhost', `${path}?sent=contact`)).toContain('Your message was sent.')
  })

  test('a free seller takes no messages, and the listings page takes no posts', async () => {
    expect((await post('land.localhost', brokerPagePath(sites.land, freeSeller)!, goodMessage)).status).toBe(403)
    expect((await post('land.localhost', brokerPagePath(sites.land, everywhere, 'listings')!, goodMessage)).status).toBe(405)
  })
})
