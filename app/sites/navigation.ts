import { sitemapPath } from '~/models/sitemaps/sitemap-path'
import { siteExternalUrl } from './external-url'
import { type SearchCriteria, normalizeCriteria } from '~/models/search/search-criteria'
import { propertyTypeOptions } from '~/models/search/search-options'
import { brokerDirectoryPath } from '~/models/brokers/broker-path'
import { nationalLandingPath } from '~/models/places/landing-path'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { landFeedStatesPath } from './partner-paths'
import { landValuesPath } from '~/models/valuation/land-values-path'
import { buildSearchPath } from '~/models/search/search-path'
import type { FooterSectionSpec, SiteProfile } from '~/models/sites/site-profile'

/**
 * The header menu and footer links of a site (spec §2 "Header, menus, footer"), built on the
 * server from the profile and the states by listing count, so the browser gets plain links and
 * none of the URL grammar. A site without search (the valuation site) links to no search,
 * listing or broker page.
 */
export interface NavigationLink {
  label: string
  href: string
  /** The add-listing link is not for crawlers; the company's pages elsewhere (spec §2 external links) are another site's. */
  rel?: 'nofollow' | 'external'
}

export interface LinkGroup {
  heading: string
  links: NavigationLink[]
}

export interface SiteMenu {
  /** Spec §2 "Explore Land": Property Types, Auctions, Other Searches; empty without search. */
  searchLand: LinkGroup[]
  /** Spec §2: the states A to Z in five groups; empty without search. */
  searchByState: LinkGroup[]
  findAgents?: NavigationLink
  advertise?: NavigationLink
  addProperty?: NavigationLink
}

export interface FooterSection {
  heading: string
  links: NavigationLink[]
  /** How many links show before the 'More' expander (spec §9 collapsed lengths); all when absent. */
  shown?: number
  moreLabel?: string
}

export interface SiteFooterLinks {
  sections: FooterSection[]
  socialLinks: NavigationLink[]
}

export interface SiteNavigation {
  menu: SiteMenu
  footer: SiteFooterLinks
}

/**
 * The menu's single links, and which of its link panels it has: the panels are parts of the
 * document's frame (app/document/frame.tsx), drawn from the same navigation.
 */
export type MenuLinks = Pick<SiteMenu, 'findAgents' | 'advertise' | 'addProperty'> & { hasSearchLand: boolean; hasSearchByState: boolean }

export function menuLinksOf({ findAgents, advertise, addProperty, searchLand, searchByState }: SiteMenu): MenuLinks {
  return { findAgents, advertise, addProperty, hasSearchLand: searchLand.length > 0, hasSearchByState: searchByState.length > 0 }
}

/** A state as the menus need it: the gazetteer's name and slug ('New-Mexico'), and its active listings within the site's scope. */
export interface NavigationState {
  name: string
  slug: string
  listings: number
}

/** Spec §2: the other sites' footer shows five property types before its expander. */
const footerPropertyTypesShown = 5
const stateGroupCount = 5
const statesPerGroup = 10

function searchLink(site: SiteProfile, label: string, criteria: Partial<SearchCriteria>): NavigationLink {
  return { label, href: buildSearchPath(site, normalizeCriteria(criteria)) }
}

/**
 * Whether a search link of the menus and footer finds listings: one that finds none is a noindex
 * page (`isIndexableResultsPage`), so the navigation leaves it out while it is empty (decision 0062).
 */
export type SearchHasListings = (href: string) => boolean

/** The search links that find listings (decision 0062). */
function searchLinks(hasListings: SearchHasListings, links: NavigationLink[]) {
  return links.filter((link) => hasListings(link.href))
}

/** Spec §2: '/addlisting/?siteId={siteId}' with utm_source and utm_medium=referral. */
function addListingPath(site: SiteProfile) {
  return `/addlisting/?${new URLSearchParams({ siteId: String(site.siteId), utm_source: site.key, utm_medium: 'referral' })}`
}

function addListingLink(site: SiteProfile, label: string): NavigationLink {
  return { label, href: addListingPath(site), rel: 'nofollow' }
}

type MenuPropertyType = SiteProfile['menuPropertyTypes'][number]

function propertyTypeLabel(type: MenuPropertyType) {
  return type === 'all' ? 'All Land' : propertyTypeOptions.find((option) => option.key === type)!.label
}

