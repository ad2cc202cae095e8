import type { Insertable } from 'kysely'
import type { LeadTable, ListingEventTable } from '~/models/db/db-schema'
import { listingEventType } from '~/models/listings/enumerations'
import { firstNames, lastNames } from './names'
import { createRandom, mixSeed, type Random } from './random'

/**
 * Past buyer activity (spec §3 listing events) on the demo seller's listings, so the sellers'
 * statistics (issue 15 §6) have something to show after `npm start`. Only a dozen listings get
 * any: about 11,000 rows whatever the size of the seed. The counts come from the seed; the days
 * are counted back from the day the seed runs, not the fixed reference date, because statistics
 * read the last 90 days.
 */
export const demoActivityListingCount = 12
const days = 90
const dayMilliseconds = 86_400_000

// A listing's events on an ordinary weekday, by type: far more buyers see it in results than open it.
const dailyRates: [eventType: number, perDay: number][] = [
  [listingEventType.searchResults, 6],
  [listingEventType.detailsViewed, 1.5],
  [listingEventType.phoneClick, 0.12],
  [listingEventType.emailLead, 0.06],
  [listingEventType.flyersPrinted, 0.05],
  [listingEventType.sendToFriend, 0.03],
  [listingEventType.like, 0.08],
]

/** How many events happen in a day with `mean` expected (Knuth's method, fine for small means). */
function poisson(random: Random, mean: number) {
  const limit = Math.exp(-mean)
  let count = 0
  for (let product = random.next(); product > limit; product *= random.next()) count++
  return count
}

export function* generateListingEvents(
  listings: { id: number; created_at: string }[],
  { seed, siteId, now }: { seed: number; siteId: number; now: Date },
): Generator<Insertable<ListingEventTable>> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  for (const listing of listings) {
    const random = createRandom(mixSeed(seed, 4, listing.id))
    // Some listings draw far more buyers than others.
    const appeal = random.float(0.4, 2)
    const listedAt = Date.parse(listing.created_at)
    for (let daysBack = days - 1; daysBack >= 0; daysBack--) {
      const dayStart = today - daysBack * dayMilliseconds
      // Today has had only its hours so far; buyers browse more at weekends.
      const length = Math.min(dayMilliseconds, now.getTime() - dayStart)
      const weekend = [0, 6].includes(new Date(dayStart).getUTCDay()) ? 1.4 : 1
      for (const [eventType, perDay] of dailyRates) {
        for (let count = poisson(random, perDay * appeal * weekend * (length / dayMilliseconds)); count > 0; count--) {
          const at = dayStart + Math.floor(random.next() * length)
          if (at >= listedAt) yield { listing_id: listing.id, site_id: siteId, event_type: eventType, created_at: new Date(at).toISOString() }
        }
      }
    }
  }
}

const leadMessages = [
  'Is the property still available? I would like to walk it this month.',
  'Does the land have road access all year, and is there power at the road?',
  'Could you send the survey and any easements? We are pre-approved.',
  'Is there water on the property (well, creek or pond)?',
  'Would the owner consider financing part of the price?',
]

/** Each e-mail lead event's message in the seller's inbox: a made-up buyer, one of a few questions, read once older than a week. */
export function demoLeadsOf(
  events: readonly Insertable<ListingEventTable>[],
  { seed, accountId, now }: { seed: number; accountId: number; now: Date },
): Insertable<LeadTable>[] {
  const random = createRandom(mixSeed(seed, 5, accountId))
  return events
    .filter((event) => event.event_type === listingEventType.emailLead)
    .map((event, index) => {
      const name = `${random.pick(firstNames)} ${random.pick(lastNames)}`
      const isOld = now.getTime() - Date.parse(event.created_at) > 7 * dayMilliseconds
      return {
        listing_id: event.listing_id,
        account_id: accountId,
        site_id: event.site_id,
        name,
        email: `buyer${index + 1}@example.com`,
        phone: random.next() < 0.6 ? `(512) 555-${String(1000 + index).slice(-4)}` : null,
        message: random.pick(leadMessages),
        wants_financing: random.next() < 0.25 ? 1 : 0,
        created_at: event.created_at,
        read_at: isOld ? event.created_at : null,
        // The older leads were answered, one to five hours on: the demo seller earns a reply-time figure.
        answered_at: isOld ? new Date(Date.parse(event.created_at) + (1 + (index % 5)) * 3_600_000).toISOString() : null,
      }
    })
}
