import type { ListingSummary } from '~/models/listing-summary'
import type { SiteProfile } from './site-profile'

function slugPart(text: string) {
  return text
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** '42-acres-in-travis-county-tx': where the listing is, readable in its URL. */
export function listingLocationSlug(listing: Pick<ListingSummary, 'acres' | 'countyName' | 'stateAbbreviation'>) {
  const acres = Number.isInteger(listing.acres) ? String(listing.acres) : listing.acres.toFixed(2).replace(/0$/, '')
  return slugPart(`${acres} acres in ${listing.countyName} ${listing.stateAbbreviation}`)
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