function propertyTypeLinks(site: SiteProfile, hasListings: SearchHasListings, labelFor: (type: MenuPropertyType) => string) {
  return searchLinks(
    hasListings,
    site.menuPropertyTypes.map((type) => searchLink(site, labelFor(type), type === 'all' ? {} : { propertyTypes: [type] })),
  )
}

function advertiseLink(site: SiteProfile): NavigationLink | undefined {
  return site.contentPaths.advertisingTerms ? { label: 'Advertise', href: site.contentPaths.advertisingTerms } : undefined
}

/** Spec §2 "Explore Land": auctions (all, hunting, farms, homes), owner financing, waterfront. */
function searchLandGroups(site: SiteProfile, hasListings: SearchHasListings): LinkGroup[] {
  const auction = { transactionTypes: ['auction'] } satisfies Partial<SearchCriteria>
  const groups = [
    { heading: 'Property Types', links: propertyTypeLinks(site, hasListings, propertyTypeLabel) },
    {
      heading: 'Auctions',
      links: [
        searchLink(site, 'All Auctions', auction),
        searchLink(site, 'Hunting Land Auctions', { ...auction, propertyTypes: ['hunting-land'] }),
        searchLink(site, 'Farm Auctions', { ...auction, propertyTypes: ['farms'] }),
        // Spec §2 landing paths: home auctions are /search/residential-land-for-sale/auctions/.
        searchLink(site, 'Home Auctions', { ...auction, propertyTypes: ['residential-land'] }),
      ],
    },
    {
      heading: 'Other Searches',
      links: [searchLink(site, 'Owner Financing', { ownerFinancing: true }), searchLink(site, 'Waterfront', { propertyTypes: ['waterfront'] })],
    },
  ]
  return groups.map((group) => ({ ...group, links: searchLinks(hasListings, group.links) })).filter((group) => group.links.length > 0)
}

/**
 * Spec §2: the states in five alphabetical groups of 10; the last holds the rest (51 with the
 * District of Columbia). Each group is named by its first letters: 'A to G'.
 */
function stateGroups(states: { name: string; link: NavigationLink }[]): LinkGroup[] {
  const byName = [...states].sort((a, b) => a.name.localeCompare(b.name))
  const groups: LinkGroup[] = []
  for (let index = 0; index < stateGroupCount; index += 1) {
    const members = byName.slice(index * statesPerGroup, index === stateGroupCount - 1 ? undefined : (index + 1) * statesPerGroup)
    if (members.length === 0) break
    groups.push({ heading: `${members[0]!.name.charAt(0)} to ${members.at(-1)!.name.charAt(0)}`, links: members.map(({ link }) => link) })
  }
  return groups
}

/** A search link's label and criteria (`SiteProfile` footer lists, `sitePopularity` searches). */
export type NavigationSearch = { label: string; criteria: Partial<SearchCriteria> }

function footerSection(
  site: SiteProfile,
  spec: FooterSectionSpec,
  statesByPopularity: NavigationState[],
  stateLinks: NavigationLink[],
  popularSearches: readonly NavigationSearch[] | undefined,
  hasListings: SearchHasListings,
): FooterSection {
  switch (spec.kind) {
    case 'states':
      return { heading: spec.heading, links: stateLinks, shown: site.footerStatesShown, moreLabel: 'More states' }
    case 'land-values':
      return {
        heading: spec.heading,
        links: [
          { label: 'All states', href: landValuesPath() },
          ...statesByPopularity.map((state) => ({ label: `${state.name} Land Values`, href: landValuesPath(state.slug.toLowerCase()) })),
        ],
        shown: site.footerStatesShown + 1,
        moreLabel: 'More states',
      }
    case 'property-types':
      return {
        heading: spec.heading,
        links: propertyTypeLinks(site, hasListings, (type) => (type === 'all' ? 'Land for Sale' : `${propertyTypeLabel(type)} for Sale`)),
        shown: footerPropertyTypesShown,
        moreLabel: 'More property types',
      }
    case 'searches':
      return {
        heading: spec.heading,
        links: searchLinks(
          hasListings,
          (popularSearches ?? spec.searches).map(({ label, criteria }) => searchLink(site, label, criteria)),
        ),
      }
    case 'resources':
      return {
        heading: 'Resources',
        links: [
          addListingLink(site, 'Add a Property'),
          searchLink(site, 'Search Land for Sale', {}),
          advertiseLink(site),
          site.features.marketInsights ? { label: 'Explore Farmland Data', href: nationalLandingPath } : undefined,
        ].filter((link) => link !== undefined),
      }
    case 'about':
      return {
        heading: 'About Us',
        links: [
          { label: 'Home', href: '/' },
          { label: 'Contact Us', href: site.externalLinks.contactUs, rel: 'external' },
          ...(site.contentPaths.termsOfUse ? [{ label: 'Terms and Conditions', href: site.contentPaths.termsOfUse }] : []),
          { label: 'Privacy Notice', href: site.externalLinks.privacyNotice, rel: 'external' },
          { label: 'Cookie Policy', href: site.externalLinks.cookiePolicy, rel: 'external' },
          { label: 'Exercise Your Privacy Rights', href: site.externalLinks.privacyRights, rel: 'external' },
          { label: 'Sitemap', href: sitemapPath(site, { kind: 'home' }) },
        ],
      }
    case 'partners':
      return {
        heading: 'For Partners',
        links: [
          addListingLink(site, 'Advertise a Listing'),
          { label: 'Advertise a Business', href: spec.advertiseBusinessUrl },
          { label: 'Rural Land Analytics', href: spec.ruralLandAnalyticsUrl },
          { label: 'Manage Listings', href: sellerPaths.listings },
        ],
      }
    case 'partner-documentation':
      return { heading: 'For Partners', links: partnerDocumentationLinks(site) }
  }
}

