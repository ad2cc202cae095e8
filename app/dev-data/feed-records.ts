import { feedActivities, feedPropertyTypes, feedStatuses } from '~/models/feeds/feed-fields'
import { accountType, brokerType } from '~/models/listings/enumerations'
import type { Geography } from '~/models/places/geography.server'
import { escapeXml } from '~/utils/escape-xml'
import { createLandMarket } from './land-market'
import { generateListing } from './listings'
import type { PlaceIndex } from './place-index'
import { createRandom, mixSeed } from './random'

/**
 * A partner feed made of generated listings (the demo feed of `npm start`, and `bench:feed`): the
 * same realistic land as the seed, written as a partner would write it, with the mistakes partner
 * feeds really carry sprinkled in at `defectRate` — a county given as the city, a size in square
 * feet, a price per acre typed as the price, a point in the next county, a missing title, markup,
 * a bad phone number — so the quality gate has something to catch.
 */

export interface FeedGeneratorOptions {
  count: number
  seed: number
  geography: Geography
  places: PlaceIndex
  /** Chance that a record carries one of the defects. */
  defectRate?: number
  /** Photo URLs of record `index`; none when not given. */
  photoUrls?: (index: number) => string[]
  /** Where record ids start, so two generated feeds do not share ids. */
  firstIndex?: number
}

const defects = ['county-as-city', 'square-feet', 'price-per-acre', 'next-county', 'missing-title', 'markup', 'bad-phone'] as const
type Defect = (typeof defects)[number]

const namesOfBits = (bits: number, names: Readonly<Record<string, number>>) => Object.entries(names).flatMap(([name, bit]) => (bits & bit ? [name] : []))
const statusNames = Object.fromEntries(Object.entries(feedStatuses).map(([name, value]) => [value, name]))

function element(name: string, value: string | number | null | undefined) {
  return value === null || value === undefined || value === '' ? '' : `<${name}>${escapeXml(String(value))}</${name}>`
}

export function* generateFeedRecords(options: FeedGeneratorOptions): Generator<string> {
  const { geography, places, count, seed, defectRate = 0.05, firstIndex = 1 } = options
  const countyById = new Map(geography.counties.map((county) => [county.id, county]))
  const stateById = new Map(geography.states.map((state) => [state.id, state]))
  const cityById = new Map(geography.cities.map((city) => [city.id, city]))
  const feedSeller = { id: 0, stateId: 0, tier: 'standard' as const, brokerType: brokerType.broker, accountType: accountType.listhubSeller, weight: 1 }
  const context = { seed: mixSeed(seed, 11), geography, places, market: createLandMarket(geography), pickSeller: () => feedSeller }
  for (let index = firstIndex; index < firstIndex + count; index++) {
    const listing = generateListing(index, context)
    const random = createRandom(mixSeed(seed, 13, index))
    const defect: Defect | undefined = random.chance(defectRate) ? random.pick(defects) : undefined
    const county = countyById.get(listing.county_id)!
    const state = stateById.get(listing.state_id)!
    let point = { latitude: listing.latitude, longitude: listing.longitude }
    if (defect === 'next-county') {
      // A point of another county of the state: the kind of copy-paste slip a feed makes.
      const other = geography.counties.find((candidate) => candidate.state_id === state.id && candidate.id !== county.id)
      if (other) point = { latitude: other.latitude, longitude: other.longitude }
    }
    const pricePerAcre = listing.acres > 0 ? Math.round(listing.price / listing.acres) : listing.price
    const fields = [
      element('id', `G-${index}`),
      element('status', statusNames[listing.status]),
      element('saleType', listing.sale_type === 2 ? 'auction' : 'sale'),
      defect === 'missing-title' ? '' : element('title', listing.title),
      element('description', defect === 'markup' ? `<p>${listing.description}</p><script>track()</script>` : listing.description),
      element('price', defect === 'price-per-acre' && listing.acres >= 10 ? pricePerAcre : listing.price),
      element('acres', defect === 'square-feet' && listing.acres < 5 ? Math.round(listing.acres * 43_560) : listing.acres),
      element('address', listing.address1),
      element('city', defect === 'county-as-city' ? `${county.name} County` : listing.city_id ? cityById.get(listing.city_id)?.name : null),
      element('county', county.name),
      element('state', state.abbreviation),
      element('zip', defect === 'next-county' ? null : listing.zip),
      element('latitude', point.latitude),
      element('longitude', point.longitude),
      `<propertyTypes>${namesOfBits(listing.property_types, feedPropertyTypes)
        .map((name) => element('propertyType', name))
        .join('')}</propertyTypes>`,
      `<activities>${namesOfBits(listing.activities, feedActivities)
        .map((name) => element('activity', name))
        .join('')}</activities>`,
      element('beds', listing.beds),
      element('baths', listing.baths),
      element('homeSquareFeet', listing.home_sqft),
      element('mineralRights', listing.mineral_rights ? 'yes' : 'no'),
      element('ownerFinancing', listing.owner_financing ? 'yes' : 'no'),
      element('salesPrice', listing.sales_price),
      element('salesDate', listing.sales_date),
      element('auctionUrl', listing.auction_url),
      defect === 'bad-phone' ? element('contactPhone', '555-01') : '',
      `<photos>${(options.photoUrls?.(index) ?? []).map((url) => `<photo>${element('url', url)}</photo>`).join('')}</photos>`,
    ]
    yield `<listing>${fields.join('')}</listing>\n`
  }
}

/** A whole feed document, as a partner's file would be. */
export function* generateFeed(options: FeedGeneratorOptions): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<listings type="full">\n'
  yield* generateFeedRecords(options)
  yield '</listings>\n'
}
