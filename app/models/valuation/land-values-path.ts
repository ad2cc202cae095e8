/**
 * AcreWorth's land value pages (issue 16 §5): /land-values/, a state's /land-values/texas/, and a
 * county's or region's /land-values/texas/travis-county/ and /land-values/texas/central-texas-region/,
 * named by the gazetteer's tokens. Whether a token names a place is the loader's question.
 */

/** The page of the country, of a state, or of a county or region within it. */
export function landValuesPath(stateToken?: string, placeToken?: string) {
  return ['/land-values/', stateToken && `${stateToken}/`, stateToken && placeToken && `${placeToken}/`].filter(Boolean).join('')
}