/** The partner documentation a site publishes (the main land site: land feed and farm credit pages). */
function partnerDocumentationLinks(site: SiteProfile): NavigationLink[] {
  const { landFeedDocs, farmCreditListings, farmCreditLeads } = site.contentPaths
  return [
    ...(landFeedDocs
      ? [
          { label: 'Land Feed', href: landFeedDocs },
          { label: 'Land Feed States', href: landFeedStatesPath },
        ]
      : []),
    ...(farmCreditListings ? [{ label: 'Farm Credit Listings', href: farmCreditListings }] : []),
    ...(farmCreditLeads ? [{ label: 'Farm Credit Leads', href: farmCreditLeads }] : []),
  ]
}

/** Spec §5: the section's links to other sites carry the tracking parameters (its own paths are left as they are). */
function withTrackedExternalLinks(site: SiteProfile, section: FooterSection): FooterSection {
  return { ...section, links: section.links.map((link) => ({ ...link, href: siteExternalUrl(site, link.href) })) }
}

/**
 * The menu and footer of a site. `statesByPopularity` is every state, most popular first
 * (`sitePopularity`); empty when that count failed, which leaves the state lists empty (spec §8).
 * `popularSearches` replaces the profile's Popular Searches once searches are counted. A state
 * without listings, and the searches `hasListings` says find nothing, are left out (decision 0062).
 */
export function siteNavigation(
  site: SiteProfile,
  statesByPopularity: NavigationState[],
  popularSearches?: readonly NavigationSearch[],
  hasListings: SearchHasListings = () => true,
): SiteNavigation {
  const hasSearch = site.searchGrammar !== null
  // One link object per state, shared by the menu and the footer, so the page data names it once.
  const states = hasSearch
    ? statesByPopularity
        .filter((state) => state.listings > 0)
        .map((state) => ({ name: state.name, link: searchLink(site, `${state.name} Land For Sale`, { state: state.slug.toLowerCase() }) }))
    : []
  const stateLinks = states.map(({ link }) => link)
  const directory = brokerDirectoryPath(site)
  return {
    menu: {
      searchLand: hasSearch ? searchLandGroups(site, hasListings) : [],
      searchByState: stateGroups(states),
      findAgents: directory ? { label: 'Find Agents', href: directory } : undefined,
      advertise: advertiseLink(site),
      addProperty: hasSearch ? addListingLink(site, 'Add a Property') : undefined,
    },
    footer: {
      sections: site.footerSections.map((spec) =>
        withTrackedExternalLinks(site, footerSection(site, spec, statesByPopularity, stateLinks, popularSearches, hasListings)),
      ),
      socialLinks: site.socialLinks.map(({ network, url }) => ({ label: network, href: siteExternalUrl(site, url) })),
    },
  }
}

/** The hrefs of the menu and footer but the states' (counted with the states): the links `hasListings` may be asked about. */
export function hrefsBesideStates(navigation: SiteNavigation) {
  const stateHrefs = new Set(navigation.menu.searchByState.flatMap((group) => group.links.map((link) => link.href)))
  const groups = [...navigation.menu.searchLand, ...navigation.footer.sections]
  return new Set(groups.flatMap((group) => group.links.map((link) => link.href)).filter((href) => !stateHrefs.has(href)))
}
