import { type Kysely, sql } from 'kysely'
import type { CityTable, CountyTable, Database, StateTable, ZipTable } from '~/models/db/db-schema'
import type { RecordReason } from '~/models/feeds/feed-reasons'
import { countyShape } from '~/models/places/geography.server'
import { distanceKilometres, isPointInShape, type Point } from '~/models/geo/shapes'
import { groupBy } from '~/utils/group-by'
import { auctionWithoutPrice, marketStatus, saleType } from './enumerations'
import { sizeBandOf } from '~/models/trust/price-context'

/**
 * The listing-quality gate's checks against the places and the market (issue 14): where the
 * listing is (its point inside its county, a real city), whether its size and price make sense for
 * the county, and whether another partner already lists the same property. Every path that writes
 * a listing from outside (feeds now, the sellers' tool next) runs it before writing.
 */

export interface ListingCandidate {
  stateAbbreviation: string
  county: string
  city: string | null
  zip: string | null
  latitude: number | null
  longitude: number | null
  acres: number
  price: number
  saleType: number
  /** The partner sending it: its own listings are never its duplicates. */
  partnerId: number | null
  /** The listing this record updates, if it is already on the sites. */
  listingId: number | null
}

export interface ListingPlace {
  stateId: number
  countyId: number
  regionId: number | null
  cityId: number | null
  zip: string | null
  latitude: number
  longitude: number
}

export interface QualityVerdict {
  /** Where the listing goes; undefined when the state or county is unknown (rejected). */
  place: ListingPlace | undefined
  /** The size in acres, converted when it was given in square feet. */
  acres: number
  reasons: RecordReason[]
  duplicateOfListingId: number | null
  /** The county a given point lies in, when that is not the county named (the seller's tool says so in words). */
  pointCounty?: CountyName
}

export interface CountyName {
  name: string
  suffix: string
  stateAbbreviation: string
}

export const squareFeetPerAcre = 43_560
/** Within this distance, with acreage and price within `duplicateTolerance`, two listings are one property. */
const duplicateMetres = 100
const duplicateTolerance = 0.05
const isWithinTolerance = (a: number, b: number) => Math.abs(a - b) <= duplicateTolerance * Math.max(a, b)

/** The box around a point that holds every listing within `duplicateMetres` of it, for an index range. */
export function nearbyBox(point: Point) {
  const latitudeSpan = duplicateMetres / 111_320
  const longitudeSpan = latitudeSpan / Math.max(Math.cos((point.latitude * Math.PI) / 180), 0.01)
  return { south: point.latitude - latitudeSpan, north: point.latitude + latitudeSpan, west: point.longitude - longitudeSpan, east: point.longitude + longitudeSpan }
}

/** The same land: within `duplicateMetres` and the same size give or take `duplicateTolerance` (a relist, or with the same price a duplicate). */
export function isSameProperty(a: Point & { acres: number }, b: Point & { acres: number }) {
  return distanceKilometres(a, b) * 1000 <= duplicateMetres && isWithinTolerance(a.acres, b.acres)
}
/** A median needs this many comparable listings to judge a price by. */
const minimumComparables = 5
/** Price per acre under a tenth or over ten times the comparable median is held. */
const outlierFactor = 10
/**
 * A price within this factor of an acre's median, on this many acres or more, that leaves an acre
 * at under a fifth of the median, looks like a price per acre typed as the price.
 */
const perAcreAsPriceFactor = 2
const perAcreAsPriceMinimumAcres = 10
const perAcreAsPriceImpliedShare = 0.2

