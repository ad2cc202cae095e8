import { isbot } from 'isbot'
import type { Kysely } from 'kysely'
import { beaconSchema, recordAnalyticsEvents } from '~/models/analytics/analytics-events.server'
import type { Database } from '~/models/db/db-schema'
import type { SiteProfile } from '~/models/sites/site-profile'
import { clientAddress, isRateLimited } from '~/http/rate-limit.server'
import { assertSameOrigin, readBodyUpTo } from '~/http/request-guard.server'

/**
 * POST /api/analytics: one beacon of data-layer events from a page of this site (issue 17 §7).
 * Only the site's own pages may send (Origin), within a size and a rate: a browser sends a few
 * beacons a page, so the limits bound what a script can store without touching a visitor.
 */

/** navigator.sendBeacon always says its length; 25 events take about 3 KB. */
const maxBodyBytes = 16 * 1024

/** Per client address: a visitor sends two or three beacons a page; an office or a carrier's NAT shares one address. */
const clientLimit = { limit: 600, windowMs: 10 * 60_000 }

/** Per process, whoever sends: what the events table may grow by in an hour. */
const processLimit = { limit: 50_000, windowMs: 60 * 60_000 }

const refuse = (status: number, error: string) => Response.json({ error }, { status })

export async function receiveAnalyticsBeacon(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const length = Number(request.headers.get('content-length'))
  if (!request.headers.has('content-length') || !Number.isSafeInteger(length)) return refuse(411, 'A beacon says its length.')
  if (length > maxBodyBytes) return refuse(413, 'The beacon is too large.')
  if ((await isRateLimited(db, `analytics:${clientAddress(request)}`, clientLimit)) || (await isRateLimited(db, 'analytics', processLimit))) {
    return refuse(429, 'Too many beacons.')
  }
  let body: unknown
  try {
    // Counted as it streams: the length it said is not taken on trust.
    const bytes = await readBodyUpTo(request, maxBodyBytes)
    if (bytes === 'too-large') return refuse(413, 'The beacon is too large.')
    body = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return refuse(400, 'The beacon is not JSON.')
  }
  const beacon = beaconSchema.safeParse(body)
  if (!beacon.success) return refuse(400, 'The beacon does not hold data-layer events.')
  // Crawlers that run scripts are not visitors; they are told nothing different.
  if (!isbot(request.headers.get('user-agent'))) await recordAnalyticsEvents(db, site.siteId, beacon.data.events, new Date())
  return new Response(null, { status: 204 })
}
