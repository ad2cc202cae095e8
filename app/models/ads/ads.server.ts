import { type Kysely, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { preparedStatement } from '~/models/db/dialect.server'
import { findFinanceCenter, visibleFinanceCenterIds } from '~/models/finance/finance-centers.server'
import { financeContactSectionId } from '~/models/finance/finance-contact'
import { listingFormSectionIds } from '~/models/listings/listing-form-ids'
import { brokerPagePath } from '~/models/brokers/broker-path'
import { financingPath } from '~/models/finance/finance-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { brokerDisplayName } from '~/utils/format'
import type { AdView } from './ad'

/** The place a page is about (a county lies in its state); nothing for a national page. */
export interface AdPlace {
  stateId?: number
  countyId?: number
}

/** A day as ads' run dates and statistics write it: 'YYYY-MM-DD' in UTC. */
export function adDay(now: Date) {
  return now.toISOString().slice(0, 10)
}

/** How closely an ad's target matches the page: its county, its state, or national (no target). */
const targetRank = { county: 2, state: 1, national: 0 } as const

/** A stable, evenly spread number for a string (FNV-1a), to rotate among equally targeted ads. */
function rotationIndex(key: string, count: number) {
  let hash = 0x811c9dc5
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193)
  return (hash >>> 0) % count
}

/**
 * The ads running on `day` that this site can show for a place: a broker's where the site has
 * broker pages and the broker has one (a paid account, spec §2 "paid broker page"), a lender's
 * where the lender is shown on the site; each with the target that admitted it.
 */
function runningAdsFor(db: Kysely<Database>, site: SiteProfile, place: AdPlace, day: string) {
  const financeFlag = site.financeCenterFlag
  return db
    .selectFrom('ads')
    .leftJoin('ad_places', 'ad_places.ad_id', 'ads.id')
    .leftJoin('accounts', 'accounts.id', 'ads.account_id')
    .leftJoin('finance_centers', 'finance_centers.id', 'ads.finance_center_id')
    .where('ads.starts_on', '<=', day)
    .where('ads.ends_on', '>=', day)
    .where((eb) =>
      eb.or([
        eb('ad_places.ad_id', 'is', null),
        ...(place.countyId === undefined ? [] : [eb.and([eb('ad_places.place_kind', '=', 'county'), eb('ad_places.place_id', '=', place.countyId)])]),
        ...(place.stateId === undefined ? [] : [eb.and([eb('ad_places.place_kind', '=', 'state'), eb('ad_places.place_id', '=', place.stateId)])]),
      ]),
    )
    .where((eb) =>
      eb.or([
        ...(site.brokerPathStyle ? [eb.and([eb('ads.account_id', 'is not', null), eb('accounts.is_free', '=', 0)])] : []),
        ...(financeFlag ? [eb('ads.finance_center_id', 'in', visibleFinanceCenterIds(db, financeFlag))] : []),
      ]),
    )
    .select([
      'ads.id',
      'ads.headline',
      'ads.body',
      'ads.call_to_action',
      'ads.image_document_id',
      'ads.account_id',
      'ad_places.place_kind',
      'accounts.contact_name',
      'accounts.company_name',
      'finance_centers.name as finance_center_name',
    ])
    .orderBy('ads.id')
    .$call(preparedStatement)
    .execute()
}

type RunningAd = Awaited<ReturnType<typeof runningAdsFor>>[number]

function toAdView(row: RunningAd): AdView {
  return {
    id: row.id,
    kind: row.account_id === null ? 'finance' : 'broker',
    headline: row.headline,
    body: row.body,
    callToAction: row.call_to_action,
    advertiser: row.account_id === null ? (row.finance_center_name ?? '') : brokerDisplayName({ contactName: row.contact_name, companyName: row.company_name }),
    imageDocumentId: row.image_document_id,
  }
}

/**
 * The ad for a page about `place` (issue 17 §8): among the ads running today that the site can
 * show, those targeting the page's county, else its state, else the national ones (no target);
 * several equally close ones take turns by page and day (`rotationKey`, the page's path), so a
 * page reads the same all day and each advertiser gets its share of pages. Null when the site
 * has no ads or none fits.
 */
