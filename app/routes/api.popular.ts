import { type SitePopularity, sitePopularity } from '~/models/places/popular.server'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { apiCall, apiError, apiJson, badRequest, methodNotAllowed, notFound } from './api.server'

/**
 * Spec §7 GET /api/popular/statenames/0 and /api/popular/PropertyTypeNames/0: the footer's popular
 * states and popular searches (the main land site's), in its order: by searches once enough are
 * counted, else by listings and the site's own list. The trailing 0 is read as a state id where
 * 0 is the whole country (spec §3 device info), the only scope a footer has.
 */
const lists = {
  statenames: (site: SiteProfile, { states }: SitePopularity) =>
    states.map((state) => ({
      name: state.name,
      abbreviation: state.abbreviation,
      href: buildSearchPath(site, normalizeCriteria({ state: state.slug.toLowerCase() })),
      listings: state.listings,
      searches: state.searches,
    })),
  PropertyTypeNames: (site: SiteProfile, { searches }: SitePopularity) =>
    searches.map((search) => ({ name: search.label, href: buildSearchPath(site, normalizeCriteria(search.criteria)), searches: search.searches })),
}

export const loader = apiCall({ name: 'popular', limit: 60, windowMs: 60_000 }, async ({ params, site, db }) => {
  // Spelled as the spec spells them: the route's `:list` matches any case.
  const list = Object.hasOwn(lists, params.list ?? '') ? lists[params.list as keyof typeof lists] : notFound('No such list.')
  if (params.scope !== '0') badRequest('Only 0, the whole country, is supported.')
  if (!site.searchGrammar) notFound(`${site.name} has no search.`)
  return apiJson(list(site, await sitePopularity(db, site)))
})

// Another call under /api/popular/ is no call at all; a list's is a GET.
export const action = async ({ params }: { params: { list?: string } }) =>
  Object.hasOwn(lists, params.list ?? '') ? methodNotAllowed() : apiError(404, 'No such call.')
