import type { SiteProfile } from '~/models/sites/site-profile'
import { cssRgb } from '~/utils/css-rgb'

/** Where every site's icon is: one SVG drawn from the site's profile, so a new site brings its own. */
export const siteIconPath = '/favicon.svg'

/** The icon's letters: the first of each part of the wordmark ('Land' 'Atlas' → 'LA'). */
function initials(site: SiteProfile) {
  return site.wordmark.map((part) => part.trim().charAt(0).toUpperCase()).join('')
}

/** The site's icon: its initials in its brand colours. */
export function siteIconSvg(site: SiteProfile) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${cssRgb(site.theme.brand)}"/><text x="32" y="43" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="28" font-weight="700" fill="${cssRgb(site.theme.brandContrast)}">${initials(site)}</text></svg>`
}

/**
 * The icon as the pages name it: written into the page (a few hundred bytes), not fetched. The
 * browser fetched /favicon.svg as the page loaded, and on a rural link over HTTP/1.1 that was one
 * more connection beside the page's photo (decision 0040).
 */
export function siteIconDataUrl(site: SiteProfile) {
  return `data:image/svg+xml,${encodeURIComponent(siteIconSvg(site))}`
}
