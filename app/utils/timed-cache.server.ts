/**
 * Memoises `compute(db, key)` per database handle (a WeakMap, so a test's database can go) and
 * key. Concurrent callers share one computation, and a failed one is forgotten at once. Past
 * `timeToLiveMilliseconds` the value is still answered while a fresh one is computed in the
 * background, so only the very first caller ever waits for a slow computation.
 */
export function timedCache<Database extends object, Key, Value>(
  timeToLiveMilliseconds: number,
  compute: (db: Database, key: Key) => Promise<Value>,
): (db: Database, key: Key) => Promise<Value> {
  interface Entry {
    value: Promise<Value>
    expiresAt: number
    isRefreshing: boolean
  }
  const byDatabase = new WeakMap<Database, Map<Key, Entry>>()
  return (db, key) => {
    let entries = byDatabase.get(db)
    if (!entries) byDatabase.set(db, (entries = new Map()))
    const store = entries
    const start = (): Entry => {
      const entry = { value: compute(db, key), expiresAt: Number.POSITIVE_INFINITY, isRefreshing: false }
      entry.value.then(
        () => (entry.expiresAt = Date.now() + timeToLiveMilliseconds),
        () => store.get(key) === entry && store.delete(key),
      )
      return entry
    }
    const cached = store.get(key)
    if (!cached) {
      const entry = start()
      store.set(key, entry)
      return entry.value
    }
    if (cached.expiresAt <= Date.now() && !cached.isRefreshing) {
      cached.isRefreshing = true
      const fresh = start()
      fresh.value.then(
        () => store.set(key, fresh),
        () => (cached.isRefreshing = false),
      )
    }
    return cached.value
  }
}
