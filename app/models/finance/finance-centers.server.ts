import type { Insertable, Kysely, Selectable } from 'kysely'
import { financingPath } from '~/models/finance/finance-path'
import type { FinanceCenterFlag, SiteProfile } from '~/models/sites/site-profile'
import { timedCache } from '~/utils/timed-cache.server'
import type { Database, FinanceCenterTable, FinanceLeadTable } from '~/models/db/db-schema'
import { preparedStatement } from '~/models/db/dialect.server'
import { financeLocationType } from '~/models/listings/enumerations'
import { sendMail } from '~/models/mail/mailer.server'
import { type Gazetteer, findPlaceById, findStateById } from '~/models/places/gazetteer.server'
import { deliverLead, type LeadDeliveryOptions, queueLeadDelivery } from '~/models/finance/lead-webhooks.server'

/** A lender as pages show it (spec §3 "Finance center settings"); its e-mail address stays on the server. */
export interface FinanceCenter {
  id: number
  name: string
  /** Spec §3 `name`: who will answer, 'A representative' unless the lender names someone. */
  representativeName: string
  description: string
  phone: string | null
  website: string | null
  checkboxDefaultState: boolean
  checkboxLabel: string
}

/** The places a page is about; any of them may be unknown. */
export interface FinanceLocation {
  stateId?: number
  regionId?: number
  countyId?: number
}

const flagColumns = { showOnLW: 'show_on_lw', showOnLAF: 'show_on_laf', showOnLOA: 'show_on_loa' } as const satisfies Record<FinanceCenterFlag, string>

const centerColumns = [
  'finance_centers.id',
  'finance_centers.name',
  'finance_centers.representative_name',
  'finance_centers.description',
  'finance_centers.phone',
  'finance_centers.website',
  'finance_centers.checkbox_default_state',
  'finance_centers.checkbox_label',
] as const

type CenterRow = Omit<Selectable<FinanceCenterTable>, 'email' | 'active' | 'show_on_lw' | 'show_on_laf' | 'show_on_loa' | 'lead_webhook_url' | 'lead_webhook_secret'>

function toFinanceCenter(row: CenterRow): FinanceCenter {
  return {
    id: row.id,
    name: row.name,
    representativeName: row.representative_name,
    description: row.description,
    phone: row.phone,
    website: row.website,
    checkboxDefaultState: row.checkbox_default_state === 1,
    checkboxLabel: row.checkbox_label,
  }
}

/** Active centers shown on the site (spec §2: its flag for the site is on and its id is positive). */
function visibleCenters(db: Kysely<Database>, flag: FinanceCenterFlag) {
  return db
    .selectFrom('finance_centers')
    .where('finance_centers.active', '=', 1)
    .where(`finance_centers.${flagColumns[flag]}`, '=', 1)
    .where('finance_centers.id', '>', 0)
}

/** The ids of the centers shown on a site, as a subquery: a lender's ads show where the lender does. */
export function visibleFinanceCenterIds(db: Kysely<Database>, flag: FinanceCenterFlag) {
  return visibleCenters(db, flag).select('finance_centers.id')
}

/** Spec §8: a failed finance lookup is no center and no message to the person; the log keeps it. */
async function orNull<T>(lookup: () => Promise<T | null>): Promise<T | null> {
  try {
    return await lookup()
  } catch (error) {
    console.warn('Finance center lookup failed', error)
    return null
  }
}

/**
 * The finance center for a page's place: the most specific active location first (county, then
 * region, then state, then the default), only centers shown on this site, the lowest id among
 * equals. Null when the site has no finance centers, none serves the place, or the lookup fails.
 */
export function financeCenterForLocation(
  db: Kysely<Database>,
  site: Pick<SiteProfile, 'financeCenterFlag'>,
  location: FinanceLocation,
): Promise<FinanceCenter | null> {
  const flag = site.financeCenterFlag
  if (!flag) return Promise.resolve(null)
  const places: { type: number; id: number | undefined }[] = [
    { type: financeLocationType.county, id: location.countyId },
    { type: financeLocationType.region, id: location.regionId },
    { type: financeLocationType.state, id: location.stateId },
  ]
  const candidates = places.filter((place): place is { type: number; id: number } => place.id !== undefined)
  return orNull(async () => {
    const rows = await visibleCenters(db, flag)
      .innerJoin('finance_center_locations', 'finance_center_locations.finance_center_id', 'finance_centers.id')
      .where((eb) =>
        eb.or([
          eb('finance_center_locations.location_type', '=', financeLocationType.default),
          ...candidates.map((place) =>
            eb.and([eb('finance_center_locations.location_type', '=', place.type), eb('finance_center_locations.location_id', '=', place.id)]),
          ),
        ]),
      )
      .select([...centerColumns, 'finance_center_locations.location_type'])
      .orderBy('finance_centers.id')
      .$call(preparedStatement)
      .execute()
    const precedence = [...candidates.map((place) => place.type), financeLocationType.default]
    const best = precedence.map((type) => rows.find((row) => row.location_type === type)).find((row) => row !== undefined)
    return best ? toFinanceCenter(best) : null
  })
}

/**
 * Where spec §7 GET /api/location/financeByLocationData/{siteId}/{locationType}/{ids} looks for a
 * lender: one state, region or county (by the spec's finance location scale) is that place, with
 * the region and state around it to fall back on; several places, as a search of several
 * counties, fall back to their common state, else the default, as search pages do. Undefined when
 * an id names no place of the type.
 */
