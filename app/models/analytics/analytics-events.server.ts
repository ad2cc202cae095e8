import type { Insertable, Kysely } from 'kysely'
import { z } from 'zod'
import type { AnalyticsEventTable, Database } from '~/models/db/db-schema'
import { maxEventsPerBeacon, pageTypes, type WebVital, webVitals } from './page-analytics'

/**
 * What a browser's beacon may carry (page-analytics.ts `DataLayerEvent`): anything else is refused
 * whole. Fields a tag manager adds to the data layer's objects are dropped.
 */
const pageType = z.enum(pageTypes)

/** The largest value of each vital worth keeping: ten minutes to paint, or a layout shift score no page reaches. */
const vitalLimits: Record<WebVital, number> = { LCP: 600_000, FCP: 600_000, CLS: 100 }

const beaconEvent = z
  .discriminatedUnion('event', [
    z.object({ event: z.literal('page'), pageType }),
    z.object({ event: z.literal('listing'), pageType, listingId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    z.object({ event: z.literal('search'), pageType, resultCount: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }),
    z.object({ event: z.literal('file-download'), pageType, file: z.string().regex(/^[a-z][a-z-]{0,39}$/) }),
    z.object({ event: z.literal('web-vital'), pageType, metric: z.enum(webVitals), value: z.number().nonnegative() }),
  ])
  .refine((event) => event.event !== 'web-vital' || event.value <= vitalLimits[event.metric], { message: 'Out of range', path: ['value'] })

export const beaconSchema = z.object({ events: z.array(beaconEvent).min(1).max(maxEventsPerBeacon) })

export type BeaconEvent = z.infer<typeof beaconEvent>

/** Stores one beacon's events for the site it was sent to. */
export async function recordAnalyticsEvents(db: Kysely<Database>, siteId: number, events: readonly BeaconEvent[], now: Date) {
  const createdAt = now.toISOString()
  const rows = events.map((event): Insertable<AnalyticsEventTable> => ({
    site_id: siteId,
    page_type: event.pageType,
    event: event.event,
    listing_id: event.event === 'listing' ? event.listingId : null,
    metric: event.event === 'web-vital' ? event.metric : null,
    value: event.event === 'web-vital' ? event.value : null,
    created_at: createdAt,
  }))
  await db.insertInto('analytics_events').values(rows).execute()
}
