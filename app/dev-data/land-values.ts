import { type UsdaLandUse, usdaLandValues2025 } from '~/models/places/usda-land-values'

/**
 * The levels the generated land market is built around (land-market.ts): USDA NASS's own state
 * figures for 2025 (usda-land-values.ts), farm real estate as a whole, and cropland and pasture for
 * farm and ranch land. NASS does not survey Alaska, Hawaii or the District of Columbia: their farm
 * real estate figures are set by hand (the District's stands for urban land), and they have no
 * cropland or pasture level of their own. No other figure here is an estimate; what differs between
 * counties, and every sale, is generated.
 */
const usda = [...usdaLandValues2025]

/** The farm real estate values set by hand, where NASS publishes none. */
export const handSetFarmValuePerAcre: Readonly<Record<string, number>> = { AK: 2_000, HI: 11_000, DC: 50_000 }

/** USDA's 2025 farm real estate value per acre by state abbreviation, and the hand-set three. */
export const farmValuePerAcre2025: Readonly<Record<string, number>> = {
  ...Object.fromEntries(usda.map(([state, values]) => [state, values.farmRealEstate])),
  ...handSetFarmValuePerAcre,
}

/** USDA's 2025 value per acre of one use by state abbreviation, where USDA gives one. */
function valuesOfUseByState(use: UsdaLandUse): Readonly<Record<string, number>> {
  return Object.fromEntries(usda.flatMap(([state, values]) => (values[use] === null ? [] : [[state, values[use]]])))
}

/** USDA's 2025 cropland and pasture values per acre by state abbreviation: farm and ranch land are priced from these. */
export const useValuePerAcre2025: Readonly<Record<UsdaLandUse, Readonly<Record<string, number>>>> = {
  cropland: valuesOfUseByState('cropland'),
  pasture: valuesOfUseByState('pasture'),
}

/** The same survey's US average for 2025. */
export const usFarmValuePerAcre2025 = 4_350

/** The survey's reference day: the values above are the land's worth on this date. */
export const farmValueSurveyDate = '2025-06-01'

/**
 * The US farm real estate value's change over each calendar year, after the same survey's
 * year-on-year changes (about 2 % a year before 2020, 7 % in 2021, 12 % in 2022, then 4–5 %);
 * 2026 is assumed to go on like 2025.
 */
export const usYearlyChange: Readonly<Record<number, number>> = {
  2018: 0.02,
  2019: 0.01,
  2020: 0.03,
  2021: 0.09,
  2022: 0.12,
  2023: 0.06,
  2024: 0.05,
  2025: 0.043,
  2026: 0.04,
}