export function financeLocationOfPlaces(gazetteer: Gazetteer, locationType: number, ids: readonly number[]): FinanceLocation | undefined {
  if (locationType === financeLocationType.state) {
    if (!ids.every((id) => findStateById(gazetteer, id))) return undefined
    return ids.length === 1 ? { stateId: ids[0] } : {}
  }
  if (locationType !== financeLocationType.county && locationType !== financeLocationType.region) return {}
  const places = ids.map((id) => findPlaceById(gazetteer, locationType === financeLocationType.county ? 'county' : 'region', id))
  if (!places.every((place) => place !== undefined)) return undefined
  const stateIds = new Set(places.map((place) => place.stateId))
  const stateId = stateIds.size === 1 ? places[0]!.stateId : undefined
  if (places.length > 1) return { stateId }
  const [place] = places
  return place!.kind === 'county' ? { stateId, regionId: place!.regionId ?? undefined, countyId: place!.id } : { stateId, regionId: place!.id }
}

/** A lender as the spec §7 finance calls answer it: its public fields, its id as `financeId`, and its finance page. */
export function financeCenterData(center: FinanceCenter) {
  return { financeId: center.id, ...center, href: financingPath(center.id) }
}

/** One finance center by id, if it is active and shown on this site; null otherwise or on failure. */
export function findFinanceCenter(db: Kysely<Database>, site: SiteProfile, id: number): Promise<FinanceCenter | null> {
  const flag = site.financeCenterFlag
  if (!flag) return Promise.resolve(null)
  return orNull(async () => {
    const row = await visibleCenters(db, flag).where('finance_centers.id', '=', id).select(centerColumns).executeTakeFirst()
    return row ? toFinanceCenter(row) : null
  })
}

/**
 * The center the finance page shows: the one its `fcid` names when that center is active and
 * shown on this site, or the site's default center for a page without `fcid`. Null otherwise (an
 * unknown, inactive or another site's id, or no default): the page is a 404, never another lender.
 */
export async function financePageCenter(db: Kysely<Database>, site: SiteProfile, requested: number | 'default') {
  return requested === 'default' ? financeCenterForLocation(db, site, {}) : findFinanceCenter(db, site, requested)
}

const recentCenters = timedCache(60_000, (db: Kysely<Database>, key: string) => {
  const [flag, ...ids] = key.split(':')
  const [countyId, regionId, stateId] = ids.map((id) => (id ? Number(id) : undefined))
  return financeCenterForLocation(db, { financeCenterFlag: (flag as FinanceCenterFlag) || null }, { countyId, regionId, stateId })
})

/**
 * `financeCenterForLocation` remembered for a minute per site's finance center flag and place
 * (decision 0008): the header needs it on every search and page, a listing page its lender's form
 * too, and lenders change only when the data is loaded again.
 */
export function recentFinanceCenter(db: Kysely<Database>, site: SiteProfile, location: FinanceLocation) {
  return recentCenters(db, [site.financeCenterFlag, location.countyId, location.regionId, location.stateId].map((part) => part ?? '').join(':'))
}

/**
 * The header's Finance link for a page's place (spec §2 "Finance appears only when …"):
 * `/financing?fcid={id}`, or undefined when no center serves it.
 */
export async function recentFinanceCenterHref(db: Kysely<Database>, site: SiteProfile, location: FinanceLocation) {
  const center = await recentFinanceCenter(db, site, location)
  return center ? financingPath(center.id) : undefined
}

export type NewFinanceLead = Omit<Insertable<FinanceLeadTable>, 'id' | 'created_at' | 'wants_financing' | 'page_url'> & { wantsFinancing: boolean }

/**
 * Stores a message to a finance center and e-mails it to the lender (reply-to: the sender); a
 * lender with a webhook also gets it posted there. The buyer waits for the e-mail but not for the
 * lender's endpoint: the first attempt is logged, then made in the background.
 */
export async function sendFinanceLead(db: Kysely<Database>, site: SiteProfile, lead: NewFinanceLead, context: { pageUrl: string; delivery?: LeadDeliveryOptions }) {
  const { wantsFinancing, ...fields } = lead
  const center = await db
    .selectFrom('finance_centers')
    .where('id', '=', lead.finance_center_id)
    .select(['email', 'checkbox_label', 'lead_webhook_url'])
    .executeTakeFirstOrThrow()
  const { id: leadId } = await db
    .insertInto('finance_leads')
    .values({ ...fields, wants_financing: wantsFinancing ? 1 : 0, created_at: new Date().toISOString(), page_url: context.pageUrl })
    .returning('id')
    .executeTakeFirstOrThrow()
  const sender = `${lead.name} (${lead.email}${lead.phone ? `, ${lead.phone}` : ''})`
  await sendMail(site.name, {
    to: center.email,
    replyTo: lead.email,
    subject: `Financing inquiry from ${lead.name}`,
    text: [
      `${sender} wrote to you through ${site.name}:`,
      lead.message,
      // The checkbox speaks of a property: a message from the lender's own page has none.
      ...(lead.listing_id ? [`"${center.checkbox_label}": ${wantsFinancing ? 'yes' : 'no'}`] : []),
      `Sent from ${context.pageUrl}`,
    ].join('\n\n'),
  })
  if (center.lead_webhook_url) {
    await queueLeadDelivery(db, { leadId, financeCenterId: lead.finance_center_id })
    void deliverLead(db, leadId, context.delivery)
  }
}
