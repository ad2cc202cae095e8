import type { ActionFunctionArgs } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { listingEventType } from '~/models/listings/enumerations'
import { findListingRecipient, recordListingEvent } from '~/models/listings/listing-activity.server'
import { siteFromRequest } from '~/sites/site.server'
import { clientAddress, isRateLimited } from '~/http/rate-limit.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import type { BrowserListingEvent } from '~/browser/listing-event-beacon'

/** Events the browser reports from a listing page (spec §3 listing event types); the server records the others where they happen. */
const browserEvents = {
  'phone-click': listingEventType.phoneClick,
} as const satisfies Record<BrowserListingEvent, number>

/** Records one listing event sent by the page (a beacon); answers 204, or 400/404/429. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await readFormData(request)
  const eventType = browserEvents[String(form.get('event')) as keyof typeof browserEvents]
  const listingId = Number(form.get('listingId'))
  if (!eventType || !Number.isSafeInteger(listingId) || listingId <= 0) throw new Response('Bad event', { status: 400 })
  const db = context.get(databaseContext)
  if (await isRateLimited(db, `event:${clientAddress(request)}`, { limit: 60, windowMs: 10 * 60_000 })) throw new Response('Too many requests', { status: 429 })
  if (!(await findListingRecipient(db, listingId))) throw new Response('Not Found', { status: 404 })
  await recordListingEvent(db, { listingId, siteId: siteFromRequest(request).siteId, eventType })
  return new Response(null, { status: 204 })
}
