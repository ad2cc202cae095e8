import { financeCenterData, findFinanceCenter } from '~/models/finance/finance-centers.server'
import { apiCall, apiJson, badRequest, integerParam, methodNotAllowed, notFound } from './api.server'

/** Spec §7 GET /api/content/financeCenterFullInfo/{id}: the finance center when this site shows it, else a 404. */
export const loader = apiCall({ name: 'financecenter', limit: 60, windowMs: 60_000 }, async ({ params, site, db }) => {
  const id = integerParam(params.id, 'id')
  if (id <= 0) badRequest('id must be a positive whole number.')
  const center = (await findFinanceCenter(db, site, id)) ?? notFound('No such finance center on this site.')
  return apiJson(financeCenterData(center))
})

export const action = methodNotAllowed
