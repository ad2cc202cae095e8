/** Everything that differs between the four marketplaces (architecture "The four sites"). */
export type SiteKey = 'land' | 'farm' | 'hunting' | 'value'

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
  /** Wordmark split in two so the header can style the second word. */
  wordmark: [string, string]
  tagline: string
  description: string
  /** Canonical base URL in production; development uses the request's own origin. */
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
    mapSearch: boolean
    brokerDirectory: boolean
    marketInsights: boolean
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
  /** Spec §9: footer collapsed list lengths. */
  footerStatesShown: number
}

/** Spec §2 "Error page text" for status 500 or -1, the same on every site. */
export const serverErrorMessage = 'An error has occurred, website engineers have been notified'
