import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { data, redirect } from 'react-router'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { type ValuationInputs, parseValuationPath, valuationFeatures, valuationPath } from '~/models/valuation/valuation-path'
import { salesProvenance } from '~/models/valuation/valuation-sales.server'
import { locateTypedPlace, parcelOf, valueInputs } from '~/models/valuation/valuation.server'
import { readValuationSentence } from '~/models/valuation/valuation-sentence.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { findListingSummaries, findSimilarListings } from '~/models/listings/listing-detail.server'
import type { ListingSummary } from '~/models/listings/listing-summary'
import { listingCardView } from '~/models/listings/listing-card'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { comparablesMap } from '~/models/valuation/comparables-map.server'
import { priceTrends, trendOf } from '~/models/valuation/price-trends.server'
import { landValuesPath } from '~/models/valuation/land-values-path'
import { findSavedValuation, saveValuation } from '~/models/valuation/saved-valuations.server'
import { landUseOf } from '~/models/valuation/valuation-model'
import { listingSiteFor } from '~/sites'
import { siteOrigin } from '~/sites/site-origin.server'
import { listingPath } from '~/models/listings/listing-path'
import { accountPaths } from '~/models/accounts/account-paths'
import { formatAcres } from '~/utils/format'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { getViewer, requireViewer } from '~/http/session.server'
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

async function statesOf(db: Kysely<Database>) {
  const gazetteer = await loadGazetteer(db)
  return gazetteer.states.map((state) => ({ token: state.token, name: state.name })).sort((a, b) => a.name.localeCompare(b.name))
}

/** The form's answer: its values as given, each field's message, and the states to choose from. */
async function formAnswer(db: Kysely<Database>, values: ValuationFormValues, errors: Record<string, string>, status: number) {
  return data({ kind: 'form' as const, values, errors, states: await statesOf(db) }, { status })
}

export async function loadValuationForm(db: Kysely<Database>, site: SiteProfile, request: Request) {
  if (!site.features.valuation) throw notFound()
  const query = new URL(request.url).searchParams
  if (query.size === 0) return formAnswer(db, {}, {}, 200)
  const values: ValuationFormValues = Object.fromEntries(
    [...query.keys()].map((name) => [name, name === 'types' || name === 'features' ? query.getAll(name) : (query.get(name) ?? '')]),
  )
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '')
  // '40 acres in Travis County' in the place field (issue 40) fills the state and acres left blank.
  if (text('county') && (!text('state') || !text('acres'))) {
    const sentence = await readValuationSentence(db, text('county'), text('state'))
    if (sentence.place && (sentence.acres !== undefined || !text('state'))) {
      Object.assign(values, { state: text('state') || sentence.state, county: sentence.place, acres: text('acres') || String(sentence.acres ?? '') })
    }
  }
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
  const place = errors.state || errors.county ? undefined : await locateTypedPlace(db, text('state'), text('county'))
  if (place && !place.ok) errors.county = place.problem
  if (!place?.ok || Object.keys(errors).length > 0) return formAnswer(db, values, errors, 400)
  const list = (name: string) => (Array.isArray(values[name]) ? (values[name] as string[]) : [])
  const inputs: ValuationInputs = {
    state: text('state'),
    county: place.county,
    acres: Number(text('acres')),
    propertyTypes: list('types').filter((key) => draftPropertyTypeOptions.some((option) => option.key === key)),
    house: text('beds') ? { beds: Number(text('beds')), baths: Number(text('baths')), squareFeet: text('squareFeet') ? Number(text('squareFeet')) : null } : null,
    features: valuationFeatures.filter((feature) => list('features').includes(feature)),
    point: text('latitude') ? { latitude: Number(text('latitude')), longitude: Number(text('longitude')) } : place.point,
  }
  const outcome = await parcelOf(db, inputs)
  if (!outcome.ok) return formAnswer(db, values, { latitude: outcome.problems[0]! }, 400)
  throw redirect(valuationPath(inputs), 303)
}

/** The valuation an address names, or the site's 404. */
async function valuationAt(db: Kysely<Database>, site: SiteProfile, request: Request) {
  if (!site.features.valuation) throw notFound()
  const path = new URL(request.url).pathname
  const inputs = parseValuationPath(path)
  if (!inputs) throw notFound()
  const outcome = await parcelOf(db, inputs)
  if (!outcome.ok) throw notFound()
  const label = `${formatAcres(inputs.acres)} in ${outcome.place.county}, ${outcome.place.state}`
  return { path, inputs, label, ...outcome, valuation: await valueInputs(db, outcome.parcel) }
}

