import type { Geography } from '~/models/places/geography.server'
import type { UsdaLandUse } from '~/models/places/usda-land-values'
import { groupBy } from '~/utils/group-by'
import { farmValuePerAcre2025, farmValueSurveyDate, usFarmValuePerAcre2025, usYearlyChange, useValuePerAcre2025 } from './land-values'
import { createRandom, mixSeed } from './random'
import { referenceDate } from './values'

/**
 * The land market listings are priced from, hidden from the data so that the valuation model
 * (issue 16) has to estimate it from the sales:
 * - a county's acre of farmland is worth its state's (land-values.ts), more near towns and less
 *   far from them, times an effect of its own (soil, scenery), averaging out over the state;
 * - each year the county's land gains the national change plus its state's and its own drift
 *   and yearly shocks, so every county follows a path of its own around its state's;
 * - price per acre falls with size by a power law whose exponent differs a little by state.
 * It depends on the geography alone, not on the seed: a generated feed (feed-records.ts) is then
 * priced by the same market as the database it is imported into.
 */
export type LandMarket = ReturnType<typeof createLandMarket>

const marketSeed = 2025
// Towns of a few zips and more stand for where people live; nearer them, land is dearer.
const townZipMinimum = 3
const townReachKilometres = 15
const townPull = 0.55
const kilometresPerDegree = 111.32
const countyEffectSpread = 0.2
const lowestCountyFactor = 0.3
const highestCountyFactor = 5
const smallestSizeExponent = 0.25
const sizeExponentRange = 0.1
// Spreads of the yearly log growth: a state's and a county's lasting drift, and their shocks.
const stateDriftSpread = 0.012
const stateShockSpread = 0.015
const countyDriftSpread = 0.012
const countyShockSpread = 0.02

const years = Object.keys(usYearlyChange).map(Number)
const firstYear = Math.min(...years)
const startOfYear = (year: number) => Date.UTC(year, 0, 1)

/**
 * Each county's nearness to towns: their zips, each counting less the farther away it lies
 * (by the square of the distance beyond the reach). A flat-earth distance over typed arrays: the
 * loop runs over every pair of county and town (3,000 by 1,200) on every seed.
 */
function townPressure(geography: Geography) {
  const zipsOfCity = groupBy(geography.zips, (zip) => zip.city_id)
  const towns = geography.cities.filter((city) => (zipsOfCity.get(city.id)?.length ?? 0) >= townZipMinimum)
  const latitudes = Float64Array.from(towns, (town) => town.latitude)
  const longitudes = Float64Array.from(towns, (town) => town.longitude)
  const zips = Float64Array.from(towns, (town) => zipsOfCity.get(town.id)?.length ?? 0)
  const reachSquared = (townReachKilometres / kilometresPerDegree) ** 2
  return new Map(
    geography.counties.map((county) => {
      const eastScale = Math.cos((county.latitude * Math.PI) / 180)
      let pressure = 0
      for (let index = 0; index < towns.length; index++) {
        const east = ((longitudes[index] ?? 0) - county.longitude) * eastScale
        const north = (latitudes[index] ?? 0) - county.latitude
        pressure += (zips[index] ?? 0) / (1 + (east * east + north * north) / reachSquared)
      }
      return [county.id, pressure]
    }),
  )
}

/** Log of each county's value relative to its state's, averaging zero over the state's land. */
function countyLogFactors(geography: Geography) {
  const pressure = townPressure(geography)
  const areaOf = (countyId: number) => geography.countyShapes.get(countyId)?.squareKilometres ?? 1
  const factors = new Map<number, number>()
  for (const counties of groupBy(geography.counties, (county) => county.state_id).values()) {
    const raw = counties.map((county) => {
      const effect = countyEffectSpread * createRandom(mixSeed(marketSeed, 1, county.id)).normal()
      return townPull * Math.log(pressure.get(county.id) ?? 1) + effect
    })
    const area = counties.reduce((sum, county) => sum + areaOf(county.id), 0)
    const mean = counties.reduce((sum, county, index) => sum + (raw[index] ?? 0) * areaOf(county.id), 0) / area
    counties.forEach((county, index) => {
      const factor = Math.exp((raw[index] ?? 0) - mean)
      factors.set(county.id, Math.log(Math.min(highestCountyFactor, Math.max(lowestCountyFactor, factor))))
    })
  }
  return factors
}

