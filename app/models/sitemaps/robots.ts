/**
 * robots.txt of a site (issue 7 §6). Crawlers may read every page and image; what they are kept
 * from is private, per-visitor or transactional: accounts and their login flows (/account/,
 * /login, /signup/, /logout, /reset/{key}, /lands-connector/), the seller's tool (/addlisting/),
 * script-less location lookups whose answers are redirects to canonical searches (/find?q=…;
 * a bare /find prefix would also close the hunting site's /find-agent/ directory), JSON
 * and beacons (/api/), ad clicks and impressions (/ads/), sellers' result downloads
 * (/download/), redirects to brokers' own sites (/propertylink/) and to a listing's pages elsewhere
 * (/externallink/, each a recorded 'external link click'), printable copies of listing
 * pages (/flyer/) and the error page (/error/). /resizedimages/ stays open: listing photos
 * belong in image search.
 */
const privatePaths = [
  '/account/',
  '/addlisting/',
  '/ads/',
  '/api/',
  '/download/',
  '/error/',
  '/externallink/',
  '/find?',
  '/flyer/',
  '/lands-connector/',
  '/login',
  '/logout',
  '/propertylink/',
  '/reset/',
  '/signup/',
]

/** Production points crawlers at the sitemap; any other environment keeps them out, as its noindex pages do. */
export function robotsTxt({ origin, isProduction }: { origin: string; isProduction: boolean }) {
  if (!isProduction) return 'User-agent: *\nDisallow: /\n'
  const rules = privatePaths.map((path) => `Disallow: ${path}`).join('\n')
  return `User-agent: *\n${rules}\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`
}
