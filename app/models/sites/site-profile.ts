import type { SearchCriteria } from '~/models/search/search-criteria'
import type { PropertyTypeKey } from '~/models/search/search-options'

/** Everything that differs between the four marketplaces (architecture "The four sites"). */
export type SiteKey = 'land' | 'farm' | 'hunting' | 'value'

/** The content pages a site may publish (spec §2 screens: terms of use, advertising terms, photo-submission terms). */
export type ContentPageKind = 'termsOfUse' | 'advertisingTerms' | 'photoTerms' | 'landFeedDocs' | 'farmCreditListings' | 'farmCreditLeads'

/** Spec §3 finance center settings: which show-on flag admits a finance center to a site. */
export type FinanceCenterFlag = 'showOnLW' | 'showOnLAF' | 'showOnLOA'

export interface SiteTheme {
  /** Space-separated RGB channels, so Tailwind can apply opacity (`rgb(var(--color-brand) / 0.5)`). */
  brand: string
  brandContrast: string
  accent: string
  surface: string
  ink: string
  /** CSS font stack; system fonts only, so no font file crosses a slow connection. */
  fontFamily: string
}

export interface SiteProfile {
  key: SiteKey
  /** Spec §1 site ids. */
  siteId: number
  name: string
  /** Wordmark split in two so the header can style the second part; joined they read exactly `name` (the logo link's accessible name is its text). */
  wordmark: [string, string]
  tagline: string
  description: string
  /**
   * The site's public address as its texts name it (the terms' domain). Links are built on the
   * configured origin (`siteOrigin`, SITE_ORIGINS), never on this nor on a request header.
   */
  url: string
  devHost: string
  trackingContainerId: string
  /** Spec §1 placeholders, quoted exactly. */
  searchPlaceholder: string
  heroHeadline: string
  theme: SiteTheme
  wording: {
    /** Spec §2 "Error page text": the not-found sentence differs between the main site and the others. */
    notFound: string
  }
  features: {
    /**
     * Spec §2 "Map on search page only on the main land site": the results' List/Map toggle, the
     * map view (`?view=map`, its map routes) and the state map filter (spec §1).
     */
    mapSearch: boolean
    brokerDirectory: boolean
    marketInsights: boolean
    /** AcreWorth's valuations (issue 16): the form, a valuation's page, saved valuations and land-value pages. */
    valuation: boolean
    /**
     * Spec §1 "Ads appear on home, landing, search and detail pages": the first-party ad slot on
     * those pages (issue 17 §8). Off on the valuation site: its home is the valuation form, and it
     * has no landing or search pages.
     */
    ads: boolean
    /**
     * Spec §6: sellers' search-results Download button (and its CSV route), on the main land site
     * only; the button shows at wide widths (the list/map breakpoint, where the results' toolbar
     * has room for it).
     */
    searchDownload: boolean
  }
  /**
   * Which search path language the site speaks (spec §2 "Search URLs"): 'land' is
   * /search/{state}-land-for-sale/…, 'rural' is /{state}-land-for-sale/… and /land; null: no search.
   */
  searchGrammar: 'land' | 'rural' | null
  /** Property-type bits a listing needs to appear on the site; 0 shows every listing. */
  listingScopeBits: number
  listingPathStyle: 'property-folder' | 'property-suffix' | 'pid'
  /**
   * Which broker URLs the site speaks (spec §2 site route lists): 'member' is /member/{name}/{id}
   * with the directory at /broker/, 'broker-suffix' /broker/{name}-{id}/ with /real-estate-agents/,
   * 'profile' /profile/{name}/{id} with /find-agent/; null: no broker pages.
   */
  brokerPathStyle: 'member' | 'broker-suffix' | 'profile' | null
  /**
   * How the HTML sitemap's paths are spelled (spec §2 /sitemap/ variants, app/models/sitemaps/sitemap-path.ts):
   * the place slugs as stored ('Travis-County-TX') or lower-case, and where a trailing slash goes.
   */
  sitemapPaths: { lowerCase: boolean; trailingSlash: 'root' | 'always' | 'never' }
  /** Spec §9: footer collapsed list lengths. */
  footerStatesShown: number
  /** Where each of the site's content pages lives (spec §2 site routes); a kind left out is not published. */
  contentPaths: Partial<Record<ContentPageKind, string>>
  /** The finance center flag that shows a lender on this site; null: the site has no finance centers. */
  financeCenterFlag: FinanceCenterFlag | null
  /**
   * Spec §2 "Header, menus, footer": the screen (a Tailwind screen of spec §9) from which the full
   * menu shows; narrower screens get the mobile menu.
   */
  fullMenuScreen: 'medium' | 'larger-than-ipad-pro'
  /** Spec §9: the search page is in mobile mode (its filters behind the Filter button) below this screen: medium on the main land site, small elsewhere. */
  mobileSearchBelow: 'medium' | 'small'
  /** Spec §2 "Explore Land": the property types the menu and the footer's by-type list offer, in order ('all': all land). */
  menuPropertyTypes: readonly (PropertyTypeKey | 'all')[]
  /** Spec §2 "External links": pages outside the site. */
  externalLinks: { contactUs: string; privacyNotice: string; cookiePolicy: string; privacyRights: string }
  /** Spec §3 site settings 'contact support': the address the §8 login messages ask people to write to. */
  supportEmail: string
  /** The site's team, who read the feedback form's messages (spec §4 feedback modal). */
  feedbackEmail: string
  socialLinks: readonly { network: string; url: string }[]
  /** The footer's columns, in order (spec §2: the main land site's differ from the other sites'). */
  footerSections: readonly FooterSectionSpec[]
}

export type FooterSectionSpec =
  /** Every state by listing count, `footerStatesShown` of them before 'More states'. */
  | { kind: 'states'; heading: string }
  /** `menuPropertyTypes` as searches. */
  | { kind: 'property-types'; heading: string }
  | { kind: 'searches'; heading: string; searches: readonly { label: string; criteria: Partial<SearchCriteria> }[] }
  | { kind: 'resources' }
  | { kind: 'about' }
  | { kind: 'partners'; advertiseBusinessUrl: string; ruralLandAnalyticsUrl: string }
  /** The land feed and farm credit documentation of the site's `contentPaths` (issue 14). */
  | { kind: 'partner-documentation' }
  /** The land value pages (issue 16 §5): the country's, then every state's by listing count, `footerStatesShown` of them before 'More states'. */
  | { kind: 'land-values'; heading: string }
