import { placeTokenPattern, roundCoordinate } from '~/models/search/grammar-tokens'
import { draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'

/**
 * The address of an AcreWorth valuation (issue 16 §2): every input in a readable path, like the
 * search grammar, so a valuation can be shared, bookmarked and reloaded.
 *
 *   /value/{state}/{county}/{acres}-acres/[{type}+{type}/][house-{beds}-bed-{baths}-bath[-{sqft}-sqft]/][{feature}+{feature}/][lat{…}/long{…}/]
 *
 * e.g. /value/texas/travis-county/40-acres/recreational-land/house-3-bed-2-bath/waterfront/lat30.2672/long-97.7431/
 * Pure module: the form, the page and the server read it.
 */

export const valuationFeatures = ['waterfront', 'mineral-rights', 'owner-financing'] as const
export type ValuationFeature = (typeof valuationFeatures)[number]

export interface ValuationInputs {
  /** The state's place token: 'texas', 'new-mexico'. */
  state: string
  /** The county's place token with its suffix: 'travis-county', 'acadia-parish'. */
  county: string
  acres: number
  /** Keys of `draftPropertyTypeOptions`, in that list's order. */
  propertyTypes: string[]
  house: { beds: number; baths: number; squareFeet: number | null } | null
  /** In `valuationFeatures` order. */
  features: ValuationFeature[]
  point: { latitude: number; longitude: number } | null
}

export const valuationPathPrefix = '/value/'
/** 'How accurate is AcreWorth?' (issue 16 §4): a fixed page under the prefix, never a valuation (no state is called 'accuracy'). */
export const valuationAccuracyPath = `${valuationPathPrefix}accuracy/`
const typeKeys = draftPropertyTypeOptions.map((option) => option.key)
/** Sizes and baths to two decimals; acres above zero, at most a million. */
const roundTwo = (value: number) => Math.round(value * 100) / 100
const maxAcres = 1_000_000
const numberText = (value: number) => String(roundTwo(value))
const numberPattern = '(\\d+(?:\\.\\d{1,2})?)'
const housePattern = new RegExp(`^house-(\\d{1,2})-bed-${numberPattern}-bath(?:-(\\d{1,6})-sqft)?$`)
const acresPattern = new RegExp(`^${numberPattern}-acres$`)

/** The inputs in the grammar's order and rounding: what `valuationPath` writes and `parseValuationPath` gives back. */
export function normalValuationInputs(inputs: ValuationInputs): ValuationInputs {
  return {
    ...inputs,
    acres: roundTwo(inputs.acres),
    propertyTypes: typeKeys.filter((key) => inputs.propertyTypes.includes(key)),
    house: inputs.house && {
      beds: Math.round(inputs.house.beds),
      baths: roundTwo(inputs.house.baths),
      squareFeet: inputs.house.squareFeet === null ? null : Math.round(inputs.house.squareFeet),
    },
    features: valuationFeatures.filter((feature) => inputs.features.includes(feature)),
    point: inputs.point && { latitude: roundCoordinate(inputs.point.latitude), longitude: roundCoordinate(inputs.point.longitude) },
  }
}

export function valuationPath(inputs: ValuationInputs) {
  const normal = normalValuationInputs(inputs)
  const segments = [normal.state, normal.county, `${numberText(normal.acres)}-acres`]
  if (normal.propertyTypes.length) segments.push(normal.propertyTypes.join('+'))
  if (normal.house)
    segments.push(
      `house-${normal.house.beds}-bed-${numberText(normal.house.baths)}-bath${normal.house.squareFeet === null ? '' : `-${normal.house.squareFeet}-sqft`}`,
    )
  if (normal.features.length) segments.push(normal.features.join('+'))
  if (normal.point) segments.push(`lat${normal.point.latitude}`, `long${normal.point.longitude}`)
  return `${valuationPathPrefix}${segments.join('/')}/`
}

/** The inputs a valuation path holds, or undefined for a path the grammar does not read (a 404). */
export function parseValuationPath(pathname: string): ValuationInputs | undefined {
  if (!pathname.startsWith(valuationPathPrefix) || !pathname.endsWith('/')) return undefined
  const segments = pathname.slice(valuationPathPrefix.length, -1).split('/')
  const [state, county, acresSegment] = segments
  if (!state || !county || !acresSegment || !placeTokenPattern.test(state) || !placeTokenPattern.test(county)) return undefined
  const acres = Number(acresPattern.exec(acresSegment)?.[1] ?? Number.NaN)
  if (!(acres > 0 && acres <= maxAcres)) return undefined
  const inputs: ValuationInputs = { state, county, acres, propertyTypes: [], house: null, features: [], point: null }
  let rest = segments.slice(3)
  const takeList = <Item extends string>(allowed: readonly Item[]) => {
    const items = rest[0]?.split('+') ?? []
    if (items.length === 0 || !items.every((item) => (allowed as readonly string[]).includes(item))) return []
    rest = rest.slice(1)
    return items as Item[]
  }
  inputs.propertyTypes = takeList(typeKeys)
  const house = rest[0] ? housePattern.exec(rest[0]) : null
  if (house) {
    inputs.house = { beds: Number(house[1]), baths: Number(house[2]), squareFeet: house[3] === undefined ? null : Number(house[3]) }
    rest = rest.slice(1)
  }
  inputs.features = takeList(valuationFeatures)
  if (rest.length === 2) {
    const latitude = Number(/^lat(-?\d{1,2}(?:\.\d{1,4})?)$/.exec(rest[0]!)?.[1] ?? Number.NaN)
    const longitude = Number(/^long(-?\d{1,3}(?:\.\d{1,4})?)$/.exec(rest[1]!)?.[1] ?? Number.NaN)
    if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return undefined
    inputs.point = { latitude, longitude }
    rest = []
  }
  if (rest.length > 0) return undefined
  // One spelling per valuation: anything else (an unordered list, '40.50-acres') is not this grammar's.
  return valuationPath(inputs) === pathname ? inputs : undefined
}
