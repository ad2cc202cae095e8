import { beforeAll, describe, expect, test } from 'vitest'
import { marketStatus, propertyType } from '~/models/listings/enumerations'
import { buildGeography, type Geography } from '~/models/places/geography.server'
import { accountCountFor, createSellerPool, generateAccounts } from '~/dev-data/accounts'
import { createLandMarket, type LandMarket } from '~/dev-data/land-market'
import usdaLandValues from '~/data/usda-land-values.json'
import { farmValuePerAcre2025, handSetFarmValuePerAcre, useValuePerAcre2025 } from '~/dev-data/land-values'
import { generateListing } from '~/dev-data/listings'
import { createPlaceIndex } from '~/dev-data/place-index'
import { type StressVariant, shockedCountyId } from '~/dev-data/stress-variants'
import { squareFeetPerAcre } from '~/models/listings/listing-quality.server'
import { createHash } from 'node:crypto'

/** The seed's prices (issue 16 §6): listings generated in memory, checked against the survey they are built on. */

const listingCount = 4000
let geography: Geography
let market: LandMarket
let listings: ReturnType<typeof generateListing>[]
let context: Parameters<typeof generateListing>[1]

beforeAll(() => {
  geography = buildGeography()
  market = createLandMarket(geography)
  const places = createPlaceIndex(geography)
  const sellers = [...generateAccounts(accountCountFor(listingCount), 3, places)].map(({ seller }) => seller)
  context = { seed: 3, geography, places, market, pickSeller: createSellerPool(sellers) }
  listings = Array.from({ length: listingCount }, (_value, index) => generateListing(index + 1, context))
})

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

const countyBySlug = (slug: string) => {
  const county = geography.counties.find((candidate) => candidate.slug === slug)
  if (!county) throw new Error(`No county ${slug}`)
  return county.id
}
const hasAny = (bits: number, mask: number) => (bits & mask) !== 0
const notFarmland =
  propertyType.house |
  propertyType.residential |
  propertyType.homesites |
  propertyType.commercial |
  propertyType.lakefront |
  propertyType.riverfront |
  propertyType.beachfront
const isActive = (listing: (typeof listings)[number]) => listing.status === marketStatus.available || listing.status === marketStatus.underContract
const isPriced = (listing: (typeof listings)[number]) => listing.price > 1000

describe('the land market', () => {
  test('land near cities is dearer than land far from them, within a state', () => {
    const value = (slug: string) => market.farmValuePerAcre(countyBySlug(slug))
    expect(value('Travis-County-TX')).toBeGreaterThan(3 * value('Brewster-County-TX'))
    expect(value('Harris-County-TX')).toBeGreaterThan(3 * value('Loving-County-TX'))
    expect(value('Los-Angeles-County-CA')).toBeGreaterThan(3 * value('Modoc-County-CA'))
  })

  test("every county's land gains value over the years, on a path of its own", () => {
    const texas = geography.counties.filter((county) => county.state_id === 48)
    const shares2019 = texas.map((county) => market.valueShareAt(county.id, '2019-07-01T00:00:00Z'))
    expect(median(shares2019)).toBeGreaterThan(0.55)
    expect(median(shares2019)).toBeLessThan(0.85)
    expect(Math.max(...shares2019) - Math.min(...shares2019)).toBeGreaterThan(0.1)
    for (const county of texas) {
      expect(market.valueShareAt(county.id, '2026-11-01T00:00:00Z')).toBeCloseTo(1, 6)
      // The 2021–2022 boom: a year's gain then is well above that of 2019.
      const gain = (year: number) => market.valueShareAt(county.id, `${year + 1}-01-01T00:00:00Z`) / market.valueShareAt(county.id, `${year}-01-01T00:00:00Z`)
      expect(gain(2022)).toBeGreaterThan(gain(2019))
    }
  })
})

