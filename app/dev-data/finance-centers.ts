import type { Insertable, Kysely } from 'kysely'
import type { Database, FinanceCenterTable } from '~/models/db/db-schema'
import { financeLocationType } from '~/models/listings/enumerations'
import type { Geography } from '~/models/places/geography.server'

/**
 * A handful of plausible lenders (farm-credit cooperatives, rural banks) so the finance page and
 * the header's Finance link have something to show: state and multi-state lenders, a Texas
 * region and county nested inside a Texas state lender, lenders kept off some sites, one inactive
 * lender and a national default. Names are invented; phone numbers are 555 numbers.
 */
type Place = { type: number; id: number }
type FinanceCenterSeed = Omit<Insertable<FinanceCenterTable>, 'id'> & { places: Place[] }

const travisCountyId = 48453
const state = (...ids: number[]): Place[] => ids.map((id) => ({ type: financeLocationType.state, id }))
const everySite = { show_on_lw: 1, show_on_laf: 1, show_on_loa: 1 }

function regionOfCounty(geography: Geography, countyId: number) {
  const regionId = geography.counties.find((county) => county.id === countyId)?.region_id
  if (regionId == null) throw new Error(`County ${countyId} has no region to seed a finance center for`)
  return regionId
}

function financeCenterSeeds(geography: Geography): FinanceCenterSeed[] {
  return [
    {
      name: 'American Rural Land Lending Cooperative',
      description:
        'A member-owned lending cooperative that finances land in every state: farms and ranches, timber and hunting tracts, and rural homesites. We lend on bare land, which many banks will not, with fixed or adjustable rates and terms up to 30 years.\n\nTell us about the property you have in mind and a loan officer will explain what you would need for a down payment and how long approval takes.',
      phone: '(800) 555-0140',
      website: 'https://www.ruralland-lending.example',
      email: 'loans@ruralland-lending.example',
      ...everySite,
      places: [{ type: financeLocationType.default, id: 0 }],
    },
    {
      name: 'Lone Star Land Credit, ACA',
      representative_name: 'Maria Delgado',
      description:
        'Lone Star Land Credit has made loans on Texas ranches, farms and recreational land for over ninety years. As a cooperative we return part of our earnings to our borrowers each year.\n\nWe finance purchases from 5 acres up, including land without a house, and offer loans for fencing, water wells and barns.',
      phone: '(512) 555-0188',
      website: 'https://www.lonestarlandcredit.example',
      email: 'info@lonestarlandcredit.example',
      checkbox_default_state: 1,
      ...everySite,
      places: state(48),
    },
    {
      name: 'Hill Country Farm Credit',
      description:
        'Local loan officers who know the Hill Country and the Blackland Prairie: pasture, small farms, rural homesites and acreage with a house. Terms up to 25 years, and construction loans for building on your land.',
      phone: '(830) 555-0121',
      website: 'https://www.hillcountryfarmcredit.example',
      email: 'lending@hillcountryfarmcredit.example',
      show_on_lw: 1,
      show_on_laf: 1,
      places: [{ type: financeLocationType.region, id: regionOfCounty(geography, travisCountyId) }],
    },
    {
      name: 'Capital Area Farmers Bank',
      description:
        'A community bank lending on land in Travis County since 1921. We make land, lot and small farm loans and keep them in our own portfolio, so decisions are made here, not out of state.',
      phone: '(512) 555-0164',
      website: 'https://www.capitalareafarmersbank.example',
      email: 'landloans@capitalareafarmersbank.example',
      ...everySite,
      places: [{ type: financeLocationType.county, id: travisCountyId }],
    },
    {
      name: 'Heartland Farm Credit',
      representative_name: 'A loan officer',
      description:
        'Financing for cropland, pasture and farmsteads across the Corn Belt and the Plains. We lend to beginning farmers with smaller down payments and offer operating lines for the first seasons on new ground.',
      phone: '(515) 555-0152',
      website: 'https://www.heartlandfarmcredit.example',
      email: 'loans@heartlandfarmcredit.example',
      checkbox_default_state: 1,
      show_on_lw: 1,
      show_on_laf: 1,
      places: state(19, 20, 29, 31),
    },
    {
      name: 'Big Sky Ag Lending',
      representative_name: 'Tom Hadley',
      description:
        'Ranch, grazing and recreational land loans in the northern Rockies. We understand water rights, grazing leases and seasonal access, and we lend on large acreages that city lenders pass over.',
      phone: '(406) 555-0177',
      website: 'https://www.bigskyaglending.example',
      email: 'ranchloans@bigskyaglending.example',
      checkbox_label: 'Send me land loan rates and terms for this property.',
      show_on_laf: 1,
      show_on_loa: 1,
      places: state(16, 30, 56),
    },
    {
      name: 'Southern Pine Timberland Finance',
      description:
        'Loans for timber tracts and hunting land across the Southeast, with payments that can follow your timber harvest schedule. We also refinance land you already own to pay for roads, food plots and cabins.',
      phone: '(478) 555-0133',
      website: 'https://www.southernpinefinance.example',
      email: 'info@southernpinefinance.example',
      show_on_loa: 1,
      places: state(1, 13, 28),
    },
    {
      name: 'Red River Farmers State Bank',
      description: 'Farm and ranch real estate loans in Oklahoma. This lender no longer takes new applications through our sites.',
      phone: '(405) 555-0119',
      website: 'https://www.redriverfarmersbank.example',
      email: 'loans@redriverfarmersbank.example',
      active: 0,
      ...everySite,
      places: state(40),
    },
  ]
}

/** Inserts the seed lenders in a fixed order, so their ids are the same on every fresh database. */
export async function seedFinanceCenters(db: Kysely<Database>, geography: Geography) {
  const seeds = financeCenterSeeds(geography)
  await db.transaction().execute(async (transaction) => {
    for (const { places, ...center } of seeds) {
      const { id } = await transaction.insertInto('finance_centers').values(center).returning('id').executeTakeFirstOrThrow()
      await transaction
        .insertInto('finance_center_locations')
        .values(places.map((place) => ({ finance_center_id: id, location_type: place.type, location_id: place.id })))
        .execute()
    }
  })
  return seeds.length
}