/** Place names compare without case, punctuation or the 'Saint'/'St.' spelling. */
export function comparablePlaceName(name: string) {
  return name
    .toLowerCase()
    .replace(/\bsaint\b/g, 'st')
    .replace(/[.'’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** County names also compare without the County, Parish or Borough word. */
export const comparableCountyName = (name: string) => comparablePlaceName(name).replace(/\s*\b(county|parish|borough|co)$/, '')

type CityRow = Pick<CityTable, 'id' | 'state_id' | 'county_id' | 'name' | 'latitude' | 'longitude'>

interface PlaceIndex {
  statesByAbbreviation: Map<string, StateTable>
  statesById: Map<number, StateTable>
  counties: CountyTable[]
  countiesByStateAndName: Map<string, CountyTable>
  citiesByStateAndName: Map<string, CityRow[]>
  citiesByCounty: Map<number, CityRow[]>
  zips: Map<string, ZipTable>
}

async function loadPlaceIndex(db: Kysely<Database>): Promise<PlaceIndex> {
  const [states, counties, cities, zips] = await Promise.all([
    db.selectFrom('states').selectAll().execute(),
    db.selectFrom('counties').selectAll().execute(),
    db.selectFrom('cities').select(['id', 'state_id', 'county_id', 'name', 'latitude', 'longitude']).execute(),
    db.selectFrom('zips').selectAll().execute(),
  ])
  return {
    statesByAbbreviation: new Map(states.map((state) => [state.abbreviation, state])),
    statesById: new Map(states.map((state) => [state.id, state])),
    counties,
    countiesByStateAndName: new Map(counties.map((county) => [`${county.state_id}|${comparableCountyName(county.name)}`, county])),
    citiesByStateAndName: groupBy(cities, (city) => `${city.state_id}|${comparablePlaceName(city.name)}`),
    citiesByCounty: groupBy(cities, (city) => city.county_id),
    zips: new Map(zips.map((zip) => [zip.zip, zip])),
  }
}

const nearest = <Place extends Point>(places: readonly Place[], point: Point) =>
  places.reduce<Place | undefined>((best, place) => (!best || distanceKilometres(point, place) < distanceKilometres(point, best) ? place : best), undefined)

/** A county's shape is tested only for this many counties nearest the point (by their centres). */
const containingCountyCandidates = 40

/** The county whose shape holds the point, among those whose centres are nearest it. */
function countyContaining(index: PlaceIndex, point: Point): CountyName | undefined {
  const county = [...index.counties]
    .sort((a, b) => distanceKilometres(point, a) - distanceKilometres(point, b))
    .slice(0, containingCountyCandidates)
    .find((candidate) => {
      const shape = countyShape(candidate.id)
      return shape !== undefined && isPointInShape(shape, point)
    })
  return county && { name: county.name, suffix: county.suffix, stateAbbreviation: index.statesById.get(county.state_id)?.abbreviation ?? '' }
}

/** A gate over one database; it loads the places once and remembers each county's prices for its lifetime. */
export function createListingQualityGate(db: Kysely<Database>) {
  let places: Promise<PlaceIndex> | undefined
  const medians = new Map<string, Promise<number | undefined>>()

  /** Median price per acre of active, priced listings in a place within a size band; undefined when too few. */
  function placeMedian(column: 'county_id' | 'state_id', id: number, band: number) {
    const key = `${column}|${id}|${band}`
    let median = medians.get(key)
    if (!median) {
      median = db
        .selectFrom('listings')
        .select(sql<number>`cast(price as double precision) / acres`.as('pricePerAcre'))
        .where(column, '=', id)
        .where('status', 'in', [marketStatus.available, marketStatus.underContract])
        .where('price', '>', auctionWithoutPrice)
        .where('acres', '>=', 4 ** (band - 1))
        .where('acres', '<=', 4 ** (band + 1))
        .execute()
        .then((rows) => {
          if (rows.length < minimumComparables) return undefined
          const sorted = rows.map((row) => Number(row.pricePerAcre)).sort((a, b) => a - b)
          return sorted[Math.floor(sorted.length / 2)]
        })
      medians.set(key, median)
    }
    return median
  }

  /** Median price per acre of comparable listings (about this size) in the county, else the state. */
  async function medianPricePerAcre(place: { stateId: number; countyId: number }, acres: number) {
    const band = sizeBandOf(acres)
    return (await placeMedian('county_id', place.countyId, band)) ?? placeMedian('state_id', place.stateId, band)
  }

  async function duplicateOf(candidate: ListingCandidate, point: Point, acres: number) {
    const box = nearbyBox(point)
    const nearby = await db
      .selectFrom('listings')
      .select(['id', 'latitude', 'longitude', 'acres', 'price', 'partner_id'])
      .where('latitude', '>=', box.south)
      .where('latitude', '<=', box.north)
      .where('longitude', '>=', box.west)
      .where('longitude', '<=', box.east)
      .where('status', 'in', [marketStatus.available, marketStatus.underContract])
      .orderBy('id')
      .execute()
    return nearby.find(
      (listing) =>
        listing.id !== candidate.listingId &&
        (candidate.partnerId === null || listing.partner_id !== candidate.partnerId) &&
        isSameProperty({ ...point, acres }, listing) &&
        isWithinTolerance(listing.price, candidate.price),
    )?.id
  }

  async function check(candidate: ListingCandidate): Promise<QualityVerdict> {
    const index = await (places ??= loadPlaceIndex(db))
    const reasons: RecordReason[] = []
    let pointCounty: CountyName | undefined
    const verdict = (place?: ListingPlace, acres = candidate.acres, duplicateOfListingId: number | null = null) => ({
      place,
      acres,
      reasons,
      duplicateOfListingId,
      pointCounty,
    })

    const state = index.statesByAbbreviation.get(candidate.stateAbbreviation)
    if (!state) {
      reasons.push({ code: 'INVALID_VALUE', detail: `state: '${candidate.stateAbbreviation.slice(0, 10)}'` })
      return verdict()
    }
    const county = index.countiesByStateAndName.get(`${state.id}|${comparableCountyName(candidate.county)}`)
    if (!county) {
      reasons.push({ code: 'UNKNOWN_COUNTY', detail: `${candidate.county.slice(0, 60)}, ${state.abbreviation}` })
      return verdict()
    }

    // The point: inside the county, else the zip's or the city's when those lie in the county.
    const namedCity = candidate.city ? index.citiesByStateAndName.get(`${state.id}|${comparablePlaceName(candidate.city)}`) : undefined
    const zip = candidate.zip ? index.zips.get(candidate.zip) : undefined
    const given = candidate.latitude !== null && candidate.longitude !== null ? { latitude: candidate.latitude, longitude: candidate.longitude } : undefined
    const shape = countyShape(county.id)
    let point: Point | undefined = given && shape && isPointInShape(shape, given) ? given : undefined
    if (given && !point) pointCounty = countyContaining(index, given)
    if (!point) {
      const cityInCounty = namedCity?.find((city) => city.county_id === county.id)
      if (zip && zip.county_id === county.id) {
        point = zip
        reasons.push({ code: 'POINT_FROM_ZIP', detail: zip.zip })
      } else if (cityInCounty) {
        point = cityInCounty
        reasons.push({ code: 'POINT_FROM_CITY', detail: cityInCounty.name })
      } else {
        reasons.push(
          given
            ? {
                code: 'POINT_OUTSIDE_COUNTY',
                detail: `${given.latitude}, ${given.longitude} is ${pointCounty ? `in ${pointCounty.name} ${pointCounty.suffix}, ${pointCounty.stateAbbreviation}, ` : ''}not in ${county.name} ${county.suffix}`,
              }
            : { code: 'NO_LOCATION', detail: `${county.name} ${county.suffix}` },
        )
        point = given ?? county
      }
    }

    // The city: a real one of the state (the nearest one to the point), else the county's nearest.
    let city = namedCity ? nearest(namedCity, point) : undefined
    if (!city) {
      city = nearest(index.citiesByCounty.get(county.id) ?? [], point)
      if (candidate.city && city) {
        const isCountyName = comparableCountyName(candidate.city) === comparableCountyName(county.name)
        reasons.push({ code: isCountyName ? 'CITY_WAS_COUNTY' : 'CITY_NOT_FOUND', detail: `'${candidate.city.slice(0, 60)}' → ${city.name}` })
      }
    }
    const place: ListingPlace = {
      stateId: state.id,
      countyId: county.id,
      regionId: county.region_id,
      cityId: city?.id ?? null,
      zip: candidate.zip,
      latitude: point.latitude,
      longitude: point.longitude,
    }

    // Size and price, for a sale with a real price.
    let acres = candidate.acres
    const isPriced = candidate.saleType === saleType.sale && candidate.price > auctionWithoutPrice
    if (isPriced && acres > squareFeetPerAcre) {
      const asSquareFeet = acres / squareFeetPerAcre
      const median = await medianPricePerAcre(place, asSquareFeet)
      const pricePerAcre = candidate.price / asSquareFeet
      if (candidate.price / acres < 1 || (median !== undefined && pricePerAcre >= median / outlierFactor && pricePerAcre <= median * outlierFactor)) {
        reasons.push({ code: 'SQUARE_FEET_AS_ACRES', detail: `${acres.toLocaleString('en-US')} → ${asSquareFeet.toFixed(2)} acres` })
        acres = asSquareFeet
      }
    }
    const median = isPriced ? await medianPricePerAcre(place, acres) : undefined
    if (median !== undefined) {
      const pricePerAcre = candidate.price / acres
      const dollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`
      const looksPerAcre = candidate.price >= median / perAcreAsPriceFactor && candidate.price <= median * perAcreAsPriceFactor
      if (acres >= perAcreAsPriceMinimumAcres && looksPerAcre && pricePerAcre < median * perAcreAsPriceImpliedShare) {
        reasons.push({ code: 'PRICE_LOOKS_PER_ACRE', detail: `${dollars(candidate.price)} for ${acres} acres; an acre here is about ${dollars(median)}` })
      } else if (pricePerAcre < median / outlierFactor || pricePerAcre > median * outlierFactor) {
        reasons.push({ code: 'PRICE_PER_ACRE_OUTLIER', detail: `${dollars(pricePerAcre)} an acre; comparable median ${dollars(median)}` })
      }
    }

    const duplicate = candidate.partnerId === null ? undefined : await duplicateOf(candidate, point, acres)
    if (duplicate !== undefined) reasons.push({ code: 'DUPLICATE_LINKED', detail: `listing ${duplicate}` })
    return verdict(place, acres, duplicate ?? null)
  }

  return { check }
}

export type ListingQualityGate = ReturnType<typeof createListingQualityGate>
