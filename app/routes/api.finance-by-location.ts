import { financeCenterData, financeCenterForLocation, financeLocationOfPlaces } from '~/models/finance/finance-centers.server'
import { financeLocationType } from '~/models/listings/enumerations'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { apiCall, apiJson, badRequest, idListParam, integerParam, methodNotAllowed, notFound, requireThisSiteId } from './api.server'

const financeLocationTypes: readonly number[] = Object.values(financeLocationType)
const placeTypes: readonly number[] = [financeLocationType.state, financeLocationType.region, financeLocationType.county]

/**
 * Spec §7 GET /api/location/financeByLocationData/{siteId}/{locationType}/{ids joined by dash}: the
 * finance center for a place (finance location types: state 0, region 1, county 2, default 3,
 * unset -1; the default and unset take no ids), or `null` when none lends there; an id that names
 * no place is a 404.
 */
export const loader = apiCall({ name: 'financebylocation', limit: 60, windowMs: 60_000 }, async ({ params, site, db }) => {
  requireThisSiteId(site, params.siteId)
  const locationType = integerParam(params.locationType, 'locationType')
  if (!financeLocationTypes.includes(locationType)) badRequest(`locationType must be one of ${financeLocationTypes.join(', ')}.`)
  const ids = placeTypes.includes(locationType) ? idListParam(params.ids, { separator: '-', max: 10 }) : []
  const location = financeLocationOfPlaces(await loadGazetteer(db), locationType, ids) ?? notFound('No such place.')
  const center = await financeCenterForLocation(db, site, location)
  return apiJson(center && financeCenterData(center))
})

export const action = methodNotAllowed
