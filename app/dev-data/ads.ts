import { type Insertable, type Kysely, sql } from 'kysely'
import type { AdDailyStatsTable, AdPlaceTable, AdTable, Database } from '~/models/db/db-schema'
import { adDay } from '~/models/ads/ads.server'
import { activeStatuses } from '~/models/listings/listing.server'
import { financeLocationType } from '~/models/listings/enumerations'
import { demoUsers } from '~/models/accounts/demo-users'
import { createRandom, mixSeed } from './random'

/**
 * Plausible first-party ads (issue 17 §8) from the seeded brokers and lenders: in each state the
 * paid broker with the most land for sale there, in the busiest counties the county's leading
 * broker, two national brokers, the demo seller (with a month of figures for the statistics
 * page), and every active lender over the places it serves (the default lender nationally).
 * Read from the database, so it also fills a database seeded before ads existed. Run dates count
 * from the day it runs: most ads run a year from a month ago; one campaign has not started yet.
 */
type AdSeed = Omit<Insertable<AdTable>, 'id' | 'starts_on' | 'ends_on' | 'created_at'> & { places: Omit<AdPlaceTable, 'ad_id'>[] }

const busiestCountyCount = 8
const nationalBrokerCount = 2
const demoStatisticsDays = 30
const dayMilliseconds = 86_400_000

interface BrokerInPlace {
  accountId: number
  placeId: number
  placeName: string
  listings: number
  photoListingId: number | null
  contactName: string
  companyName: string
}

/** Paid brokers' active listings counted by state or county, with a listing of theirs there that has photos. */
async function paidBrokerListingCounts(db: Kysely<Database>, placeKind: 'state' | 'county'): Promise<BrokerInPlace[]> {
  const placeColumn = placeKind === 'state' ? 'listings.state_id' : 'listings.county_id'
  const [rows, accounts, placeNames] = await Promise.all([
    db
      .selectFrom('listings')
      .innerJoin('accounts', 'accounts.id', 'listings.account_id')
      .where('accounts.is_free', '=', 0)
      .where('listings.status', 'in', activeStatuses)
      .groupBy(['listings.account_id', placeColumn])
      .select([
        'listings.account_id',
        `${placeColumn} as place_id`,
        (eb) => eb.fn.countAll<number>().as('listings'),
        sql<number | null>`min(case when listings.image_ids <> '[]' then listings.id end)`.as('photo_listing_id'),
      ])
      .execute(),
    db.selectFrom('accounts').where('is_free', '=', 0).select(['id', 'contact_name', 'company_name']).execute(),
    placeKind === 'state'
      ? db.selectFrom('states').select(['id', 'name']).execute()
      : db
          .selectFrom('counties')
          .innerJoin('states', 'states.id', 'counties.state_id')
          .select(['counties.id', sql<string>`counties.name || ' ' || counties.suffix || ', ' || states.abbreviation`.as('name')])
          .execute(),
  ])
  const accountsById = new Map(accounts.map((account) => [account.id, account]))
  const namesById = new Map(placeNames.map((place) => [place.id, place.name]))
  return rows.map((row) => ({
    accountId: row.account_id,
    placeId: row.place_id,
    placeName: namesById.get(row.place_id) ?? '',
    listings: Number(row.listings),
    photoListingId: row.photo_listing_id === null ? null : Number(row.photo_listing_id),
    contactName: accountsById.get(row.account_id)?.contact_name ?? '',
    companyName: accountsById.get(row.account_id)?.company_name ?? '',
  }))
}

const byListingsThenId = (a: BrokerInPlace, b: BrokerInPlace) => b.listings - a.listings || a.accountId - b.accountId || a.placeId - b.placeId

/** The broker with the most listings in each place, places in id order. */
function leadersByPlace(counts: BrokerInPlace[]) {
  const leaders = new Map<number, BrokerInPlace>()
  for (const count of [...counts].sort(byListingsThenId)) if (!leaders.has(count.placeId)) leaders.set(count.placeId, count)
  return [...leaders.values()].sort((a, b) => a.placeId - b.placeId)
}

