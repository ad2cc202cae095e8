import { describe, expect, test } from 'vitest'
import { minimumCountedSearches } from '~/models/places/popular.server'
import { countedDays } from '~/models/search/search-counts.server'
import { sites } from '~/sites/index'
import type { SiteProfile } from '~/models/sites/site-profile'
import { decodeEntities, productionPages } from '../support/http'

const { fetchPage, db } = productionPages()

async function pageHtml(host: string, path: string) {
  const response = await fetchPage(host, path)
  expect(response.status).toBe(200)
  return decodeEntities(await response.text())
}

function between(html: string, start: string, end: string) {
  const from = html.indexOf(start)
  expect(from, start).toBeGreaterThanOrEqual(0)
  return html.slice(from, html.indexOf(end, from))
}

const linkLabels = (html: string) => [...html.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((match) => match[1])

/**
 * The states by active listing count within the site's scope, most first, then by name; or, once
 * the site's browsers made `minimumCountedSearches` searches of states in the last 30 days, by
 * those searches first: plain SQL.
 */
function statesInFooterOrder(site: SiteProfile, { withListingsOnly }: { withListingsOnly: boolean }) {
  const scope = site.listingScopeBits === 0 ? '1 = 1' : `listings.property_types & ${site.listingScopeBits} != 0`
  const since = new Date(Date.now() - countedDays * 86_400_000).toISOString().slice(0, 10)
  const searched = `select state_id, sum(searches) as searches from search_counts where site_id = ${site.siteId} and day >= '${since}' and state_id != 0 group by state_id`
  const { total } = db.prepare(`select coalesce(sum(searches), 0) as total from (${searched})`).get() as { total: number }
  const rows = db
    .prepare(
      `select states.name, count(listings.id) as listings, coalesce(searched.searches, 0) as searches from states
       left join listings on listings.state_id = states.id and listings.status in (1, 2) and ${scope}
       left join (${searched}) as searched on searched.state_id = states.id
       group by states.id order by ${total >= minimumCountedSearches ? 'searches desc, ' : ''}listings desc, states.name`,
    )
    .all() as { name: string; listings: number }[]
  return rows.filter((row) => !withListingsOnly || row.listings > 0).map((row) => `${row.name} Land For Sale`)
}

/** Spec §2: 'Finance' joins the menu where the site has a lender for the place; a home page's place is the whole country. */
function withFinance(host: string, menuItems: string[]) {
  const site = Object.values(sites).find((profile) => host.startsWith(`${profile.key}.`))!
  if (!site.financeCenterFlag) return menuItems
  const column = site.financeCenterFlag.replace(/^showOn/, 'show_on_').toLowerCase()
  const lender = db
    .prepare(
      `select 1 from finance_centers join finance_center_locations on finance_center_locations.finance_center_id = finance_centers.id
       where active = 1 and ${column} = 1 and location_type = 3`,
    )
    .get()
  return lender ? [...menuItems, 'Finance'] : menuItems
}

describe('header and footer on every site', () => {
  test.each([
    [
      'land.localhost',
      ['Search Land', 'Search By State', 'Find Agents', 'Advertise', 'Add a Property', 'Sign up', 'Log in'],
      ['Popular States', 'Popular Searches', 'Resources', 'About Us', 'For Partners'],
    ],
    [
      'farm.localhost',
      ['Search Land', 'Search By State', 'Find Agents', 'Advertise', 'Add a Property', 'Sign up', 'Log in'],
      ['Farm & Ranch Real Estate by Type', 'Farm & Ranch Real Estate by State', 'About Us', 'For Partners'],
    ],
    [
      'hunting.localhost',
      ['Search Land', 'Search By State', 'Find Agents', 'Advertise', 'Add a Property', 'Sign up', 'Log in'],
      ['Recreational Land by Type', 'Hunting Land by State', 'About Us', 'For Partners'],
    ],
    ['value.localhost', ['Sign up', 'Log in'], ['Land Values', 'About Us']],
  ])('the %s home page has its menu and footer columns', async (host, menuItems, footerHeadings) => {
    const html = await pageHtml(host, '/')
    const menu = between(html, '<nav aria-label="Main"', '</nav>')
    const topItems = [...menu.matchAll(/<(?:summary|a) [^>]*class="menu-item[^"]*"[^>]*>([^<]+)/g)].map((match) => match[1])
    expect(new Set(topItems)).toEqual(new Set(withFinance(host, menuItems)))
    const footer = between(html, '<footer', '</footer>')
    expect([...footer.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1])).toEqual(footerHeadings)
    expect(footer).toContain(`© ${new Date().getFullYear()} `)
  })

  test.each(Object.values(sites))(
    "$name's footer links spec §2's external links: contact, privacy notice, cookie policy and privacy rights, each marked as another site's and tracked (spec §5)",
    async (site) => {
      const footer = between(await pageHtml(site.devHost, '/'), '<footer', '</footer>')
      for (const [label, href] of [
        ['Contact Us', site.externalLinks.contactUs],
        ['Privacy Notice', site.externalLinks.privacyNotice],
        ['Cookie Policy', site.externalLinks.cookiePolicy],
        ['Exercise Your Privacy Rights', site.externalLinks.privacyRights],
      ]) {
        expect(href).toMatch(/^https:\/\/[^?]+$/)
        expect(footer).toContain(`<a href="${href}?utm_source=${site.key}&utm_medium=referral" rel="external" class="hover:underline">${label}</a>`)
      }
    },
  )

  test('the land home page links the add-listing tool with its site id and utm tags, not for crawlers', async () => {
    const html = await pageHtml('land.localhost', '/')
    expect(html).toContain('<a href="/addlisting/?siteId=0&utm_source=land&utm_medium=referral" rel="nofollow"')
    expect(html).toContain('href="/termsofuse/"')
    expect(html).toMatch(/<a href="\/market-insights\/"[^>]*>Explore Farmland Data<\/a>/)
  })

  test('the valuation site links no search, broker or add-listing page', async () => {
    const html = await pageHtml('value.localhost', '/')
    expect(html).not.toMatch(/href="\/(?:search|addlisting|broker|land)[/"?]/)
  })

  test('the valuation site’s footer links the land values of the country, then of every state by listing count', async () => {
    const column = between(between(await pageHtml('value.localhost', '/'), '<footer', '</footer>'), '>Land Values</h2>', '</section>')
    const states = statesInFooterOrder(sites.value, { withListingsOnly: false }).map((label) => label.replace(/ Land For Sale$/, ' Land Values'))
    expect(linkLabels(column)).toEqual(['All states', ...states])
    expect(linkLabels(column.slice(0, column.indexOf('<details')))).toHaveLength(sites.value.footerStatesShown + 1)
    expect(column).toContain('<a href="/land-values/texas/"')
  })
})

describe('popular states in the footer', () => {
  test.each([
    ['land.localhost', sites.land, '/search/texas-land-for-sale/', 'Popular States'],
    ['farm.localhost', sites.farm, '/texas-land-for-sale', 'Farm & Ranch Real Estate by State'],
    ['hunting.localhost', sites.hunting, '/land', 'Hunting Land by State'],
  ])(
    '%s lists every state with listings by its listing count (or its searches), the first footerStatesShown before More states',
    async (host, site, searchPath, heading) => {
      const html = await pageHtml(host, searchPath)
      const column = between(between(html, '<footer', '</footer>'), `>${heading}</h2>`, '</section>')
      // Decision 0062: a state without listings is a noindex search, so the footer leaves it out.
      const expected = statesInFooterOrder(site, { withListingsOnly: true })
      expect(expected).not.toContain('District of Columbia Land For Sale')
      expect(linkLabels(column)).toEqual(expected)
      const shown = column.slice(0, column.indexOf('<details'))
      expect(linkLabels(shown)).toEqual(expected.slice(0, site.footerStatesShown))
    },
  )
})
