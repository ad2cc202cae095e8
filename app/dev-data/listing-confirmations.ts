import type { NewListing } from '~/models/db/db-schema'
import { marketStatus } from '~/models/listings/enumerations'
import { freshnessOf } from '~/models/trust/listing-history'
import { createRandom, mixSeed } from './random'

const dayMilliseconds = 86_400_000

/**
 * When the seller or feed last confirmed a seeded listing for sale is still for sale (issue 19
 * freshness). A feed seller's listings were confirmed by last night's import; most other sellers
 * touched theirs within the month, and one in twenty let theirs go unconfirmed for 90 to 170 days,
 * so the mark shows. None has passed 180 days on the day of the seed: every seeded listing for
 * sale is in search until the days pass (the minute jobs then take them out). Counted back from the
 * day the seed runs, like the demo activity (listing-events.ts), since freshness is read against
 * today's clock. A stream of its own, so every other generated value stays what it was.
 */
export function seedConfirmation(row: Pick<NewListing, 'id' | 'status' | 'created_at' | 'external_source_id'>, { seed, now }: { seed: number; now: Date }) {
  const random = createRandom(mixSeed(seed, 6, row.id ?? 0))
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const daysAgo = row.external_source_id
    ? random.float(0, 1)
    : random.weighted([
        [() => random.float(0, 30), 95],
        [() => random.float(90, 170), 5],
      ])()
  // Never before it was listed.
  const confirmedAt = new Date(Math.max(Date.parse(row.created_at), today - Math.round(daysAgo * dayMilliseconds))).toISOString()
  const confirmed = row.status === marketStatus.available || row.status === marketStatus.underContract ? confirmedAt : null
  return { confirmed_at: confirmed, freshness: freshnessOf({ status: row.status, confirmedAt: confirmed }, now) }
}
