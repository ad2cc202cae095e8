import { sitemapPath } from '~/models/sitemaps/sitemap-path'
import { parse } from 'node-html-parser'
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, describe, expect, test } from 'vitest'
import { SiteFooter } from '~/components/site-footer'
import { SiteHeader, type SiteHeaderProps } from '~/components/site-header'
import { FramePartsProvider } from '~/document/frame'
import { navigationMarkup } from '~/document/frame-parts.server'
import type { Viewer } from '~/models/accounts/viewer'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { brokerDirectoryPath } from '~/models/brokers/broker-path'
import { nationalLandingPath } from '~/models/places/landing-path'
import { landFeedStatesPath } from '~/sites/partner-paths'
import { sites } from '~/sites/index'
import { type FooterSection, type NavigationLink, type NavigationState, menuLinksOf, siteNavigation } from '~/sites/navigation'
import { parseSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { decodeEntities } from '../support/http'
import { openTestDatabase } from '../support/test-database'

const db = openTestDatabase()
afterAll(() => db.close())

/** Every state of the seeded gazetteer, each with a listing, in a fixed order that is not alphabetical (as if by listing count). */
const states = db.prepare('select name, slug, 1 as listings from states order by abbreviation desc').all() as NavigationState[]
const statesByName = [...states].sort((a, b) => a.name.localeCompare(b.name))

const searchSites = [sites.land, sites.farm, sites.hunting]

function allLinks(site: SiteProfile): NavigationLink[] {
  const { menu, footer } = siteNavigation(site, states)
  const optional = [menu.findAgents, menu.advertise, menu.addProperty].filter((link) => link !== undefined)
  return [...[...menu.searchLand, ...menu.searchByState].flatMap((group) => group.links), ...optional, ...footer.sections.flatMap((section) => section.links)]
}

function section(site: SiteProfile, heading: string): FooterSection {
  const found = siteNavigation(site, states).footer.sections.find((candidate) => candidate.heading === heading)
  if (!found) throw new Error(`${site.name} has no footer section ${heading}`)
  return found
}

const labels = (links: NavigationLink[]) => links.map((link) => link.label)

/** A part of the page's frame as a page draws it: with the site's link panels and columns (app/document/frame-parts.server.tsx). */
function renderWithNavigation(site: SiteProfile, element: ReactElement) {
  return renderToStaticMarkup(createElement(FramePartsProvider, { value: navigationMarkup(siteNavigation(site, states)) }, element))
}

describe('menu links', () => {
  test.each(searchSites)('every search link of the $name menu and footer is a search its grammar reads back', (site) => {
    const internal = allLinks(site).filter(
      (link) => link.href.startsWith('/') && !['/', sitemapPath(site, { kind: 'home' }), '/addlisting/', brokerDirectoryPath(site)].includes(link.href),
    )
    const searches = internal.filter(
      (link) =>
        !link.href.startsWith('/addlisting/') &&
        link.href !== sellerPaths.listings &&
        !Object.values(site.contentPaths).includes(link.href) &&
        ![nationalLandingPath, landFeedStatesPath].includes(link.href),
    )
    expect(searches.length).toBeGreaterThan(60)
    for (const link of searches) expect(parseSearchPath(site, link.href), link.href).toMatchObject({ normalPath: link.href })
  })

  test('the land site menu offers the spec’s Explore Land lists as /search/ paths', () => {
    const [types, auctions, other] = siteNavigation(sites.land, states).menu.searchLand
    expect(types!.heading).toBe('Property Types')
    expect(labels(types!.links)).toEqual([
      'All Land',
      'Hunting Land',
      'Farms and Ranches',
      'Homes',
      'Timberland',
      'Commercial Land',
      'Homesites',
      'Recreational Land',
      'Horse Property',
      'Undeveloped Land',
    ])
    expect(types!.links[0]!.href).toBe('/search/all-land/')
    expect(auctions!.links.map((link) => link.href)).toEqual([
      '/search/auctions/',
      '/search/hunting-land-for-sale/auctions/',
      '/search/farms-for-sale/auctions/',
      '/search/residential-land-for-sale/auctions/',
    ])
    expect(other!.links).toEqual([
      { label: 'Owner Financing', href: '/search/all-land/owner-financing/' },
      { label: 'Waterfront', href: '/search/waterfront-for-sale/' },
    ])
  })

  test('the rural sites speak their own grammar in the menu', () => {
    const [farmTypes] = siteNavigation(sites.farm, states).menu.searchLand
    expect(farmTypes!.links[0]).toEqual({ label: 'Farms and Ranches', href: '/land/farms-and-ranches' })
    const texas = siteNavigation(sites.hunting, states)
      .menu.searchByState.flatMap((group) => group.links)
      .find((link) => link.label === 'Texas Land For Sale')
    expect(texas?.href).toBe('/texas-land-for-sale')
  })

  test.each([
    [sites.land, '/search/new-mexico-land-for-sale/'],
    [sites.farm, '/new-mexico-land-for-sale'],
  ])('Search By State on $name lists every state A to Z in five groups, the last with the rest', (site, newMexicoPath) => {
    const groups = siteNavigation(site, states).menu.searchByState
    expect(groups.map((group) => group.links.length)).toEqual([10, 10, 10, 10, states.length - 40])
    expect(groups.flatMap((group) => labels(group.links))).toEqual(statesByName.map((state) => `${state.name} Land For Sale`))
    expect(groups[0]!.heading).toBe(`${statesByName[0]!.name[0]} to ${statesByName[9]!.name[0]}`)
    expect(groups.flatMap((group) => group.links).find((link) => link.label === 'New Mexico Land For Sale')?.href).toBe(newMexicoPath)
  })

  test('a state without listings and a search that finds none are left out of the menu and footer, whose pages are noindex (decision 0062)', () => {
    const withEmptyDistrict = states.map((state) => (state.name === 'District of Columbia' ? { ...state, listings: 0 } : state))
    const { menu, footer } = siteNavigation(sites.farm, withEmptyDistrict, undefined, (href) => href !== '/land/waterfront')
    const links = [...menu.searchLand, ...menu.searchByState, ...footer.sections].flatMap((group) => group.links)
    expect(links.length).toBeGreaterThan(50)
    expect(labels(links)).not.toContain('District of Columbia Land For Sale')
    expect(labels(links)).toContain('Delaware Land For Sale')
    expect(links.map((link) => link.href)).not.toContain('/land/waterfront')
    expect(menu.searchByState.map((group) => group.links.length)).toEqual([10, 10, 10, 10, states.length - 41])
  })

  test.each([
    [sites.land, '/addlisting/?siteId=0&utm_source=land&utm_medium=referral', '/broker/', '/terms/advertising/'],
    [sites.farm, '/addlisting/?siteId=1080&utm_source=farm&utm_medium=referral', '/real-estate-agents/', '/advertising-terms/'],
    [sites.hunting, '/addlisting/?siteId=1113&utm_source=hunting&utm_medium=referral', '/find-agent/', '/advertising-terms'],
  ])('$name: Add a Property, Find Agents and Advertise go to the site’s own pages', (site, addListing, directory, advertising) => {
    const { menu } = siteNavigation(site, states)
    expect(menu.addProperty).toEqual({ label: 'Add a Property', href: addListing, rel: 'nofollow' })
    expect(menu.findAgents).toEqual({ label: 'Find Agents', href: directory })
    expect(menu.advertise).toEqual({ label: 'Advertise', href: advertising })
  })

  test('the valuation site links to no search, listing or broker page it does not have, but to its land values and terms of use', () => {
    const { menu, footer } = siteNavigation(sites.value, states)
    expect(menu).toEqual({ searchLand: [], searchByState: [], findAgents: undefined, advertise: undefined, addProperty: undefined })
    const internal = footer.sections.flatMap((footerSection) => footerSection.links).filter((link) => link.href.startsWith('/'))
    const landValues = ['/land-values/', ...states.map((state) => `/land-values/${state.slug.toLowerCase()}/`)]
    expect(internal.map((link) => link.href).sort()).toEqual([...landValues, '/', '/sitemap/', sites.value.contentPaths.termsOfUse].sort())
  })
})

describe('footers', () => {
  test('the land site footer: Popular States (10 shown, most listings first), Popular Searches, Resources, About Us, For Partners, social links', () => {
    const { footer } = siteNavigation(sites.land, states)
    expect(footer.sections.map((footerSection) => footerSection.heading)).toEqual(['Popular States', 'Popular Searches', 'Resources', 'About Us', 'For Partners'])
    expect(labels(section(sites.land, 'For Partners').links)).toEqual(['Land Feed', 'Land Feed States', 'Farm Credit Listings', 'Farm Credit Leads'])
    const popular = section(sites.land, 'Popular States')
    expect(popular.shown).toBe(10)
    expect(labels(popular.links)).toEqual(states.map((state) => `${state.name} Land For Sale`))
    expect(section(sites.land, 'Popular Searches').links.every((link) => link.href.startsWith('/search/'))).toBe(true)
    expect(section(sites.land, 'Resources').links).toEqual([
      { label: 'Add a Property', href: '/addlisting/?siteId=0&utm_source=land&utm_medium=referral', rel: 'nofollow' },
      { label: 'Search Land for Sale', href: '/search/all-land/' },
      { label: 'Advertise', href: '/terms/advertising/' },
      { label: 'Explore Farmland Data', href: '/market-insights/' },
    ])
    expect(labels(section(sites.land, 'About Us').links)).toEqual([
      'Home',
      'Contact Us',
      'Terms and Conditions',
      'Privacy Notice',
      'Cookie Policy',
      'Exercise Your Privacy Rights',
      'Sitemap',
    ])
    expect(section(sites.land, 'About Us').links.find((link) => link.label === 'Terms and Conditions')?.href).toBe('/termsofuse/')
    expect(footer.socialLinks.length).toBeGreaterThan(0)
    expect(footer.socialLinks.every((link) => link.href.startsWith('https://'))).toBe(true)
  })

  test.each([
    [sites.farm, 10, '/about/termsandconditions/'],
    [sites.hunting, 5, '/terms-conditions'],
  ])('the $name footer: by type (5 shown), by state ($1 shown), About Us, For Partners', (site, statesShown, termsPath) => {
    const [byType, byState, about, partners] = siteNavigation(site, states).footer.sections
    expect(byType!.shown).toBe(5)
    expect(byType!.links.length).toBeGreaterThan(5)
    expect(byType!.links.every((link) => link.label.endsWith(' for Sale'))).toBe(true)
    expect(byState!.shown).toBe(statesShown)
    expect(byState!.links.length).toBe(states.length)
    expect(about!.heading).toBe('About Us')
    expect(about!.links.find((link) => link.label === 'Terms and Conditions')?.href).toBe(termsPath)
    expect(partners!.heading).toBe('For Partners')
    expect(labels(partners!.links)).toEqual(['Advertise a Listing', 'Advertise a Business', 'Rural Land Analytics', 'Manage Listings'])
  })

  test('the footer shows its collapsed lists behind a More expander and the current year', () => {
    const html = renderWithNavigation(
      sites.hunting,
      createElement(SiteFooter, { site: sites.hunting, socialLinks: siteNavigation(sites.hunting, states).footer.socialLinks }),
    )
    const byState = html.slice(html.indexOf('Hunting Land by State'))
    const shownStates = byState.slice(0, byState.indexOf('<details')).match(/<a /g)?.length
    expect(shownStates).toBe(5)
    expect(
      parse(html)
        .querySelectorAll('details > summary')
        .map((summary) => summary.text),
    ).toContain('More states')
    expect(decodeEntities(html)).toContain(`© ${new Date().getFullYear()} Wild Acres`)
  })
})

describe('header', () => {
  const seller: Viewer = { id: 7, contactName: 'Dana Reyes', email: 'dana@example.com', phone: null, isSeller: true }
  const buyer: Viewer = { ...seller, isSeller: false }

  function header(props: Partial<SiteHeaderProps> = {}) {
    const site = props.site ?? sites.land
    return decodeEntities(
      renderWithNavigation(
        site,
        createElement(SiteHeader, {
          site,
          menu: menuLinksOf(siteNavigation(site, states).menu),
          viewer: null,
          currentPath: '/search/texas-land-for-sale/?keywords=creek',
          isTransparent: false,
          ...props,
        }),
      ),
    )
  }

  test('a visitor sees Sign up and Log in (one address on every page: the login page reads the page from the Referer), and no account menu', () => {
    const html = header()
    expect(html).toContain('<a href="/signup/" class="menu-item">Sign up</a>')
    expect(html).toContain('<a href="/login" class="menu-item">Log in</a>')
    expect(html).not.toContain('My Account')
    expect(html).not.toContain('/logout')
  })

  test('a signed-in seller sees My Account with Favorites, Saved Searches, Manage Listings, Settings and a Log out form', () => {
    const html = header({ viewer: seller })
    expect(html).toContain('My Account')
    for (const href of ['/account/savedproperties/', '/account/savedsearches/', sellerPaths.listings, '/account/details/']) expect(html).toContain(`href="${href}"`)
    const logout = parse(html).querySelector('form[action="/logout"]')
    expect(logout?.getAttribute('method')).toBe('post')
    expect(logout?.querySelector('button[type="submit"]')?.text).toBe('Log out')
    expect(html).not.toContain('>Sign up<')
    expect(html).not.toContain('>Log in<')
  })

  test('Manage Listings is for sellers only', () => {
    expect(header({ viewer: seller })).toContain('>Manage Listings<')
    expect(header({ viewer: buyer })).not.toContain('>Manage Listings<')
  })

  test('Finance shows only when the page gives a finance link', () => {
    expect(header()).not.toContain('>Finance<')
    expect(header({ financeHref: '/financing?fcid=12' })).toContain('<a href="/financing?fcid=12" class="menu-item">Finance</a>')
  })

  test('the land site switches to its full menu at medium width, the other sites above the iPad Pro', () => {
    expect(header()).toMatch(/<header [^>]*data-full-menu="medium"/)
    expect(header({ site: sites.farm })).toMatch(/<header [^>]*data-full-menu="larger-than-ipad-pro"/)
    expect(header({ site: sites.hunting })).toMatch(/<header [^>]*data-full-menu="larger-than-ipad-pro"/)
  })

  test('the menu is rendered once for every width', () => {
    expect(header().match(/<nav aria-label="Main"/g)).toHaveLength(1)
    expect(header().match(/>Texas Land For Sale</g)).toHaveLength(1)
  })

  test('without menu data (an error before the root loaded) the header still names the site', () => {
    const html = header({ menu: undefined })
    const logoLink = /<a href="\/"[^>]*>(.*?)<\/a>/.exec(html)?.[1] ?? ''
    expect(logoLink.replace(/<[^>]+>/g, '')).toBe('LandAtlas home')
    expect(html).not.toContain('<nav')
  })
})
