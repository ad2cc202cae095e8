import type { ListingSummary } from '~/models/listings/listing-summary'
import { urlSlug } from '~/utils/url-slug'
import type { SiteProfile } from '~/models/sites/site-profile'

/** '42-acres-in-travis-county-tx': where the listing is, readable in its URL. */
function listingLocationSlug(listing: Pick<ListingSummary, 'acres' | 'countyName' | 'stateAbbreviation'>) {
  // '0.91' reads '0-91', not '091': the slug would drop the decimal point and misstate the size.
  const acres = (Number.isInteger(listing.acres) ? String(listing.acres) : listing.acres.toFixed(2).replace(/0$/, '')).replace('.', '-')
  return urlSlug(`${acres} acres in ${listing.countyName} ${listing.stateAbbreviation}`)
}

/**
 * The canonical detail URL of a listing on a site (spec §2 route lists): land
 * /property/{location}/{id}/, farm /property/{location}-{id}/, hunting /{location}/pid/{id}/.
 */
export function listingPath(site: SiteProfile, listing: Pick<ListingSummary, 'id' | 'acres' | 'countyName' | 'stateAbbreviation'>) {
  const location = listingLocationSlug(listing)
  switch (site.listingPathStyle) {
    case 'property-folder':
      return `/property/${location}/${listing.id}/`
    case 'property-suffix':
      return `/property/${location}-${listing.id}/`
    case 'pid':
      return `/${location}/pid/${listing.id}/`
  }
}

// Ids stay below 10 digits: a safe integer, and no URL can ask the database for a huge number.
const idPattern = /^\d{1,9}$/

function toId(segment: string | undefined) {
  return segment !== undefined && idPattern.test(segment) && Number(segment) > 0 ? { listingId: Number(segment) } : undefined
}

/**
 * Which listing a detail path names, for every detail shape of the site (spec §2): land
 * /property/{location}/{id}/, /property/{id} and /listing/{…}/{id}; farm /property/{location}-{id}/;
 * hunting /pid/{id}/… and /{location}/pid/{id}/…. Only the id counts: the route answers another
 * slug with a 301 to `listingPath`. Undefined (a 404) for any other shape, and on a site without
 * listing pages.
 */
export function parseListingPath(site: SiteProfile, pathname: string): { listingId: number } | undefined {
  if (!site.searchGrammar) return undefined
  const segments = pathname.split('/').filter(Boolean)
  switch (site.listingPathStyle) {
    case 'property-folder': {
      const [head, ...rest] = segments
      if (head === 'listing') return toId(rest.filter((segment) => idPattern.test(segment)).at(-1))
      if (head !== 'property' || rest.length < 1 || rest.length > 2) return undefined
      return toId(rest.at(-1))
    }
    case 'property-suffix': {
      const [head, slug, ...rest] = segments
      if (head !== 'property' || rest.length > 0) return undefined
      return toId(slug?.match(/(?:^|-)(\d+)$/)?.[1])
    }
    case 'pid': {
      const pidIndex = segments.indexOf('pid')
      return pidIndex === 0 || pidIndex === 1 ? toId(segments[pidIndex + 1]) : undefined
    }
  }
}
