import { describe, expect, test } from 'vitest'
import { listingEventType } from '~/models/listings/enumerations'
import { sites } from '~/sites/index'
import { brokerPagePath } from '~/models/brokers/broker-path'
import { listingPath } from '~/models/listings/listing-path'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'

const { fetchPage, db } = productionPages()
const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' }
const crawler = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }

const listing = (() => {
  const row = db
    .prepare(
      `select listings.id, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where listings.status = 1 and listings.listing_level != 3 order by listings.id limit 1 offset 40`,
    )
    .get() as { id: number; title: string; acres: number; countyName: string; stateAbbreviation: string }
  return { ...row, path: listingPath(sites.land, row) }
})()

const events = (eventType: number) =>
  (db.prepare('select count(*) as n from listing_events where listing_id = ? and event_type = ?').get(listing.id, eventType) as { n: number }).n

/** Events are written without holding up the page; give them a moment. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100))

describe('details viewed', () => {
  test('a person opening a listing records one view; a crawler and the return after a form do not', async () => {
    const before = events(listingEventType.detailsViewed)
    expect((await fetchPage('land.localhost', listing.path, { headers: browser })).status).toBe(200)
    expect((await fetchPage('land.localhost', listing.path, { headers: crawler })).status).toBe(200)
    expect((await fetchPage('land.localhost', `${listing.path}?sent=contact`, { headers: browser })).status).toBe(200)
    await settle()
    expect(events(listingEventType.detailsViewed)).toBe(before + 1)
  })
})

describe('search results shown', () => {
  const searchPath = '/search/all-land/page-5/'
  const shownEvents = (listingIds: number[]) =>
    (
      db
        .prepare(`select count(*) as n from listing_events where event_type = ? and listing_id in (${listingIds.map(() => '?').join(', ')})`)
        .get(listingEventType.searchResults, ...listingIds) as { n: number }
    ).n

  test('a person shown a page of results records one event for each listing on it; a crawler does not', async () => {
    // The crawler's answer names the listings, and (a crawler) records nothing.
    const page = await fetchPage('land.localhost', searchPath, { headers: crawler })
    expect(page.status).toBe(200)
    const listingIds = [...new Set([...(await page.text()).matchAll(/href="\/property\/[^"]+\/(\d+)\/"/g)].map((match) => Number(match[1])))]
    expect(listingIds).toHaveLength(25)
    const before = shownEvents(listingIds)
    expect((await fetchPage('land.localhost', searchPath, { headers: crawler })).status).toBe(200)
    expect((await fetchPage('land.localhost', searchPath, { headers: browser })).status).toBe(200)
    // Written after the answer, in the order of the requests: the person's events come last.
    await expect.poll(() => shownEvents(listingIds)).toBe(before + 25)
  })
})

describe('seller pages shown', () => {
  const broker = db
    .prepare(
      `select accounts.id, accounts.contact_name as contactName, accounts.company_name as companyName,
         (select count(*) from listings where listings.account_id = accounts.id and listings.status in (1, 2)) as active
       from accounts where accounts.is_free = 0 and exists (select 1 from listings where listings.account_id = accounts.id and listings.status in (1, 2))
       order by accounts.id limit 1`,
    )
    .get() as { id: number; contactName: string; companyName: string; active: number }
  const sellerEvents = (eventType: number) =>
    (
      db
        .prepare('select count(*) as n from listing_events where event_type = ? and listing_id in (select id from listings where account_id = ?)')
        .get(eventType, broker.id) as { n: number }
    ).n

  test('a person shown a broker’s page records seller viewed, and its listings page seller results, for each listing on it; a crawler neither', async () => {
    const shown = Math.min(broker.active, 25)
    const viewedBefore = sellerEvents(listingEventType.sellerViewed)
    const resultsBefore = sellerEvents(listingEventType.sellerResults)
    for (const headers of [browser, crawler]) {
      expect((await fetchPage('land.localhost', brokerPagePath(sites.land, broker)!, { headers })).status).toBe(200)
      expect((await fetchPage('land.localhost', brokerPagePath(sites.land, broker, 'listings')!, { headers })).status).toBe(200)
    }
    await settle()
    expect(sellerEvents(listingEventType.sellerViewed)).toBe(viewedBefore + shown)
    expect(sellerEvents(listingEventType.sellerResults)).toBe(resultsBefore + shown)
  })
})

describe('the printable flyer', () => {
  test('shows the listing, points crawlers at the listing page and records a printed flyer', async () => {
    const before = events(listingEventType.flyersPrinted)
    const response = await fetchPage('land.localhost', `/flyer/${listing.id}`, { headers: browser })
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    expect(html).toContain(`>${listing.title}</h1>`)
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
    expect(canonicalHref(html)).toBe(`http://land.localhost${listing.path}`)
    await settle()
    expect(events(listingEventType.flyersPrinted)).toBe(before + 1)
  })

  test('an unknown listing, a bad id and the valuation site answer 404', async () => {
    expect((await fetchPage('land.localhost', '/flyer/999999999')).status).toBe(404)
    expect((await fetchPage('land.localhost', '/flyer/abc')).status).toBe(404)
    expect((await fetchPage('value.localhost', `/flyer/${listing.id}`)).status).toBe(404)
  })
})

describe('events the page reports', () => {
  const report = (fields: Record<string, string>, origin = 'http://land.localhost') =>
    fetchPage('land.localhost', '/api/events', {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-for': '192.0.2.77' },
    })

  test('a phone click is recorded; an unknown event or listing is refused', async () => {
    const before = events(listingEventType.phoneClick)
    expect((await report({ listingId: String(listing.id), event: 'phone-click' })).status).toBe(204)
    expect(events(listingEventType.phoneClick)).toBe(before + 1)
    expect((await report({ listingId: String(listing.id), event: 'like' })).status).toBe(400)
    // Links to other sites are recorded by their redirect (below), not reported.
    expect((await report({ listingId: String(listing.id), event: 'external-link-click' })).status).toBe(400)
    expect((await report({ listingId: 'x', event: 'phone-click' })).status).toBe(400)
    expect((await report({ listingId: '999999999', event: 'phone-click' })).status).toBe(404)
    expect(events(listingEventType.phoneClick)).toBe(before + 1)
  })
})

describe('links to other sites (spec §3 external link types)', () => {
  /** The first active listing with an auction page and no tour whose owner matches `owner` (SQL on `accounts` and `listings`). */
  const auctionListing = (owner: string) =>
    db
      .prepare(
        `select listings.id, listings.title, listings.acres, listings.auction_url as auctionUrl, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
         from listings join accounts on accounts.id = listings.account_id join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where listings.status = 1 and listings.auction_url is not null and listings.virtual_tour_url is null and ${owner} order by listings.id limit 1`,
      )
      .get() as { id: number; title: string; acres: number; auctionUrl: string; countyName: string; stateAbbreviation: string }
  // A paying seller's listing; and one of a free account (spec §3 isFree), neither paid nor from a partner feed.
  const auction = auctionListing('accounts.is_free = 0 and listings.listing_level != 3 and listings.upgrade_level != -10')
  const freeAuction = auctionListing('accounts.is_free = 1 and listings.partner_id is null')
  const clicksOf = (listingId: number) =>
    (
      db.prepare('select count(*) as n from listing_events where listing_id = ? and event_type = ?').get(listingId, listingEventType.externalLinkClick) as {
        n: number
      }
    ).n
  const clicks = () => clicksOf(auction.id)

  test("an auction's page is a link on the listing, through a redirect that records the click and adds the tracking parameters (spec §5)", async () => {
    const html = decodeEntities(await (await fetchPage('land.localhost', listingPath(sites.land, auction), { headers: browser })).text())
    expect(html).toMatch(new RegExp(`<a href="/externallink/${auction.id}/auction" target="_blank" rel="nofollow noopener noreferrer"[^>]*>Auction details`))
    // No tour, no seller's page: no link to them.
    expect(html).not.toContain(`/externallink/${auction.id}/tour`)
    expect(html).not.toContain(`/externallink/${auction.id}/listing`)

    const before = clicks()
    const response = await fetchPage('land.localhost', `/externallink/${auction.id}/auction`, { headers: browser, redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${auction.auctionUrl}?utm_source=land&utm_medium=referral`)
    const byCrawler = await fetchPage('land.localhost', `/externallink/${auction.id}/auction`, { headers: crawler, redirect: 'manual' })
    expect(byCrawler.status).toBe(302)
    await settle()
    // A person's click counts; a crawler's does not.
    expect(clicks()).toBe(before + 1)
  })

  test('a link the listing does not have, an unknown kind or listing, and the valuation site answer 404', async () => {
    for (const [host, path] of [
      ['land.localhost', `/externallink/${auction.id}/tour`],
      ['land.localhost', `/externallink/${auction.id}/brochure`],
      ['land.localhost', '/externallink/999999999/auction'],
      ['land.localhost', '/externallink/abc/auction'],
      ['value.localhost', `/externallink/${auction.id}/auction`],
    ]) {
      expect((await fetchPage(host!, path!, { redirect: 'manual' })).status, path).toBe(404)
    }
  })

  test("a free account's link first shows a 'You are leaving' page naming where it goes; the click still counts", async () => {
    const before = clicksOf(freeAuction.id)
    const response = await fetchPage('land.localhost', `/externallink/${freeAuction.id}/auction`, { headers: browser, redirect: 'manual' })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = decodeEntities(await response.text())
    const destination = `${freeAuction.auctionUrl}?utm_source=land&utm_medium=referral`
    expect(html).toContain('<title>You are leaving LandAtlas</title>')
    expect(metaContent(html, 'robots')).toMatch(/^noindex/)
    expect(metaContent(html, 'description')).toContain('leads away from LandAtlas')
    expect(html).toMatch(/<h1[^>]*>You are leaving LandAtlas<\/h1>/)
    expect(html).toContain(`>${destination}</p>`)
    expect(html).toMatch(
      new RegExp(`<a href="${destination.replace(/[.?]/g, '\\$&')}" rel="nofollow noopener noreferrer"[^>]*>Continue to ${new URL(destination).host}</a>`),
    )
    expect(html).toContain(`<a href="${listingPath(sites.land, freeAuction)}" class="font-semibold text-brand underline">Back to the listing</a>`)
    await settle()
    expect(clicksOf(freeAuction.id)).toBe(before + 1)
  })
})