const properties = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'property' : 'properties'}`
const firstName = (contactName: string) => contactName.split(' ')[0] || contactName

function brokerAd(broker: BrokerInPlace, placeKind: 'state' | 'county', photos: Map<number, number>): AdSeed {
  const company = broker.companyName || broker.contactName
  return {
    account_id: broker.accountId,
    finance_center_id: null,
    headline: `Looking for land in ${broker.placeName}?`,
    body: `${company} has ${properties(broker.listings)} for sale in ${broker.placeName}. Tell ${broker.contactName} what you are looking for.`,
    call_to_action: `Message ${firstName(broker.contactName)}`,
    image_document_id: broker.photoListingId === null ? null : (photos.get(broker.photoListingId) ?? null),
    places: [{ place_kind: placeKind, place_id: broker.placeId }],
  }
}

function nationalBrokerAd(broker: { states: number; listings: number; first: BrokerInPlace }, photos: Map<number, number>): AdSeed {
  const { first } = broker
  const company = first.companyName || first.contactName
  return {
    ...brokerAd(first, 'state', photos),
    headline: `Land for sale in ${broker.states} states`,
    body: `${company} has ${properties(broker.listings)} for sale across ${broker.states} states. Tell ${first.contactName} what you are looking for.`,
    places: [],
  }
}

/** The first photo of each listing that has one. */
async function firstPhotos(db: Kysely<Database>, listingIds: number[]) {
  const photos = new Map<number, number>()
  if (listingIds.length === 0) return photos
  const rows = await db.selectFrom('listings').where('id', 'in', listingIds).select(['id', 'image_ids']).execute()
  for (const row of rows) {
    const [photo] = JSON.parse(row.image_ids) as number[]
    if (photo !== undefined) photos.set(row.id, photo)
  }
  return photos
}

/** A photo of land in the state (the first listing there with one), or anywhere. */
async function landPhoto(db: Kysely<Database>, stateId: number | undefined) {
  const listing = await db
    .selectFrom('listings')
    .where('image_ids', '<>', '[]')
    .$if(stateId !== undefined, (query) => query.where('state_id', '=', stateId!))
    .select('image_ids')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return listing ? ((JSON.parse(listing.image_ids) as number[])[0] ?? null) : null
}

/** Each active lender's ad over the places it serves: states and counties as they are, a region as its counties, the default nationally. */
async function financeAds(db: Kysely<Database>): Promise<AdSeed[]> {
  const centers = await db.selectFrom('finance_centers').where('active', '=', 1).select(['id', 'name', 'description']).orderBy('id').execute()
  const locations = await db.selectFrom('finance_center_locations').selectAll().orderBy('location_type').orderBy('location_id').execute()
  const ads = []
  for (const center of centers) {
    const places: AdSeed['places'] = []
    for (const location of locations.filter((row) => row.finance_center_id === center.id)) {
      if (location.location_type === financeLocationType.state) places.push({ place_kind: 'state', place_id: location.location_id })
      if (location.location_type === financeLocationType.county) places.push({ place_kind: 'county', place_id: location.location_id })
      if (location.location_type === financeLocationType.region) {
        const counties = await db.selectFrom('counties').where('region_id', '=', location.location_id).select('id').orderBy('id').execute()
        places.push(...counties.map((county) => ({ place_kind: 'county' as const, place_id: county.id })))
      }
    }
    const [firstSentence = center.description] = center.description.match(/^[^.]*\./) ?? []
    ads.push({
      account_id: null,
      finance_center_id: center.id,
      headline: `Land loans from ${center.name}`,
      body: firstSentence,
      call_to_action: 'Ask about a land loan',
      image_document_id: await landPhoto(db, places.find((place) => place.place_kind === 'state')?.place_id),
      places,
    })
  }
  return ads
}

/** A month of daily figures for the demo seller's ad, so the statistics page shows what an advertiser sees. */
function demoStatistics(adId: number, siteId: number, now: Date): Insertable<AdDailyStatsTable>[] {
  const random = createRandom(mixSeed(adId, 17))
  return Array.from({ length: demoStatisticsDays }, (_, index) => {
    const impressions = random.int(40, 160)
    return {
      ad_id: adId,
      site_id: siteId,
      day: adDay(new Date(now.getTime() - (index + 1) * dayMilliseconds)),
      impressions,
      clicks: random.int(0, Math.ceil(impressions / 30)),
    }
  })
}

export async function seedAds(db: Kysely<Database>, { now = new Date(), demoSiteId }: { now?: Date; demoSiteId: number }) {
  const [stateCounts, countyCounts] = await Promise.all([paidBrokerListingCounts(db, 'state'), paidBrokerListingCounts(db, 'county')])
  const stateLeaders = leadersByPlace(stateCounts)
  const busiestCounties = leadersByPlace(countyCounts)
    .sort(byListingsThenId)
    .slice(0, busiestCountyCount)
    .sort((a, b) => a.placeId - b.placeId)
  const brokerTotals = new Map<number, { states: number; listings: number; first: BrokerInPlace }>()
  for (const count of [...stateCounts].sort(byListingsThenId)) {
    const total = brokerTotals.get(count.accountId)
    if (total) brokerTotals.set(count.accountId, { ...total, states: total.states + 1, listings: total.listings + count.listings })
    else brokerTotals.set(count.accountId, { states: 1, listings: count.listings, first: count })
  }
  const nationalBrokers = [...brokerTotals.values()]
    .filter((total) => total.states > 1)
    .sort((a, b) => b.listings - a.listings || a.first.accountId - b.first.accountId)
    .slice(0, nationalBrokerCount)
  const demoSeller = await db
    .selectFrom('users')
    .where(
      'email',
      'in',
      demoUsers.filter((user) => user.isSeller).map((user) => user.email),
    )
    .select('account_id')
    .executeTakeFirst()
  const demoPlace = stateCounts.filter((count) => count.accountId === demoSeller?.account_id).sort(byListingsThenId)[0]
  const photos = await firstPhotos(
    db,
    [...stateLeaders, ...busiestCounties, ...nationalBrokers.map((total) => total.first), ...(demoPlace ? [demoPlace] : [])].flatMap((broker) =>
      broker.photoListingId === null ? [] : [broker.photoListingId],
    ),
  )
  const seeds: AdSeed[] = [
    ...stateLeaders.map((broker) => brokerAd(broker, 'state', photos)),
    ...busiestCounties.map((broker) => brokerAd(broker, 'county', photos)),
    ...nationalBrokers.map((broker) => nationalBrokerAd(broker, photos)),
    ...(await financeAds(db)),
  ]
  // The demo seller's ad: its leading state's, unless it already leads there.
  const leadingIndex = stateLeaders.findIndex((leader) => leader.accountId === demoPlace?.accountId && leader.placeId === demoPlace.placeId)
  const demoAdIndex = !demoPlace ? undefined : leadingIndex >= 0 ? leadingIndex : seeds.push(brokerAd(demoPlace, 'state', photos)) - 1
  const day = (offset: number) => adDay(new Date(now.getTime() + offset * dayMilliseconds))
  // The last state's campaign starts in two weeks: until then its state shows the national ads.
  const scheduledIndex = stateLeaders.length - 1
  await db.transaction().execute(async (transaction) => {
    for (const [index, { places, ...ad }] of seeds.entries()) {
      const startsIn = index === scheduledIndex ? 14 : -30
      const { id } = await transaction
        .insertInto('ads')
        .values({ ...ad, starts_on: day(startsIn), ends_on: day(startsIn + 365), created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (places.length > 0)
        await transaction
          .insertInto('ad_places')
          .values(places.map((place) => ({ ...place, ad_id: id })))
          .execute()
      if (index === demoAdIndex)
        await transaction
          .insertInto('ad_daily_stats')
          .values(demoStatistics(id, demoSiteId, now))
          .execute()
    }
  })
  return seeds.length
}
