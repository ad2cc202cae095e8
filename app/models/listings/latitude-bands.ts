import { sql } from 'kysely'

/**
 * Listings by quarter degree of latitude (the `listings_latitude_band` index, migration 0026): a
 * box near a point is a few bands, each read over the box's longitudes alone. The cast truncates
 * on SQLite and rounds on PostgreSQL; `latitudeBandsOf` covers both.
 */
const bandsPerDegree = 4

/** The band of a latitude column, as the index spells it (a bound parameter would not match it). */
export const latitudeBand = (column: 'latitude' | 'listings.latitude') => sql<number>`cast(${sql.ref(column)} * ${sql.lit(bandsPerDegree)} as integer)`

/** Every band a latitude between `south` and `north` can fall in, on either database. */
export function latitudeBandsOf(south: number, north: number) {
  const first = Math.floor(south * bandsPerDegree)
  const last = Math.ceil(north * bandsPerDegree)
  return Array.from({ length: last - first + 1 }, (_, index) => first + index)
}
