import type { LoaderFunctionArgs } from 'react-router'
import { siteFromRequest } from '~/sites/site.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { clientAddress, isRateLimited } from '~/http/rate-limit.server'
import type { Kysely } from 'kysely'
import { databaseContext } from '~/http/database.server'
import type { Database } from '~/models/db/db-schema'
import { redactSecrets } from '~/models/logs/secret-urls'
import { isSameOrigin, readBodyUpTo } from '~/http/request-guard.server'

/**
 * The spec §7 calls' common ground (issue 17 item 6): same-origin JSON, a rate limit per client
 * address and call, bad input answered with a 400 and `{ error }`, and no stack trace in any
 * answer. Each call's module is a handler wrapped in `apiCall`.
 */
export interface ApiRateLimit {
  /** Names the call's bucket: 'featureflag:203.0.113.7'. */
  name: string
  limit: number
  windowMs: number
}

export type ApiArgs = LoaderFunctionArgs & { site: SiteProfile; db: Kysely<Database> }

/** Answers are about this visitor or change at any moment: no cache keeps them. */
const noStore = { 'Cache-Control': 'no-store' }

export function apiJson(data: unknown, init: ResponseInit = {}) {
  return Response.json(data, { ...init, headers: { ...noStore, ...init.headers } })
}

export function apiError(status: number, error: string, headers: Record<string, string> = {}) {
  return apiJson({ error }, { status, headers })
}

/** Thrown by a handler for input it cannot use; `apiCall` answers it as it is. */
export function badRequest(error: string): never {
  throw apiError(400, error)
}

export function notFound(error: string): never {
  throw apiError(404, error)
}

/**
 * A loader or action of a spec §7 call: refuses another site's request (403) and a client over
 * the call's limit (429), then runs the handler; a response it throws is the answer, and an
 * unexpected error is logged on one line with its path and answered with a bare JSON 500.
 */
export function apiCall(rateLimit: ApiRateLimit, handle: (args: ApiArgs) => Promise<Response>) {
  return async (args: LoaderFunctionArgs) => {
    const { request } = args
    const db = args.context.get(databaseContext)
    if (!isSameOrigin(request)) return apiError(403, 'Requests from other sites are refused.')
    if (await isRateLimited(db, `${rateLimit.name}:${clientAddress(request)}`, rateLimit)) {
      return apiError(429, 'Too many requests. Please try again later.', { 'Retry-After': String(Math.ceil(rateLimit.windowMs / 1000)) })
    }
    try {
      return await handle({ ...args, site: siteFromRequest(request), db })
    } catch (error) {
      if (error instanceof Response) return error
      const { pathname } = new URL(request.url)
      console.error(`[server error] ${request.method} ${redactSecrets(pathname)}`, error)
      return apiError(500, 'An error has occurred, website engineers have been notified')
    }
  }
}

/** The other method of a GET-only or POST-only call. */
export const methodNotAllowed = async () => apiError(405, 'Method not allowed.')

/** A call's `{siteId}`: this site's id (spec §1), else a 400. */
export function requireThisSiteId(site: SiteProfile, param: string | undefined) {
  if (param !== String(site.siteId)) badRequest(`siteId must be this site's id, ${site.siteId}.`)
}

/** Ids joined by `separator` ('12-34-56'): positive whole numbers, at most `max`, else a 400. */
export function idListParam(param: string | undefined, { separator, max }: { separator: string; max: number }) {
  const parts = (param ?? '').split(separator)
  if (parts.length > max) badRequest(`At most ${max} ids, please.`)
  if (!parts.every((part) => /^\d{1,9}$/.test(part) && Number(part) > 0)) badRequest(`Ids must be positive whole numbers joined by '${separator}'.`)
  return [...new Set(parts.map(Number))]
}

/** A whole number in the path, else a 400. */
export function integerParam(param: string | undefined, name: string) {
  if (!param || !/^-?\d{1,9}$/.test(param)) badRequest(`${name} must be a whole number.`)
  return Number(param)
}

const maxJsonBytes = 16_384

/** The request's JSON body (at most 16 KB, counted as it streams, else a 413), else a 400; JSON `null` is a value like any other. */
export async function readJsonBody(request: Request): Promise<unknown> {
  let body: Uint8Array<ArrayBuffer> | 'too-large'
  try {
    body = await readBodyUpTo(request, maxJsonBytes)
  } catch {
    return badRequest('The body must be JSON.')
  }
  if (body === 'too-large') throw apiError(413, 'The body is too large.')
  try {
    return JSON.parse(new TextDecoder().decode(body)) as unknown
  } catch {
    return badRequest('The body must be JSON.')
  }
}