/** Log value index at the start of each year from the first (zero): the national change plus the place's own each year. */
function yearlyPath(ownGrowth: number[]) {
  const path = [0]
  years.forEach((year, index) => path.push((path[index] ?? 0) + Math.log(1 + (usYearlyChange[year] ?? 0)) + (ownGrowth[index] ?? 0)))
  return path
}

function logIndexAt(path: number[], time: number) {
  const position = Math.min(years.length, Math.max(0, new Date(time).getUTCFullYear() - firstYear))
  const year = firstYear + position
  const share = position === years.length ? 0 : Math.min(1, Math.max(0, (time - startOfYear(year)) / (startOfYear(year + 1) - startOfYear(year))))
  const start = path[position] ?? 0
  return start + ((path[position + 1] ?? start) - start) * share
}

export function createLandMarket(geography: Geography) {
  const surveyTime = Date.parse(`${farmValueSurveyDate}T00:00:00Z`)
  const states = new Map(
    geography.states.map((state) => {
      const random = createRandom(mixSeed(marketSeed, 2, state.id))
      const drift = stateDriftSpread * random.normal()
      const farmValue = farmValuePerAcre2025[state.abbreviation] ?? usFarmValuePerAcre2025
      // USDA's cropland or pasture level against its farm real estate; a state without them (set by hand) has none.
      const useLevel = (use: UsdaLandUse) => (useValuePerAcre2025[use][state.abbreviation] ?? farmValue) / farmValue
      return [
        state.id,
        {
          farmlandRatio: farmValue / usFarmValuePerAcre2025,
          useLevels: { cropland: useLevel('cropland'), pasture: useLevel('pasture') },
          sizeExponent: smallestSizeExponent + sizeExponentRange * random.next(),
          ownGrowth: years.map(() => drift + stateShockSpread * random.normal()),
        },
      ]
    }),
  )
  const stateOf = (stateId: number) => {
    const state = states.get(stateId)
    if (!state) throw new Error(`No land market for state ${stateId}`)
    return state
  }
  const logFactors = countyLogFactors(geography)
  const counties = new Map(
    geography.counties.map((county) => {
      const random = createRandom(mixSeed(marketSeed, 3, county.id))
      const drift = countyDriftSpread * random.normal()
      const state = stateOf(county.state_id)
      const path = yearlyPath(state.ownGrowth.map((stateGrowth) => stateGrowth + drift + countyShockSpread * random.normal()))
      const surveyValue = usFarmValuePerAcre2025 * state.farmlandRatio * Math.exp(logFactors.get(county.id) ?? 0)
      return [county.id, { path, todayValue: surveyValue * Math.exp(logIndexAt(path, referenceDate) - logIndexAt(path, surveyTime)) }]
    }),
  )
  const countyOf = (countyId: number) => {
    const county = counties.get(countyId)
    if (!county) throw new Error(`No land market for county ${countyId}`)
    return county
  }

  return {
    /** An acre of ordinary farmland in the county at the reference date ('today'), in dollars. */
    farmValuePerAcre: (countyId: number) => countyOf(countyId).todayValue,
    /** The county's land values on a date as a share of today's: below one before, rising to one. */
    valueShareAt(countyId: number, iso: string) {
      const { path } = countyOf(countyId)
      return Math.exp(logIndexAt(path, Date.parse(iso)) - logIndexAt(path, referenceDate))
    },
    /** The state's farmland value as a share of the US average. */
    farmlandRatio: (stateId: number) => stateOf(stateId).farmlandRatio,
    /** The state's cropland or pasture value as a share of its farm real estate value. */
    useLevel: (stateId: number, use: UsdaLandUse) => stateOf(stateId).useLevels[use],
    /** Price per acre goes as acres to the minus this power in the state. */
    sizeExponent: (stateId: number) => stateOf(stateId).sizeExponent,
  }
}
