/**
 * The levels the generated land market is built around (land-market.ts).
 *
 * Farm real estate (land and buildings), average value per acre in each state, June 2025: USDA
 * NASS, "Land Values 2025 Summary" (August 2025). CA, CT, IA, MA, MI, MT, ND, NJ, NM, OH, RI, SD
 * and WY are the summary's own figures; the others are estimates to the nearest $100 or so, to be
 * checked against its state table. NASS does not survey Alaska, Hawaii or the District of
 * Columbia; their figures are set by hand (the District's stands for urban land).
 */
// A table: eight states to a line, in the order of their abbreviations.
// prettier-ignore
export const farmValuePerAcre2025: Readonly<Record<string, number>> = {
  AK: 2_000, AL: 3_700, AR: 4_000, AZ: 4_600, CA: 13_700, CO: 2_500, CT: 14_400, DC: 50_000,
  DE: 12_200, FL: 8_700, GA: 5_200, HI: 11_000, IA: 9_790, ID: 5_700, IL: 9_300, IN: 8_000,
  KS: 2_900, KY: 5_100, LA: 3_800, MA: 14_900, MD: 10_500, ME: 3_500, MI: 6_800, MN: 6_400,
  MO: 5_000, MS: 3_500, MT: 1_230, NC: 6_500, ND: 2_360, NE: 4_200, NH: 6_800, NJ: 16_600,
  NM: 725, NV: 1_800, NY: 4_300, OH: 9_350, OK: 2_750, OR: 3_400, PA: 8_100, RI: 22_500,
  SC: 5_300, SD: 2_970, TN: 6_900, TX: 3_400, UT: 4_600, VA: 6_100, VT: 4_800, WA: 3_500,
  WI: 6_450, WV: 3_400, WY: 1_000,
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