describe("the market's levels", () => {
  test("are USDA NASS's own 2025 state figures; only Alaska, Hawaii and the District, which NASS does not survey, are set by hand", () => {
    // Published figures of the Land Values 2025 Summary, as quoted in the press (app/data/README.md).
    expect(farmValuePerAcre2025).toMatchObject({ TX: 2_970, IA: 9_790, CA: 13_700, NM: 725, RI: 22_500, SD: 2_970 })
    expect(useValuePerAcre2025.cropland).toMatchObject({ IL: 9_850, IA: 10_300, TX: 2_710, KS: 3_440 })
    const surveyed = usdaLandValues.rows.filter((row) => row.year === 2025)
    expect(surveyed).toHaveLength(48)
    for (const row of surveyed) expect(farmValuePerAcre2025[row.state], row.state).toBe(row.farmRealEstate)
    expect(Object.keys(farmValuePerAcre2025).filter((state) => !surveyed.some((row) => row.state === state))).toEqual(Object.keys(handSetFarmValuePerAcre))
  })
})

describe('generated prices', () => {
  test("the median farm listing asks about its state's surveyed farmland value per acre", () => {
    const ratios = listings
      .filter(
        (listing) => isActive(listing) && isPriced(listing) && hasAny(listing.property_types, propertyType.farm) && !hasAny(listing.property_types, notFarmland),
      )
      .map((listing) => {
        const state = geography.states.find((candidate) => candidate.id === listing.state_id)
        return listing.price / listing.acres / (farmValuePerAcre2025[state?.abbreviation ?? ''] ?? Number.NaN)
      })
    expect(ratios.length).toBeGreaterThan(100)
    expect(median(ratios)).toBeGreaterThan(0.8)
    expect(median(ratios)).toBeLessThan(1.6)
  })

  test('a homesite of an acre or two asks tens of thousands of dollars an acre, not hundreds', () => {
    const perAcre = listings
      .filter((listing) => isActive(listing) && isPriced(listing) && listing.acres >= 1 && listing.acres <= 2)
      .filter((listing) => hasAny(listing.property_types, propertyType.homesites | propertyType.residential) && !hasAny(listing.property_types, propertyType.house))
      .map((listing) => listing.price / listing.acres)
    expect(perAcre.length).toBeGreaterThan(30)
    expect(median(perAcre)).toBeGreaterThan(25_000)
    expect(median(perAcre)).toBeLessThan(150_000)
  })

  test('price per acre falls as parcels grow', () => {
    const land = listings.filter((listing) => isActive(listing) && isPriced(listing) && !hasAny(listing.property_types, propertyType.house))
    const medianBetween = (smallest: number, largest: number) =>
      median(land.filter((listing) => listing.acres >= smallest && listing.acres < largest).map((listing) => listing.price / listing.acres))
    const bands = [medianBetween(0, 5), medianBetween(5, 40), medianBetween(40, 160), medianBetween(160, Infinity)]
    expect(bands).toEqual([...bands].sort((a, b) => b - a))
    expect(bands[0]).toBeGreaterThan(5 * (bands[3] ?? 0))
  })

  test('about a third of the listings are sold, on days spread from 2019 to the reference date', () => {
    const sold = listings.filter((listing) => listing.status === marketStatus.sold)
    expect(sold.length / listings.length).toBeGreaterThan(0.25)
    expect(sold.length / listings.length).toBeLessThan(0.35)
    const years = new Set(sold.map((listing) => listing.sales_date?.slice(0, 4)))
    expect([...years].sort()).toEqual(['2019', '2020', '2021', '2022', '2023', '2024', '2025', '2026'])
    for (const listing of sold) expect(listing.sales_date! < '2026-11-01').toBe(true)
    expect(listings.filter(isActive).length / listings.length).toBeGreaterThan(0.6)
  })

  test("a sale fetches the land's worth on its day: later sales fetch more than earlier ones for like land", () => {
    // A sale's price per acre against its county's farmland value today takes out place and size on the whole.
    const relative = (years: string[]) =>
      median(
        listings
          .filter((listing) => listing.status === marketStatus.sold && years.includes(listing.sales_date?.slice(0, 4) ?? ''))
          .map((listing) => (listing.sales_price ?? 0) / listing.acres / market.farmValuePerAcre(listing.county_id)),
      )
    expect(relative(['2025', '2026']) / relative(['2019', '2020'])).toBeGreaterThan(1.15)
    const saleToAsking = listings
      .filter((listing) => listing.status === marketStatus.sold && isPriced(listing))
      .map((listing) => (listing.sales_price ?? 0) / listing.price)
    expect(median(saleToAsking)).toBeGreaterThan(0.85)
    expect(median(saleToAsking)).toBeLessThan(1)
    expect(new Set(saleToAsking.map((ratio) => ratio.toFixed(2))).size).toBeGreaterThan(20)
  })
})

