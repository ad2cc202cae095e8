import { isbot } from 'isbot'
import type { Kysely } from 'kysely'
import { redirect } from 'react-router'
import type { Database } from '~/models/db/db-schema'
import { findAdDestination, recordAdEvent } from '~/models/ads/ads.server'
import { parseAdId } from '~/sites/ad-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { clientAddress, isRateLimited } from '~/http/rate-limit.server'
import { assertSameOrigin } from '~/http/request-guard.server'
import { safeRedirectPath } from '~/utils/safe-redirect'

/** Per client address and ten minutes: more than a person clicks or scrolls past; the rest is not counted. */
const countedClicks = { limit: 30, windowMs: 10 * 60_000 }
const countedImpressions = { limit: 120, windowMs: 10 * 60_000 }

/** The ad a path names, if it can appear on this site, with where its link leads; a 404 otherwise. */
async function findShownAd(db: Kysely<Database>, site: SiteProfile, adIdSegment: string | undefined) {
  const adId = parseAdId(adIdSegment)
  const destination = adId === undefined ? undefined : await findAdDestination(db, site, adId)
  if (adId === undefined || !destination) throw new Response('Not Found', { status: 404 })
  return { adId, destination }
}

/** Counts an ad event by a person (not a crawler, not past the address's allowance); a failure to count is logged, never shown. */
async function countAdEvent(db: Kysely<Database>, site: SiteProfile, request: Request, adId: number, event: 'impression' | 'click') {
  if (isbot(request.headers.get('user-agent'))) return
  try {
    await recordAdEvent(db, { adId, siteId: site.siteId, event })
  } catch (error) {
    console.error(`[ad] ${event} of ad ${adId}`, error)
  }
}

/**
 * GET /ads/{id}/click (issue 17 §8): counts the click, then a 302 to the advertiser's contact
 * form (findAdDestination), a path on this site whatever the request says. An unknown ad, or
 * one this site does not show, is the site's 404 page.
 */
export async function adClickRedirect(db: Kysely<Database>, site: SiteProfile, request: Request, adIdSegment: string | undefined) {
  const { adId, destination } = await findShownAd(db, site, adIdSegment)
  if (!(await isRateLimited(db, `ad-click:${clientAddress(request)}`, countedClicks))) await countAdEvent(db, site, request, adId, 'click')
  return redirect(safeRedirectPath(destination, '/'), 302)
}

/**
 * POST /ads/{id}/impression, the slot's beacon (issue 17 §8): 204 when counted (or sent by a
 * crawler, which is not), 403 from another site, 404 for an ad this site does not show, 429
 * past the address's allowance.
 */
export async function recordAdImpression(db: Kysely<Database>, site: SiteProfile, request: Request, adIdSegment: string | undefined) {
  assertSameOrigin(request)
  const { adId } = await findShownAd(db, site, adIdSegment)
  if (await isRateLimited(db, `ad-impression:${clientAddress(request)}`, countedImpressions)) throw new Response('Too many requests', { status: 429 })
  await countAdEvent(db, site, request, adId, 'impression')
  return new Response(null, { status: 204 })
}
