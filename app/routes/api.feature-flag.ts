import { readConfig } from '~/config.server'
import { apiCall, apiJson, badRequest, methodNotAllowed } from './api.server'

/** Spec §7 GET /api/featureflag/{name}: `{ value }`, from FEATURE_FLAGS; a flag it does not name is off. */
export const loader = apiCall({ name: 'featureflag', limit: 120, windowMs: 60_000 }, async ({ params }) => {
  const name = params.name ?? ''
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(name)) badRequest('A flag name is 1 to 64 letters, digits, dots, dashes or underscores.')
  return apiJson({ value: readConfig().featureFlags[name] ?? false })
})

export const action = methodNotAllowed