export async function findAdForPlace(
  db: Kysely<Database>,
  site: SiteProfile,
  place: AdPlace,
  { rotationKey, now = new Date() }: { rotationKey: string; now?: Date },
): Promise<AdView | null> {
  if (!site.features.ads) return null
  const day = adDay(now)
  const rows = await runningAdsFor(db, site, place, day)
  const rankOf = (row: RunningAd) => targetRank[row.place_kind ?? 'national']
  const bestRank = Math.max(...rows.map(rankOf))
  const closest = [...new Map(rows.filter((row) => rankOf(row) === bestRank).map((row) => [row.id, row])).values()]
  if (closest.length === 0) return null
  return toAdView(closest[rotationIndex(`${rotationKey} ${day}`, closest.length)]!)
}

/**
 * Where an ad's link leads on this site: a broker's ad to the broker page's message form, a
 * finance center's to the lender's contact form (spec §7: the ad opens the contact-broker or
 * the finance contact form). Always a path built here from the advertiser, never from the
 * request, so the click route can only send people to our own pages. Undefined for an unknown
 * ad, or an advertiser this site does not show.
 */
export async function findAdDestination(db: Kysely<Database>, site: SiteProfile, adId: number): Promise<string | undefined> {
  const ad = await db
    .selectFrom('ads')
    .leftJoin('accounts', 'accounts.id', 'ads.account_id')
    .where('ads.id', '=', adId)
    .select(['ads.account_id', 'ads.finance_center_id', 'accounts.contact_name', 'accounts.company_name', 'accounts.is_free'])
    .executeTakeFirst()
  if (!ad) return undefined
  if (ad.account_id !== null) {
    if (ad.is_free !== 0) return undefined
    const brokerPage = brokerPagePath(site, { id: ad.account_id, contactName: ad.contact_name, companyName: ad.company_name })
    return brokerPage && `${brokerPage}#${listingFormSectionIds.contact}`
  }
  const center = ad.finance_center_id === null ? null : await findFinanceCenter(db, site, ad.finance_center_id)
  return center ? `${financingPath(center.id)}#${financeContactSectionId}` : undefined
}

export async function adExists(db: Kysely<Database>, adId: number) {
  return (await db.selectFrom('ads').where('id', '=', adId).select('id').executeTakeFirst()) !== undefined
}

/** Adds one impression or click to the ad's figures for the site and day (one row per ad, site and day, however many events). */
export async function recordAdEvent(
  db: Kysely<Database>,
  { adId, siteId, event, now = new Date() }: { adId: number; siteId: number; event: 'impression' | 'click'; now?: Date },
) {
  const column = event === 'impression' ? 'impressions' : 'clicks'
  await db
    .insertInto('ad_daily_stats')
    .values({ ad_id: adId, site_id: siteId, day: adDay(now), [column]: 1 })
    .onConflict((conflict) => conflict.columns(['ad_id', 'site_id', 'day']).doUpdateSet({ [column]: sql<number>`ad_daily_stats.${sql.ref(column)} + 1` }))
    .execute()
}

/**
 * An advertiser's report (the sellers' statistics page): the ads of `accountIds` with their
 * impressions and clicks on every site since `sinceDay` ('YYYY-MM-DD'), the latest campaign first.
 */
export async function findAdvertiserAdStatistics(db: Kysely<Database>, { accountIds, sinceDay }: { accountIds: number[]; sinceDay: string }) {
  const rows = await db
    .selectFrom('ads')
    .leftJoin('ad_daily_stats', (join) => join.onRef('ad_daily_stats.ad_id', '=', 'ads.id').on('ad_daily_stats.day', '>=', sinceDay))
    .where('ads.account_id', 'in', accountIds)
    .groupBy(['ads.id', 'ads.headline', 'ads.starts_on', 'ads.ends_on'])
    .select((eb) => [
      'ads.id',
      'ads.headline',
      'ads.starts_on',
      'ads.ends_on',
      eb.fn.coalesce(eb.fn.sum<number>('ad_daily_stats.impressions'), eb.lit(0)).as('impressions'),
      eb.fn.coalesce(eb.fn.sum<number>('ad_daily_stats.clicks'), eb.lit(0)).as('clicks'),
    ])
    .orderBy('ads.starts_on', 'desc')
    .orderBy('ads.id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    headline: row.headline,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
  }))
}
