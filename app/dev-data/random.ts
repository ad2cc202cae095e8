/**
 * Seeded randomness for the generator: the same seed gives the same data on every machine,
 * so tests and benchmarks can rely on exact rows (architecture "Data").
 */

/** mulberry32: a tiny 32-bit generator, fast and well spread enough for synthetic data. */
function mulberry32(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

/** Mixes numbers into one 32-bit seed, so each listing gets its own independent stream. */
export function mixSeed(...parts: number[]) {
  let hash = 0x811c9dc5
  for (const part of parts) {
    hash = Math.imul(hash ^ (part >>> 0), 0x01000193)
    hash = Math.imul(hash ^ Math.floor(part / 4294967296), 0x01000193)
    hash ^= hash >>> 13
  }
  return hash >>> 0
}

export type Random = ReturnType<typeof createRandom>

export function createRandom(seed: number) {
  const next = mulberry32(seed)
  const random = {
    next,
    /** Integer in [minimum, maximum], both included. */
    int: (minimum: number, maximum: number) => minimum + Math.floor(next() * (maximum - minimum + 1)),
    float: (minimum: number, maximum: number) => minimum + next() * (maximum - minimum),
    chance: (probability: number) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
    /** Picks a value with probability proportional to its weight. */
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
      let target = next() * total
      for (const [value, weight] of entries) {
        target -= weight
        if (target < 0) return value
      }
      const last = entries[entries.length - 1]
      if (!last) throw new Error('weighted pick from an empty list')
      return last[0]
    },
    /** Standard normal draw (Box–Muller). */
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  }
  return random
}

/** A weighted picker over a large list: cumulative weights and a binary search per draw. */
export function weightedPicker<T>(items: readonly T[], weightOf: (item: T) => number) {
  const cumulative: number[] = []
  let total = 0
  for (const item of items) {
    total += weightOf(item)
    cumulative.push(total)
  }
  return (random: Random): T => {
    const target = random.next() * total
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if ((cumulative[middle] ?? 0) > target) high = middle
      else low = middle + 1
    }
    const item = items[low]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }
}
