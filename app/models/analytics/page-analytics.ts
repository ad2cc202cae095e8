/**
 * The data layer (spec §7 "Analytics pushes page, listing, search and file-download events to a
 * data layer; web vitals (CLS, FCP, LCP) go to it too"): `window.dataLayer`, the array a tag
 * manager reads. Every page pushes its page event, a listing page its listing and a search its
 * search; the browser pushes file downloads and web vitals (app/document/data-layer-runtime.ts), and
 * sends them all to our own endpoint (`analyticsPaths.beacon`).
 */

/** What kind of page a page view was, the unit the analytics page counts and times by. */
export const pageTypes = [
  'home',
  'search',
  'listing',
  'landing',
  'broker',
  'broker-directory',
  'valuation',
  'land-values',
  'financing',
  'content',
  'sitemap',
  'login',
  'account',
  'seller-tool',
  'not-found',
  'error',
  'other',
] as const

export type PageType = (typeof pageTypes)[number]

export const pageTypeLabels: Record<PageType, string> = {
  home: 'Home',
  search: 'Search results',
  listing: 'Listing',
  landing: 'Landing page',
  broker: 'Broker',
  'broker-directory': 'Broker directory',
  valuation: 'Valuation',
  'land-values': 'Land values',
  financing: 'Financing',
  content: 'Content page',
  sitemap: 'Sitemap',
  login: 'Log in and sign up',
  account: 'Account',
  'seller-tool': 'Seller tool',
  'not-found': 'Not found',
  error: 'Error',
  other: 'Other',
}

/** The web vitals measured in the browser: milliseconds for LCP and FCP, a score for CLS. */
export const webVitals = ['LCP', 'CLS', 'FCP'] as const
export type WebVital = (typeof webVitals)[number]

/** The events the site's data layer carries, each with the page type it happened on. */
export type DataLayerEvent =
  | { event: 'page'; pageType: PageType }
  | { event: 'listing'; pageType: PageType; listingId: number }
  | { event: 'search'; pageType: PageType; resultCount: number }
  | { event: 'file-download'; pageType: PageType; file: string }
  | { event: 'web-vital'; pageType: PageType; metric: WebVital; value: number }

export const dataLayerEventNames = ['page', 'listing', 'search', 'file-download', 'web-vital'] as const satisfies readonly DataLayerEvent['event'][]

/** What a page tells the data layer about itself: its type, and the listing or search it shows. */
export interface PageAnalytics {
  pageType: PageType
  listingId?: number
  resultCount?: number
}

/**
 * What a route's `handle` tells the data layer: its page type, or (for a route that draws several
 * kinds of page, or a listing or search) a function of its loader data. A route without one is 'other'.
 */
export interface AnalyticsHandle {
  analytics: PageType | ((data: unknown) => PageAnalytics)
}

export const analyticsPaths = {
  /** Where the browser sends data-layer events (navigator.sendBeacon). */
  beacon: '/api/analytics',
} as const

/** The attribute that marks a download link; its value names the file kind ('search-results'). */
export const downloadAttribute = 'data-download'

/** A download link's attribute, for the data layer's file-download event when it is clicked. */
export function downloadLinkProps(file: 'search-results' | 'leads') {
  return { [downloadAttribute]: file }
}

interface RouteMatch {
  handle: unknown
  data: unknown
}

/**
 * The page's analytics from its deepest route that declares them; an error page is 'not-found'
 * (a 404) or 'error' (`errorStatus` is the status the root error boundary shows, if it shows one).
 */
export function pageAnalyticsOf(matches: readonly RouteMatch[], errorStatus: number | undefined): PageAnalytics {
  if (errorStatus !== undefined) return { pageType: errorStatus === 404 ? 'not-found' : 'error' }
  for (let index = matches.length - 1; index >= 0; index--) {
    const { handle, data } = matches[index]!
    const analytics = (handle as Partial<AnalyticsHandle> | undefined)?.analytics
    if (analytics === undefined) continue
    if (typeof analytics === 'string') return { pageType: analytics }
    // A route whose own error boundary shows its failure has no data to read.
    return data === undefined ? { pageType: 'error' } : analytics(data)
  }
  return { pageType: 'other' }
}

/** The data-layer events of one page view: the page, and its listing or search. */
export function pageEvents({ pageType, listingId, resultCount }: PageAnalytics): DataLayerEvent[] {
  return [
    { event: 'page', pageType },
    ...(listingId === undefined ? [] : [{ event: 'listing' as const, pageType, listingId }]),
    ...(resultCount === undefined ? [] : [{ event: 'search' as const, pageType, resultCount }]),
  ]
}

/** The inline script that pushes a page's events as the page is parsed (no request, no module). */
export function dataLayerPushScript(events: readonly DataLayerEvent[]) {
  const items = events.map((event) => JSON.stringify(event).replace(/</g, '\\u003c')).join(',')
  return `(window.dataLayer=window.dataLayer||[]).push(${items})`
}

/** Pushes events to the data layer in the browser (a page reached by a client-side navigation). */
export function pushToDataLayer(events: readonly DataLayerEvent[]) {
  const layer = ((window as { dataLayer?: unknown[] }).dataLayer ??= [])
  layer.push(...events)
}

/** A beacon carries at most this many events (the endpoint refuses more). */
export const maxEventsPerBeacon = 25

/** Spec §7: third-party scripts load 2250 ms after page load. */
export const tagManagerDelayMs = 2250

/** The data layer's script element carries the tag manager's script address in this attribute, when one is configured. */
export const tagManagerAttribute = 'data-tag-manager'
