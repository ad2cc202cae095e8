/**
 * Pieces of the search grammar that browser code needs without the search criteria's schema
 * (search-criteria.ts imports zod, which no page should ship).
 */

/** A path's segments, decoded and lower-cased as the grammars read them; undefined when one does not decode (a stray '%'). */
export function pathSegments(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment).toLowerCase())
  } catch {
    return undefined
  }
}

/** A place token in a path: lowercase words joined by hyphens ('travis-county', 'texas'). */
export const placeTokenPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * A coordinate to four decimals (about 11 m), as the grammar writes it and the map sends it.
 * `|| 0` turns -0 into 0, so a rounded value always prints and compares as itself.
 */
export const roundCoordinate = (value: number) => Math.round(value * 10_000) / 10_000 || 0
