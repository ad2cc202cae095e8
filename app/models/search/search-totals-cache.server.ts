import { LRUCache } from 'lru-cache'
import type { ListingSummary } from '~/models/listings/listing-summary'

/**
 * The totals of recent searches (number of matches, price range), their recently shown pages and
 * the listings of their drawn areas, kept in the process for a minute. Counting reads every match, while a page reads 25: paging
 * through or re-sorting the same search then costs only the page query, and the same landing
 * pages asked again and again (a state's first page) cost no query. Both change only when
 * listings change, so whatever writes a listing must call `noteListingsChanged(db)`; the time limit
 * bounds how stale an answer can get if something else (another process, a hand edit) changes
 * the table.
 */
export interface SearchTotals {
  total: number
  minPrice: number | null
  maxPrice: number | null
}

interface SearchCacheOptions {
  timeToLiveMilliseconds?: number
  maxEntries?: number
  now?: () => number
}

/**
 * A least-recently-used map from a search to its answer (lru-cache): concurrent askers share one
 * query, and a failed query is not an answer, so the next request asks again.
 */
export function createSearchCache<Value extends NonNullable<unknown>>({
  timeToLiveMilliseconds = 60_000,
  maxEntries = 1_000,
  now = Date.now,
}: SearchCacheOptions = {}) {
  const entries = new LRUCache<string, Value, () => Promise<Value>>({
    max: maxEntries,
    ttl: timeToLiveMilliseconds,
    ttlResolution: 0,
    perf: { now },
    fetchMethod: (_key, _stale, { context: compute }) => compute(),
  })
  return {
    get size() {
      return entries.size
    },
    clear() {
      entries.clear()
    },
    /** The cached answer for `key`, or `compute()`'s, stored. */
    answerFor(key: string, compute: () => Promise<Value>): Promise<Value> {
      return entries.forceFetch(key, { context: compute })
    },
  }
}

type SearchCache<Value extends NonNullable<unknown>> = ReturnType<typeof createSearchCache<Value>>

// One cache per database handle, so two databases in one process (tests) never share answers.
let totalsByDatabase = new WeakMap<object, SearchCache<SearchTotals>>()
let pagesByDatabase = new WeakMap<object, SearchCache<ListingSummary[]>>()
let areasByDatabase = new WeakMap<object, SearchCache<number[]>>()

function cacheFor<Value extends NonNullable<unknown>>(caches: WeakMap<object, SearchCache<Value>>, db: object, options?: SearchCacheOptions) {
  let cache = caches.get(db)
  if (!cache) {
    cache = createSearchCache<Value>(options)
    caches.set(db, cache)
  }
  return cache
}

export function searchTotalsCacheFor(db: object) {
  return cacheFor(totalsByDatabase, db)
}

/** Fewer pages than totals are kept: a page is 25 listings. */
export function searchPagesCacheFor(db: object) {
  return cacheFor(pagesByDatabase, db, { maxEntries: 200 })
}

/** The listings in recently searched drawn areas (drawn-area.server.ts), by the area's URL spelling. */
export function searchAreasCacheFor(db: object) {
  return cacheFor(areasByDatabase, db, { maxEntries: 100 })
}

/** Forget every cached count, page and area: call after inserting, updating or deleting listings. */
export function clearSearchCaches() {
  totalsByDatabase = new WeakMap()
  pagesByDatabase = new WeakMap()
  areasByDatabase = new WeakMap()
}
