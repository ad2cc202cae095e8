import { data, redirect } from 'react-router'
import { getDb } from '~/models/db/db.server'
import { findState, loadGazetteer, resolvePlaceToken } from '~/models/places/gazetteer.server'
import { draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { type ValuationInputs, parseValuationPath, valuationFeatures, valuationPath } from '~/models/valuation/valuation-path'
import { parcelOf, valueInputs } from '~/models/valuation/valuation.server'
import type { SiteProfile } from '~/sites/site-profile'
import { urlSlug } from '~/utils/url-slug'
import { maxLength, maxValue, minValue, numeric, required, validateFields } from '~/models/forms/validation'

/**
 * AcreWorth's valuation (issue 16 §1–2, first part): the form's GET is read at /value/ and sent on
 * to the valuation's own address, or answered with what is wrong in words; /value/{…}/ values the
 * parcel. Only the valuation site has these pages.
 */
const notFound = () => new Response('Not Found', { status: 404 })

export type ValuationFormValues = Record<string, string | string[]>

const formRules = {
  state: [required()],
  county: [required(), maxLength(100)],
  acres: [required(), numeric(), minValue(0.01), maxValue(1_000_000)],
  beds: [numeric(), minValue(0), maxValue(20)],
  baths: [numeric(), minValue(0), maxValue(20)],
  squareFeet: [numeric(), minValue(100), maxValue(99_999)],
  latitude: [numeric(), minValue(-90), maxValue(90)],
  longitude: [numeric(), minValue(-180), maxValue(180)],
}

async function statesOf() {
  const gazetteer = await loadGazetteer(getDb())
  return gazetteer.states.map((state) => ({ token: state.token, name: state.name })).sort((a, b) => a.name.localeCompare(b.name))
}

/** The county's token from its name as typed ('Travis', 'Travis County', 'Acadia Parish'). */
async function countyToken(stateToken: string, typed: string) {
  const gazetteer = await loadGazetteer(getDb())
  const state = findState(gazetteer, stateToken)
  if (!state) return undefined
  const base = urlSlug(typed)
  for (const candidate of [base, `${base}-county`, `${base}-parish`, `${base}-borough`]) {
    if (resolvePlaceToken(gazetteer, state.id, candidate)?.kind === 'county') return candidate
  }
  return undefined
}

/** The form's answer: its values as given, each field's message, and the states to choose from. */
async function formAnswer(values: ValuationFormValues, errors: Record<string, string>, status: number) {
  return data({ kind: 'form' as const, values, errors, states: await statesOf() }, { status })
}

export async function loadValuationForm(site: SiteProfile, request: Request) {
  if (site.searchGrammar) throw notFound()
  const query = new URL(request.url).searchParams
  if (query.size === 0) return formAnswer({}, {}, 200)
  const values: ValuationFormValues = Object.fromEntries(
    [...query.keys()].map((name) => [name, name === 'types' || name === 'features' ? query.getAll(name) : (query.get(name) ?? '')]),
  )
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '')
  const errors: Record<string, string> = Object.fromEntries(
    Object.entries(validateFields(Object.fromEntries(Object.keys(formRules).map((name) => [name, text(name)])), formRules)).map(([name, message]) => [
      name,
      message!,
    ]),
  )
  if (Boolean(text('latitude')) !== Boolean(text('longitude')))
    errors[text('latitude') ? 'longitude' : 'latitude'] = 'Please give both latitude and longitude, or neither.'
  if (text('beds') !== text('baths') && (!text('beds') || !text('baths')))
    errors[text('beds') ? 'baths' : 'beds'] = 'Please give both bedrooms and bathrooms for a house, or neither.'
  const county = errors.state || errors.county ? undefined : await countyToken(text('state'), text('county'))
  if (!errors.state && !errors.county && !county) errors.county = 'There is no county of that name in this state.'
  if (Object.keys(errors).length > 0) return formAnswer(values, errors, 400)
  const list = (name: string) => (Array.isArray(values[name]) ? (values[name] as string[]) : [])
  const inputs: ValuationInputs = {
    state: text('state'),
    county: county!,
    acres: Number(text('acres')),
    propertyTypes: list('types').filter((key) => draftPropertyTypeOptions.some((option) => option.key === key)),
    house: text('beds') ? { beds: Number(text('beds')), baths: Number(text('baths')), squareFeet: text('squareFeet') ? Number(text('squareFeet')) : null } : null,
    features: valuationFeatures.filter((feature) => list('features').includes(feature)),
    point: text('latitude') ? { latitude: Number(text('latitude')), longitude: Number(text('longitude')) } : null,
  }
  const outcome = await parcelOf(getDb(), inputs)
  if (!outcome.ok) return formAnswer(values, { latitude: outcome.problems[0]! }, 400)
  throw redirect(valuationPath(inputs), 303)
}

export async function loadValuation(site: SiteProfile, request: Request) {
  if (site.searchGrammar) throw notFound()
  const pathname = new URL(request.url).pathname
  const inputs = parseValuationPath(pathname)
  if (!inputs) throw notFound()
  const db = getDb()
  const outcome = await parcelOf(db, inputs)
  if (!outcome.ok) throw notFound()
  const valuation = await valueInputs(db, outcome.parcel)
  return {
    kind: 'valuation' as const,
    path: pathname,
    inputs,
    place: outcome.place,
    valuation: valuation && {
      value: valuation.value,
      perAcre: valuation.perAcre,
      low: valuation.low,
      high: valuation.high,
      confidence: valuation.confidence,
      comparables: valuation.comparables.map((comparable) => ({
        id: comparable.sale.id,
        distanceKm: comparable.distanceKm,
        soldOn: new Date(comparable.sale.soldAt).toISOString().slice(0, 10),
        acres: comparable.sale.acres,
        price: comparable.sale.price,
        perAcre: comparable.sale.price / comparable.sale.acres,
        adjustedPerAcre: comparable.adjustedPerAcre,
        adjustment: comparable.adjustedPerAcre / (comparable.sale.price / comparable.sale.acres),
      })),
    },
  }
}
