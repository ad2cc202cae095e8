import { apiError } from './api.server'

/** Anything else under /api/ (another spelling of a spec §7 call included): a JSON 404, never the site's HTML page. */
export const loader = async () => apiError(404, 'No such call.')
export const action = loader
