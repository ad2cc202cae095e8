import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { preparedStatement } from '~/models/db/dialect.server'
import { marketStatus, propertyType } from '~/models/listings/enumerations'
import { countyShape } from '~/models/places/geography.server'
import { findPlaceById, findState, findStateById, loadGazetteer, resolvePlaceToken } from '~/models/places/gazetteer.server'
import { isPointInShape } from '~/models/geo/shapes'
import { draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { timedCache } from '~/utils/timed-cache.server'
import { urlSlug } from '~/utils/url-slug'
import { fitCalibratedModel } from './valuation-fit'
import { type Parcel, type Valuation, type ValuationModel, featureBits, valueParcel } from './valuation-model'
import type { ValuationInputs } from './valuation-path'
import { loadSales } from './valuation-sales.server'

/**
 * AcreWorth's valuations on a database (issue 16): the model fitted from its sold listings and
 * refitted when they change, and a parcel read from a valuation's inputs, with what is wrong with
 * them said in words.
 */

/** How often a process asks whether the sales changed: a sale recorded anywhere (the sellers' tool, a feed, another process) reaches valuations within this. */
const salesCheckMilliseconds = 30_000

async function salesSignature(db: Kysely<Database>) {
  const row = await db
    .selectFrom('listings')
    .select((eb) => [eb.fn.countAll<number>().as('sales'), eb.fn.max('updated_at').as('latest')])
    .where('status', '=', marketStatus.sold)
    .executeTakeFirstOrThrow()
  return `${row.sales}|${row.latest ?? ''}`
}

const fittedModels = new WeakMap<Kysely<Database>, { signature: string; model: ValuationModel }>()

/**
 * The model of the sales as they are now (decision 0008's timed cache: while a check or a refit
 * runs, the model before it still answers, so no valuation waits but the very first).
 */
const currentModel = timedCache(salesCheckMilliseconds, async (db: Kysely<Database>, _key: 'model') => {
  const signature = await salesSignature(db)
  const fitted = fittedModels.get(db)
  if (fitted?.signature === signature) return fitted.model
  const model = fitCalibratedModel(await loadSales(db))
  fittedModels.set(db, { signature, model })
  return model
})

export const valuationModel = (db: Kysely<Database>) => currentModel(db, 'model')

export type ParcelOutcome = { ok: true; parcel: Parcel; place: { state: string; stateAbbreviation: string; county: string } } | { ok: false; problems: string[] }

const featureOf = { waterfront: featureBits.waterfront, 'mineral-rights': featureBits.mineralRights, 'owner-financing': featureBits.ownerFinancing } as const

export type TypedPlace = { ok: true; county: string; point: { latitude: number; longitude: number } | null } | { ok: false; problem: string }

/**
 * The county of a place typed in the valuation form within a state, as the search's location box
 * reads it: a county ('Travis', 'Travis County', 'Acadia Parish'), a city ('Austin') or a zip
 * ('78701'). A city or zip also gives the parcel a point, its centre, when that lies in its county.
 */
export async function locateTypedPlace(db: Kysely<Database>, stateToken: string, typed: string): Promise<TypedPlace> {
  const gazetteer = await loadGazetteer(db)
  const state = findState(gazetteer, stateToken)
  if (!state) return { ok: false, problem: 'Please choose a state from the list.' }
  const countyToken = (countyId: number | null) => (countyId === null ? undefined : findPlaceById(gazetteer, 'county', countyId)?.token)
  const withPoint = (countyId: number | null, point: { latitude: number; longitude: number }): TypedPlace => {
    const county = countyToken(countyId)
    if (!county) return { ok: false, problem: `We cannot tell which county ${typed.trim()} is in: please give the county.` }
    const shape = countyShape(countyId!)
    return { ok: true, county, point: shape && isPointInShape(shape, point) ? point : null }
  }
  const zipCode = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(typed)?.[1]
  if (zipCode) {
    const zip = await db.selectFrom('zips').select(['county_id', 'state_id', 'latitude', 'longitude']).where('zip', '=', zipCode).executeTakeFirst()
    if (!zip) return { ok: false, problem: 'There is no zip code of that number.' }
    if (zip.state_id !== state.id)
      return { ok: false, problem: `This zip code is in ${findStateById(gazetteer, zip.state_id)?.name ?? 'another state'}, not ${state.name}.` }
    return withPoint(zip.county_id, zip)
  }
  // A whole name first, as the search box reads it ('Austin' is the city; 'Austin County' the county), then a county without its suffix.
  const base = urlSlug(typed)
  const named = resolvePlaceToken(gazetteer, state.id, base)
  if (named?.kind === 'city') {
    const row = await db.selectFrom('cities').select(['county_id', 'latitude', 'longitude']).where('id', '=', named.id).executeTakeFirstOrThrow()
    return withPoint(row.county_id, row)
  }
  for (const candidate of [base, `${base}-county`, `${base}-parish`, `${base}-borough`]) {
    if (resolvePlaceToken(gazetteer, state.id, candidate)?.kind === 'county') return { ok: true, county: candidate, point: null }
  }
  return { ok: false, problem: `There is no county, city or zip of that name in ${state.name}.` }
}

/** The parcel the inputs describe: its state and county known, its point (given, else the county's centre) inside the county. */
export async function parcelOf(db: Kysely<Database>, inputs: ValuationInputs): Promise<ParcelOutcome> {
  const gazetteer = await loadGazetteer(db)
  const state = findState(gazetteer, inputs.state)
  if (!state) return { ok: false, problems: ['Please choose a state from the list.'] }
  const place = resolvePlaceToken(gazetteer, state.id, inputs.county)
  if (place?.kind !== 'county') return { ok: false, problems: [`There is no county of that name in ${state.name}.`] }
  const county = await db
    .selectFrom('counties')
    .select(['id', 'region_id', 'latitude', 'longitude'])
    .where('id', '=', place.id)
    .$call(preparedStatement)
    .executeTakeFirstOrThrow()
  const shape = countyShape(county.id)
  if (inputs.point && shape && !isPointInShape(shape, inputs.point)) {
    return { ok: false, problems: [`This point is not in ${place.name}, ${state.abbreviation}: move it onto the land, or choose the county it is in.`] }
  }
  const types = draftPropertyTypeOptions.filter((option) => inputs.propertyTypes.includes(option.key)).reduce((bits, option) => bits | option.bits, 0)
  return {
    ok: true,
    place: { state: state.name, stateAbbreviation: state.abbreviation, county: findPlaceById(gazetteer, 'county', county.id)?.name ?? place.name },
    parcel: {
      stateId: state.id,
      countyId: county.id,
      regionId: county.region_id,
      latitude: inputs.point?.latitude ?? county.latitude,
      longitude: inputs.point?.longitude ?? county.longitude,
      acres: inputs.acres,
      propertyTypes: (types || propertyType.undeveloped) | (inputs.house ? propertyType.house : 0),
      hasHouse: inputs.house !== null,
      squareFeet: inputs.house?.squareFeet ?? null,
      features: inputs.features.reduce((bits, feature) => bits | featureOf[feature], 0),
    },
  }
}

/** The parcel's value today, or undefined when no sale within reach can say. */
export async function valueInputs(db: Kysely<Database>, parcel: Parcel, now = Date.now()): Promise<Valuation | undefined> {
  return valueParcel(await valuationModel(db), parcel, now)
}