describe("the valuation's stress worlds (decision 0060)", () => {
  const stressed = (stress: StressVariant) => listings.map((listing) => generateListing(listing.id, { ...context, stress }))
  const sold = (rows: typeof listings) => rows.filter((listing) => listing.status === marketStatus.sold)

  test('the ordinary world is byte for byte the seed it was before the stress worlds existed', () => {
    expect(createHash('sha256').update(JSON.stringify(listings)).digest('hex')).toBe('e5f919722b55e8798d2cc067fdaedcdb2693c1ad341b3972d578b91fbc7440f2')
  })

  test('doubled noise spreads every sale price further from its worth, and leaves the rest of the listing alone', () => {
    const noisy = stressed('noise')
    const logRatios = sold(noisy).map((listing) => Math.log(listing.sales_price! / listings[listing.id - 1]!.sales_price!))
    const spread = Math.sqrt(logRatios.reduce((sum, value) => sum + value ** 2, 0) / logRatios.length)
    expect(spread).toBeGreaterThan(0.07)
    expect(spread).toBeLessThan(0.13)
    expect(noisy.map((listing) => listing.price)).toEqual(listings.map((listing) => listing.price))
  })

  test("about 5 % of sales are not at arm's length, at 40 to 70 % of the price the land fetched", () => {
    const ratios = sold(stressed('non-arms-length')).map((listing) => listing.sales_price! / listings[listing.id - 1]!.sales_price!)
    const cut = ratios.filter((ratio) => ratio !== 1)
    expect(cut.length / ratios.length).toBeGreaterThan(0.03)
    expect(cut.length / ratios.length).toBeLessThan(0.07)
    expect(Math.min(...cut)).toBeGreaterThan(0.39)
    expect(Math.max(...cut)).toBeLessThan(0.71)
  })

  test('about 3 % of sales are entered in the wrong unit: acres in square feet, or the price per acre as the price', () => {
    const entered = sold(stressed('unit-errors')).map((listing) => ({ listing, original: listings[listing.id - 1]! }))
    const inSquareFeet = entered.filter(({ listing, original }) => listing.acres === original.acres * squareFeetPerAcre)
    const perAcre = entered.filter(({ listing, original }) => listing.sales_price === Math.max(1, Math.round(original.sales_price! / original.acres)))
    expect((inSquareFeet.length + perAcre.length) / entered.length).toBeGreaterThan(0.015)
    expect((inSquareFeet.length + perAcre.length) / entered.length).toBeLessThan(0.045)
    expect(inSquareFeet.length).toBeGreaterThan(0)
    expect(perAcre.length).toBeGreaterThan(0)
  })

  test('hidden soil moves every price, asked and paid, by a factor the data does not carry', () => {
    const soiled = stressed('hidden-soil')
    const moved = soiled.filter((listing, index) => listing.price > 1000 && listing.price !== listings[index]!.price)
    expect(moved.length / soiled.filter((listing) => listing.price > 1000).length).toBeGreaterThan(0.9)
    expect(soiled.map((listing) => [listing.acres, listing.property_types, listing.latitude])).toEqual(
      listings.map((listing) => [listing.acres, listing.property_types, listing.latitude]),
    )
  })

  test("one county's prices double over the last year, and no other county's move", () => {
    const shocked = stressed('county-shock')
    const changed = shocked.filter((listing, index) => JSON.stringify(listing) !== JSON.stringify(listings[index]))
    expect(changed.length).toBeGreaterThan(0)
    for (const listing of changed) expect(listing.county_id).toBe(shockedCountyId)
    const forSale = shocked.filter(
      (listing, index) => listing.county_id === shockedCountyId && isActive(listing) && isPriced(listing) && listings[index]!.price > 1000,
    )
    for (const listing of forSale) expect(listing.price / listings[listing.id - 1]!.price).toBeGreaterThan(1.9)
  })
})
