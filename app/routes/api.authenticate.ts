import { findLoginInfo } from '~/models/accounts/login-info.server'
import { getViewer, getViewerId } from '~/http/session.server'
import { apiCall, apiJson, methodNotAllowed, requireThisSiteId } from './api.server'

/**
 * Spec §7 GET /api/authenticate/isloggedin (a boolean) and /api/authenticate/logininfo/{siteId}
 * (spec §3 login info), from the session cookie: how the browser rechecks the login.
 */
export const loader = apiCall({ name: 'authenticate', limit: 120, windowMs: 60_000 }, async ({ request, params, site, db }) => {
  if (params.siteId === undefined) return apiJson((await getViewer(request)) !== null)
  requireThisSiteId(site, params.siteId)
  return apiJson(await findLoginInfo(db, await getViewerId(request)))
})

export const action = methodNotAllowed
