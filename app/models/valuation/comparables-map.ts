/**
 * The map of a valuation's comparable sales (issue 16 §2), drawn on the server: the counties
 * around them from us-atlas, the parcel, and each sale as a numbered point matching the table's
 * row. Inline SVG, so it shows without JavaScript and without tiles.
 */
export interface ComparablesMap {
  width: number
  height: number
  /** Path data of the counties in view, and of the parcel's own county. */
  countiesPath: string
  parcelCountyPath: string
  parcel: { x: number; y: number }
  sales: { number: number; x: number; y: number }[]
}
