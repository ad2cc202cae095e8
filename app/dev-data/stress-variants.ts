import { squareFeetPerAcre } from '~/models/listings/listing-quality.server'
import { createRandom, mixSeed } from './random'
import { referenceDate } from './values'

/**
 * Harsher worlds for the valuation's stress tests (issue 36 item 7, decision 0060): the seed's
 * market with one thing made worse, so `npm run bench:valuation -- --variant NAME` shows how the
 * model degrades. Each variant is data the listing generator reads; its draws come from a stream
 * of their own, so the default world (no variant) is byte for byte the seed it always was.
 */
export const stressVariants = ['noise', 'non-arms-length', 'unit-errors', 'hidden-soil', 'county-shock'] as const
export type StressVariant = (typeof stressVariants)[number]

export const isStressVariant = (name: string): name is StressVariant => (stressVariants as readonly string[]).includes(name)

/** The county whose land doubles in price over the last year (county-shock): Yukon-Koyukuk, Alaska, the county the most listings fall in. */
export const shockedCountyId = 2290
const yearMilliseconds = 365 * 86_400_000
const nonArmsLengthShare = 0.05
const unitErrorShare = 0.03
/** The hidden soil factor: a smooth field of about this log amplitude over tens of kilometres, plus each parcel's own. */
const soilFieldSpread = 0.25
const soilParcelSpread = 0.1
const soilWavesPerDegree = 3

/** What a variant does to one listing: its land's worth on a date, the spread of its sale, and how its sale is recorded. */
export interface ListingStress {
  /** Factor on the land's worth on a date (hidden soil, a county's shock); 1 where the variant leaves it. */
  worthFactor: (iso: string) => number
  /** Factor on the log spread of what buyers pay around the worth. */
  saleSpreadFactor: number
  /** The recorded sale: acres and price as entered, which may be wrong. */
  recordSale: (acres: number, salesPrice: number) => { acres: number; salesPrice: number }
  /** How the sale was entered wrong (unit-errors), for the bench to ask whether the listing-quality gate catches it. */
  entryError?: 'acres in square feet' | 'price per acre as price'
}

const asRecorded = (acres: number, salesPrice: number) => ({ acres, salesPrice })

/** Which listings a variant touches, and how: a pure function of the seed and the listing, so a test or the bench can tell which sales were made wrong. */
export function listingStress(
  variant: StressVariant,
  seed: number,
  listingId: number,
  place: { countyId: number; latitude: number; longitude: number },
): ListingStress {
  const random = createRandom(mixSeed(seed, 7, listingId))
  const unchanged: ListingStress = { worthFactor: () => 1, saleSpreadFactor: 1, recordSale: asRecorded }
  switch (variant) {
    case 'noise':
      return { ...unchanged, saleSpreadFactor: 2 }
    case 'non-arms-length': {
      if (!random.chance(nonArmsLengthShare)) return unchanged
      // A sale between relatives or under duress: 40 to 70 % of what the land is worth.
      const share = random.float(0.4, 0.7)
      return { ...unchanged, recordSale: (acres, salesPrice) => ({ acres, salesPrice: Math.round(salesPrice * share) }) }
    }
    case 'unit-errors': {
      if (!random.chance(unitErrorShare)) return unchanged
      return random.chance(0.5)
        ? { ...unchanged, entryError: 'acres in square feet', recordSale: (acres, salesPrice) => ({ acres: acres * squareFeetPerAcre, salesPrice }) }
        : {
            ...unchanged,
            entryError: 'price per acre as price',
            recordSale: (acres, salesPrice) => ({ acres, salesPrice: Math.max(1, Math.round(salesPrice / acres)) }),
          }
    }
    case 'hidden-soil': {
      const radians = (degrees: number) => degrees * soilWavesPerDegree
      const field = Math.sin(radians(place.latitude) + 1.3) * Math.cos(radians(place.longitude) + 0.4)
      const factor = Math.exp(soilFieldSpread * field + soilParcelSpread * random.normal())
      return { ...unchanged, worthFactor: () => factor }
    }
    case 'county-shock':
      if (place.countyId !== shockedCountyId) return unchanged
      // Twice the price a year before today, rising evenly through that year.
      return { ...unchanged, worthFactor: (iso) => 2 ** Math.min(1, Math.max(0, 1 - (referenceDate - Date.parse(iso)) / yearMilliseconds)) }
  }
}
