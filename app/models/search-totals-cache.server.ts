/**
 * The totals of recent searches (number of matches, price range), kept in the process for a
 * minute. Counting reads every match, while a page reads 25: paging through or re-sorting the
 * same search, and the same landing pages asked again and again, then cost only the page query.
 * Counts change only when listings change, so whatever writes a listing must call
 * `clearSearchTotalsCache()`; the time limit bounds how stale a count can get if something
 * else (another process, a hand edit) changes the table.
 */
export interface SearchTotals {
  total: number
  minPrice: number | null
  maxPrice: number | null
}

interface CacheEntry {
  totals: Promise<SearchTotals>
  expiresAt: number
}

interface TotalsCacheOptions {
  timeToLiveMilliseconds?: number
  maxEntries?: number
  now?: () => number
}

/**
 * A least-recently-used map from a totals query (its SQL and parameters) to its answer. A Map
 * keeps insertion order, so re-inserting on every hit leaves the oldest entry first.
 */
export function createTotalsCache({ timeToLiveMilliseconds = 60_000, maxEntries = 1_000, now = Date.now }: TotalsCacheOptions = {}) {
  const entries = new Map<string, CacheEntry>()
  return {
    get size() {
      return entries.size
    },
    clear() {
      entries.clear()
    },
    /** The cached totals for `key`, or `compute()`'s, stored; concurrent askers share one query. */
    totalsFor(key: string, compute: () => Promise<SearchTotals>): Promise<SearchTotals> {
      const found = entries.get(key)
      entries.delete(key)
      if (found && found.expiresAt > now()) {
        entries.set(key, found)
        return found.totals
      }
      const totals = compute()
      const entry = { totals, expiresAt: now() + timeToLiveMilliseconds }
      entries.set(key, entry)
      // A failed query is not an answer: forget it so the next request asks again.
      totals.catch(() => {
        if (entries.get(key) === entry) entries.delete(key)
      })
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break
        entries.delete(oldest)
      }
      return totals
    },
  }
}

type TotalsCache = ReturnType<typeof createTotalsCache>

// One cache per database handle, so two databases in one process (tests) never share counts.
let cachesByDatabase = new WeakMap<object, TotalsCache>()

export function searchTotalsCacheFor(db: object): TotalsCache {
  let cache = cachesByDatabase.get(db)
  if (!cache) {
    cache = createTotalsCache()
    cachesByDatabase.set(db, cache)
  }
  return cache
}

/** Forget every cached count: call after inserting, updating or deleting listings. */
export function clearSearchTotalsCache() {
  cachesByDatabase = new WeakMap()
}
