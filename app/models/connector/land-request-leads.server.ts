import type { Expression, Kysely, SqlBool } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { sendMail } from '~/models/mail/mailer.server'
import { loadGazetteer, resolveLocation } from '~/models/places/gazetteer.server'
import { matchesSearch, type SearchRequest } from '~/models/search/search-filters.server'
import { sellerPaths } from '~/models/sellers/listing-draft'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type LandRequest, describeLandRequest, landRequestTitle } from './land-request'
import { replyUrlOf } from './land-request-relay.server'
import { landRequestPlaceCriteria } from './land-request-searches'
import { type TargetCandidate, chooseRecipients, recipientsPerRequest } from './land-request-targeting'

/**
 * A request's leads (issue 17 item 2, decision 0020): the land professionals who serve its places
 * (`land-request-targeting.ts`) each get it in their leads inbox and by e-mail. The lead carries
 * the buyer's name, the request and their message; their e-mail address and phone only when the
 * buyer agreed to share them (`shareContact`), otherwise an empty address and a reply link.
 */

export interface RequestBuyer {
  userId: number
  name: string
  email: string
}

/** The places' searches resolved against the gazetteer, over every listing (a site's scope does not limit where a professional works). */
async function placeSearches(db: Kysely<Database>, request: Pick<LandRequest, 'places'>): Promise<SearchRequest[]> {
  const gazetteer = await loadGazetteer(db)
  return landRequestPlaceCriteria(request).flatMap((criteria) => {
    const resolved = resolveLocation(gazetteer, criteria)
    return resolved.ok ? [{ criteria, location: resolved.location, scopeBits: 0 }] : []
  })
}

const optedIn = (db: Kysely<Database>) => db.selectFrom('accounts').select('accounts.id').where('accounts.opt_in_lead_targeting', '=', 1)

/**
 * The opted-in accounts that serve the request's places, with their active listings there, and
 * those whose office (its zip's county, region and city, or its state for a whole state) is there.
 */
export async function findTargetCandidates(db: Kysely<Database>, request: Pick<LandRequest, 'places'>): Promise<TargetCandidate[]> {
  const searches = await placeSearches(db, request)
  if (searches.length === 0) return []
  const withListings = await db
    .selectFrom('listings')
    .select((eb) => ['listings.account_id', eb.fn.countAll<number | string>().as('listing_count')])
    .where('listings.account_id', 'in', optedIn(db))
    .where((eb) => eb.or(searches.map((search) => matchesSearch(db, eb, search, null))))
    .groupBy('listings.account_id')
    .execute()
  const offices = await optedIn(db)
    .leftJoin('zips', 'zips.zip', 'accounts.zip')
    .leftJoin('counties', 'counties.id', 'zips.county_id')
    .where((eb) =>
      eb.or(
        searches.flatMap(({ location }) => {
          const ids = (places: { id: number }[]) => places.map((place) => place.id)
          const conditions: Expression<SqlBool>[] = []
          if (location.counties.length > 0) conditions.push(eb('zips.county_id', 'in', ids(location.counties)))
          if (location.regions.length > 0) conditions.push(eb('counties.region_id', 'in', ids(location.regions)))
          if (location.cities.length > 0) conditions.push(eb('zips.city_id', 'in', ids(location.cities)))
          if (conditions.length === 0 && location.state) conditions.push(eb('accounts.state_id', '=', location.state.id))
          return conditions
        }),
      ),
    )
    .execute()
  const listingCounts = new Map<number, number>(withListings.map((row) => [row.account_id, Number(row.listing_count)]))
  for (const office of offices) if (!listingCounts.has(office.id)) listingCounts.set(office.id, 0)
  if (listingCounts.size === 0) return []
  const lastLeads = await db
    .selectFrom('leads')
    .select((eb) => ['leads.account_id', eb.fn.max('leads.created_at').as('last_at')])
    .where('leads.land_request_id', 'is not', null)
    .where('leads.account_id', 'in', [...listingCounts.keys()])
    .groupBy('leads.account_id')
    .execute()
  const lastLeadAt = new Map(lastLeads.map((row) => [row.account_id, row.last_at as string]))
  return [...listingCounts].map(([accountId, listingCount]) => ({ accountId, listingCount, lastRequestLeadAt: lastLeadAt.get(accountId) ?? null }))
}

/** The lead's text in the inbox: the request in labelled lines, then the buyer's message. */
export function leadMessageOf(request: LandRequest) {
  return [...describeLandRequest(request).map(({ label, value }) => `${label}: ${value}`), '', request.message].join('\n')
}

