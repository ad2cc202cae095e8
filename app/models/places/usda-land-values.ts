import usdaLandValues from '~/data/usda-land-values.json'

/**
 * USDA NASS's own state land values (app/data/usda-land-values.json, app/data/README.md): farm real
 * estate (land and buildings), cropland and pasture, average dollars an acre in each of the 48
 * contiguous states, June 2025 ("Land Values 2025 Summary", August 2025). The seed prices its
 * market from them, and AcreWorth's state pages show them as the one figure that is not generated.
 */
export interface UsdaStateLandValues {
  farmRealEstate: number
  cropland: number | null
  pasture: number | null
}

/** The uses USDA values apart from farm real estate as a whole. */
export type UsdaLandUse = 'cropland' | 'pasture'

/** The survey the figures come from, as the pages cite it. */
export const usdaLandValuesSurvey = { year: 2025, name: 'USDA NASS Land Values 2025 Summary' } as const

/** The 2025 figures by state abbreviation; the states NASS does not survey (Alaska, Hawaii, the District) have none. */
export const usdaLandValues2025: ReadonlyMap<string, UsdaStateLandValues> = new Map(
  usdaLandValues.rows.flatMap((row) =>
    row.year === usdaLandValuesSurvey.year && row.farmRealEstate !== null
      ? [[row.state, { farmRealEstate: row.farmRealEstate, cropland: row.cropland, pasture: row.pasture }] as const]
      : [],
  ),
)
