import { maxViewedListings } from '~/models/listings/viewed-listing'
import { findViewedListings } from '~/models/listings/viewed-listings.server'
import { apiCall, apiJson, idListParam, methodNotAllowed, notFound } from './api.server'

/**
 * Spec §7 GET /api/Property/getviewedlistings/{ids joined by hyphen}: the listings the visitor
 * viewed (ids from the browser's storage), for the 'Recently viewed' strip; ids the site does not
 * show are left out.
 */
export const loader = apiCall({ name: 'viewedlistings', limit: 60, windowMs: 60_000 }, async ({ params, site, db }) => {
  if (!site.searchGrammar) notFound(`${site.name} has no listing pages.`)
  const ids = idListParam(params.ids, { separator: '-', max: maxViewedListings })
  return apiJson(await findViewedListings(db, site, ids))
})

export const action = methodNotAllowed
