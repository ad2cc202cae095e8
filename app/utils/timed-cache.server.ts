import { LRUCache } from 'lru-cache'

/**
 * Memoises `compute(db, key)` per database handle (a WeakMap, so a test's database can go) and
 * key, in an lru-cache of at most `maxEntries` keys. Concurrent callers share one computation, and
 * a failed one is forgotten at once. Past `timeToLiveMilliseconds` the value is still answered
 * while a fresh one is computed in the background (kept if that fails), so only the very first
 * caller ever waits for a slow computation.
 */
export function timedCache<Database extends object, Key extends NonNullable<unknown>, Value>(
  timeToLiveMilliseconds: number,
  compute: (db: Database, key: Key) => Promise<Value>,
  { maxEntries = 1_000 } = {},
): (db: Database, key: Key) => Promise<Value> {
  // lru-cache keeps no undefined value: each answer is kept in a box.
  const byDatabase = new WeakMap<Database, LRUCache<Key, { value: Value }>>()
  const cacheFor = (db: Database) =>
    new LRUCache<Key, { value: Value }>({
      max: maxEntries,
      // lru-cache reads 0 as 'never expires'.
      ttl: Number.isFinite(timeToLiveMilliseconds) ? timeToLiveMilliseconds : 0,
      ttlResolution: 0,
      perf: Date,
      allowStale: true,
      noDeleteOnFetchRejection: true,
      fetchMethod: async (key) => ({ value: await compute(db, key) }),
    })
  return async (db, key) => {
    let cache = byDatabase.get(db)
    if (!cache) byDatabase.set(db, (cache = cacheFor(db)))
    return (await cache.forceFetch(key)).value
  }
}