/** Where a listing shows best (its specialty site, else the land site), at that site's origin on this request. */
function listingHref(listing: ListingSummary) {
  const site = listingSiteFor(landUseOf(listing.propertyTypes))
  return `${siteOrigin(site)}${listingPath(site, listing)}`
}

const nearbyListingCount = 6

/** With Low data on, the comparables map is sent only when asked for (its link adds this to the address). */
const showMapParameter = 'map'

export async function loadValuation(db: Kysely<Database>, site: SiteProfile, request: Request, isLowData: boolean) {
  const { path, inputs, label, place, parcel, valuation } = await valuationAt(db, site, request)
  const isMapShown = !isLowData || new URL(request.url).searchParams.has(showMapParameter)
  const viewer = await getViewer(request)
  const comparableIds = valuation?.comparables.map((comparable) => comparable.sale.id) ?? []
  const [comparableListings, nearby, saved, trends, provenance] = await Promise.all([
    findListingSummaries(db, comparableIds),
    findSimilarListings(db, { id: 0, ...parcel, price: Math.round(valuation?.value ?? 0) }, { scopeBits: 0, limit: nearbyListingCount }),
    viewer ? findSavedValuation(db, viewer.id, path) : undefined,
    priceTrends(db),
    salesProvenance(db),
  ])
  return {
    kind: 'valuation' as const,
    salesProvenance: provenance,
    path,
    label,
    inputs,
    place,
    valuation: valuation && {
      basis: valuation.basis,
      value: valuation.value,
      perAcre: valuation.perAcre,
      low: valuation.low,
      high: valuation.high,
      houseValue: valuation.houseValue,
      confidence: valuation.confidence,
      map: isMapShown
        ? comparablesMap(
            parcel,
            valuation.comparables.map((comparable) => comparable.sale),
          )
        : null,
      showMapHref: `${path}?${showMapParameter}=shown#comparables-heading`,
      comparables: valuation.comparables.map((comparable) => {
        const listing = comparableListings.get(comparable.sale.id)
        return {
          id: comparable.sale.id,
          href: listing ? listingHref(listing) : null,
          distanceKm: comparable.distanceKm,
          soldOn: new Date(comparable.sale.soldAt).toISOString().slice(0, 10),
          acres: comparable.sale.acres,
          price: comparable.sale.price,
          perAcre: comparable.sale.price / comparable.sale.acres,
          adjustedPerAcre: comparable.adjustedPerAcre,
          adjustment: comparable.adjustedPerAcre / (comparable.sale.price / comparable.sale.acres),
          grossAdjustment: comparable.grossAdjustment,
        }
      }),
    },
    nearbyListings: nearby.map((listing) => listingCardView({ ...listing, href: listingHref(listing) })),
    trend: {
      title: 'Median price per acre of land sold, by quarter',
      series: [
        { label: place.county, points: trendOf(trends, { kind: 'county', id: parcel.countyId }).quarters },
        { label: place.state, points: trendOf(trends, { kind: 'state', id: parcel.stateId }).quarters },
      ],
    },
    landValuesPath: landValuesPath(inputs.state, inputs.county),
    sellHref: `${sellerPaths.newListing}?${new URLSearchParams({
      state: place.stateAbbreviation,
      county: place.county,
      ...(inputs.point ? { latitude: String(inputs.point.latitude), longitude: String(inputs.point.longitude) } : {}),
    })}`,
    saved: saved ? { alert: saved.alert } : null,
    // The site's one login address (issue 39): the login page returns here by the Referer.
    loginHref: viewer ? null : accountPaths.login,
  }
}

const savedIntents = ['save', 'alert', 'alert-off'] as const

/** The valuation page's forms: save it, and turn its alert on or off (signed in; saving first when needed). */
export async function handleValuationPost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const viewer = await requireViewer(request, 'Saved Valuations')
  const { path, label, valuation } = await valuationAt(db, site, request)
  const intent = String((await readFormData(request)).get('intent'))
  if (!valuation || !savedIntents.includes(intent as (typeof savedIntents)[number])) throw new Response('Bad Request', { status: 400 })
  await saveValuation(
    db,
    viewer.id,
    { path, label, value: valuation.value, low: valuation.low, high: valuation.high },
    { alert: intent === 'save' ? undefined : intent === 'alert' },
  )
  return redirect(`${path}#saved`, 303)
}