/** What a lead shows of the buyer: always their name; their address and phone only with their consent. */
function leadContact(request: LandRequest, buyer: RequestBuyer) {
  return {
    name: buyer.name,
    email: request.shareContact ? buyer.email : '',
    phone: request.shareContact ? request.phone : null,
    message: leadMessageOf(request),
    wants_financing: request.financing === 'needs-financing' ? 1 : 0,
  }
}

function leadMailText({
  site,
  origin,
  request,
  buyer,
  contactName,
  leadId,
}: {
  site: SiteProfile
  origin: string
  request: LandRequest
  buyer: RequestBuyer
  contactName: string
  leadId: number
}) {
  const answer = request.shareContact
    ? [`Write to ${buyer.name} at ${buyer.email}${request.phone ? ` or call ${request.phone}` : ''}.`]
    : [
        `Answer ${buyer.name} through ${site.name}: ${replyUrlOf(origin, leadId)}`,
        'They have not chosen to share their e-mail address; you will have it when they answer you.',
      ]
  return [
    `Hello ${contactName},`,
    '',
    `${buyer.name} is looking for land on ${site.name} where you work, and asked us to pass it on to at most ${recipientsPerRequest} land professionals there.`,
    '',
    ...describeLandRequest(request).map(({ label, value }) => `${label}: ${value}`),
    '',
    'Their message:',
    ...request.message.split('\n').map((line) => `> ${line}`),
    '',
    ...answer,
    '',
    `The request is in your leads inbox too: ${origin}${sellerPaths.leads}`,
    'You receive buyers’ requests because your account takes part in lead targeting.',
  ].join('\n')
}

/**
 * Sends the request to the professionals who serve its places and do not have it yet, while it
 * has reached fewer than `recipientsPerRequest`: a lead in each one's inbox and an e-mail. The
 * buyer's own account never receives it. Gives back how many received it now.
 */
export async function sendRequestLeads(
  db: Kysely<Database>,
  { site, origin, request, buyer, now = new Date() }: { site: SiteProfile; origin: string; request: LandRequest; buyer: RequestBuyer; now?: Date },
) {
  const [sent, buyerAccount] = await Promise.all([
    db.selectFrom('leads').select('account_id').where('land_request_id', '=', request.id).execute(),
    db.selectFrom('users').select('account_id').where('id', '=', buyer.userId).executeTakeFirst(),
  ])
  const excluded = new Set([...sent.map((lead) => lead.account_id), buyerAccount?.account_id])
  const candidates = (await findTargetCandidates(db, request)).filter((candidate) => !excluded.has(candidate.accountId))
  const recipients = chooseRecipients(candidates, recipientsPerRequest - sent.length)
  if (recipients.length === 0) return 0
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'contact_name', 'email'])
    .where(
      'id',
      'in',
      recipients.map((recipient) => recipient.accountId),
    )
    .execute()
  const accountsById = new Map(accounts.map((account) => [account.id, account]))
  for (const account of recipients.map((recipient) => accountsById.get(recipient.accountId)!)) {
    const { id: leadId } = await db
      .insertInto('leads')
      .values({
        account_id: account.id,
        listing_id: null,
        site_id: site.siteId,
        land_request_id: request.id,
        created_at: now.toISOString(),
        ...leadContact(request, buyer),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await sendMail(site.name, {
      to: account.email,
      replyTo: request.shareContact ? buyer.email : undefined,
      subject: `A buyer is looking for land in ${landRequestTitle(request)}`,
      text: leadMailText({ site, origin, request, buyer, contactName: account.contact_name, leadId }),
    })
  }
  return accounts.length
}

/** After an edit, the leads already sent show the request as it is now, and the buyer's address and phone only if they (still) agree. */
export async function refreshRequestLeads(db: Kysely<Database>, request: LandRequest, buyer: RequestBuyer) {
  await db.updateTable('leads').set(leadContact(request, buyer)).where('land_request_id', '=', request.id).execute()
}

/** The names of the professionals a request reached, for the buyer's page. */
export async function findRequestRecipients(db: Kysely<Database>, requestId: number) {
  const rows = await db
    .selectFrom('leads')
    .innerJoin('accounts', 'accounts.id', 'leads.account_id')
    .select(['accounts.contact_name', 'accounts.company_name'])
    .where('leads.land_request_id', '=', requestId)
    .orderBy('leads.id')
    .execute()
  return rows.map((row) => [row.contact_name, row.company_name].filter(Boolean).join(', '))
}
