/** The median of `values` (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]) {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!
}

/** The value below which `share` of `values` lie (the nearest rank); NaN for none. */
export function quantile(values: readonly number[], share: number) {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[quantileRank(sorted.length, share)]!
}

/** Where `quantile` reads among `count` values in ascending order (0-based), for a database to read it there. */
export function quantileRank(count: number, share: number) {
  return Math.min(count - 1, Math.floor(share * count))
}

/**
 * The largest of `values` (−Infinity for none), by a loop: `Math.max(...values)` passes each value
 * as an argument and overflows the call stack past about 120,000 of them (a fit at a million listings).
 */
export function largest(values: readonly number[]) {
  let result = -Infinity
  for (const value of values) if (value > result) result = value
  return result
}
