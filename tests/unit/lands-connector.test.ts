import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser } from '~/models/accounts/user.server'
import { describeLandRequest, type LandRequest, type LandRequestInput } from '~/models/connector/land-request'
import { findTargetCandidates, refreshRequestLeads, sendRequestLeads } from '~/models/connector/land-request-leads.server'
import { locateRequestPlace, saveRequestSearches } from '~/models/connector/land-request-matches.server'
import { leadIdOfReplyToken, replyTokenOf } from '~/models/connector/land-request-relay.server'
import { landRequestCriteria, mergeRequestPlaces } from '~/models/connector/land-request-searches'
import { chooseRecipients, type TargetCandidate } from '~/models/connector/land-request-targeting'
import { createLandRequest, deleteLandRequest, findLandRequest, type RequestOwner, updateLandRequest } from '~/models/connector/land-requests.server'
import type { Database } from '~/models/db/db-schema'
import { sites } from '~/sites'
import { createKysely } from '~/models/db/dialect.server'
import { freshPostgresTarget, freshSqliteTarget, migrateAndSeed } from '../support/fresh-database'
import { startTestSmtpServer } from '../support/smtp'

/**
 * The Lands Connector's rules (issue 17 item 2, decision 0020): which land professionals receive a
 * buyer's request (opted in, serving its places, at most five, most listings first, equals taking
 * turns), that the buyer's address reaches them only with consent, and what searches a request is.
 */
const candidate = (accountId: number, listingCount: number, lastRequestLeadAt: string | null = null): TargetCandidate => ({
  accountId,
  listingCount,
  lastRequestLeadAt,
})
const ids = (candidates: TargetCandidate[]) => candidates.map((chosen) => chosen.accountId)

describe('choosing the recipients', () => {
  test('the professionals with the most listings in the places come first, and no more than the limit', () => {
    const candidates = [candidate(1, 2), candidate(2, 9), candidate(3, 0), candidate(4, 5), candidate(5, 1), candidate(6, 3), candidate(7, 4)]
    expect(ids(chooseRecipients(candidates, 5))).toEqual([2, 4, 7, 6, 1])
    expect(chooseRecipients(candidates, 0)).toEqual([])
  })

  test('among equals, one that never had a request comes first, then the one whose last request is oldest, then the lower account id', () => {
    const candidates = [candidate(8, 1, '2030-01-03T00:00:00.000Z'), candidate(9, 1, '2030-01-01T00:00:00.000Z'), candidate(12, 1), candidate(10, 1)]
    expect(ids(chooseRecipients(candidates, 3))).toEqual([10, 12, 9])
  })
})

describe("a request's searches", () => {
  const texas = { state: 'texas', place: null, label: 'Texas' }
  const travis = { state: 'texas', place: 'travis-county', label: 'Travis County, TX' }
  const hays = { state: 'texas', place: 'hays-county', label: 'Hays County, TX' }
  const montana = { state: 'montana', place: null, label: 'Montana' }

  test('a place named twice counts once, and a whole state takes the place of its counties', () => {
    expect(mergeRequestPlaces([travis, montana, travis, hays])).toEqual([travis, montana, hays])
    expect(mergeRequestPlaces([travis, montana, texas])).toEqual([montana, texas])
  })

  test('one search per state, each with the ranges, kinds of land and activities asked', () => {
    const [first, second] = landRequestCriteria({
      places: [travis, montana, hays],
      acresMin: 10,
      acresMax: null,
      priceMin: null,
      priceMax: 250_000,
      propertyTypes: ['hunting-land'],
      activityTypes: ['fishing'],
    })
    expect(first).toMatchObject({ state: 'texas', places: ['hays-county', 'travis-county'], acresMin: 10, priceMax: 250_000, propertyTypes: ['hunting-land'] })
    expect(first!.activityTypes).toEqual(['fishing'])
    expect(first!.acresMax).toBeUndefined()
    expect(second).toMatchObject({ state: 'montana', places: [], acresMin: 10 })
  })

  test('the request reads in the spec’s range text', () => {
    const lines = describeLandRequest({
      places: [travis, montana],
      acresMin: 10,
      acresMax: null,
      priceMin: 50_000,
      priceMax: 250_000,
      propertyTypes: ['ranches', 'hunting-land'],
      activityTypes: [],
      financing: 'needs-financing',
      timeline: 'within-3-months',
    })
    expect(lines).toEqual([
      { label: 'Where', value: 'Travis County, TX; Montana' },
      { label: 'Size', value: '10 ac +' },
      { label: 'Price', value: '$50,000 - $250,000' },
      { label: 'Kinds of land', value: 'Ranches, Hunting Land' },
      { label: 'Activities', value: 'Any' },
      { label: 'Financing', value: 'I will need financing' },
      { label: 'Timeline', value: 'Within 3 months' },
    ])
  })
})

describe('the reply link', () => {
  test('names its lead under our signature; a changed id or signature names none', () => {
    process.env.SESSION_SECRET = 'a test secret'
    const token = replyTokenOf(42)
    expect(leadIdOfReplyToken(token)).toBe(42)
    expect(leadIdOfReplyToken(token.replace(/^42\./, '43.'))).toBeUndefined()
    expect(leadIdOfReplyToken(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined()
    expect(leadIdOfReplyToken('42')).toBeUndefined()
  })
})

const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('lands-connector') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'lands-connector') },
]

describe.each(targets)('on $name', ({ enabled, target }) => {
  let db: Kysely<Database>
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>
  let travisCountyId: number
  let texasId: number
  /** Opted-in professionals with 4, 3 and then 1 active listing in Travis County; one with an office there and no listing; one not opted in with many. */
  const professionals = { most: 0, second: 0, ones: [] as number[], office: 0, notOptedIn: 0 }
  let buyer: { userId: number; name: string; email: string }
  let owner: RequestOwner
  const origin = 'https://land.example'

  async function addAccount(name: string, { optedIn, zip = null }: { optedIn: boolean; zip?: string | null }) {
    const { id } = await db
      .insertInto('accounts')
      .values({
        account_type: 12,
        broker_type: 4,
        parent_account_id: null,
        contact_name: name,
        company_name: `${name} Land`,
        email: `${name.toLowerCase().replaceAll(' ', '.')}@professional.example`,
        office_phone: null,
        preferred_phone: null,
        address1: null,
        address2: null,
        city: null,
        state_id: null,
        zip,
        description: '',
        license_number: null,
        is_free: 0,
        is_seller: 1,
        alc_certified: 0,
        alc_advanced_certified: 0,
        opt_in_lead_targeting: optedIn ? 1 : 0,
        badge_id: null,
        portrait_document_id: null,
        logo_document_id: null,
        website_url: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return id
  }

  /** Moves `count` available listings (none in Texas) into Travis County under the account. */
  async function giveTravisListings(accountId: number, count: number) {
    const rows = await db.selectFrom('listings').select('id').where('status', '=', 1).where('state_id', '!=', texasId).orderBy('id').limit(count).execute()
    await db
      .updateTable('listings')
      .set({ account_id: accountId, state_id: texasId, county_id: travisCountyId, region_id: null, city_id: null })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute()
  }

  const input = (overrides: Partial<LandRequestInput> = {}): LandRequestInput => ({
    places: [{ state: 'texas', place: 'travis-county', label: 'Travis County, TX' }],
    acresMin: null,
    acresMax: null,
    priceMin: null,
    priceMax: null,
    propertyTypes: [],
    activityTypes: [],
    financing: 'cash',
    timeline: 'within-a-year',
    message: 'Ten quiet acres with a well.',
    phone: '(512) 555-0199',
    shareContact: false,
    ...overrides,
  })

  async function fileRequest(overrides: Partial<LandRequestInput> = {}, requestOwner = owner): Promise<LandRequest> {
    const id = await createLandRequest(db, requestOwner, input(overrides))
    return (await findLandRequest(db, requestOwner, id))!
  }

  const leadsOf = (requestId: number) => db.selectFrom('leads').selectAll().where('land_request_id', '=', requestId).orderBy('id').execute()

  beforeAll(async () => {
    if (!enabled) return
    db = createKysely(await target())
    await migrateAndSeed(db, { listings: 600, seed: 11 })
    smtp = await startTestSmtpServer()
    process.env.SMTP_URL = smtp.url
    process.env.SESSION_SECRET = 'a test secret'
    texasId = (await db.selectFrom('states').select('id').where('abbreviation', '=', 'TX').executeTakeFirstOrThrow()).id
    travisCountyId = (await db.selectFrom('counties').select('id').where('slug', '=', 'Travis-County-TX').executeTakeFirstOrThrow()).id
    // Only this test's professionals take requests, and only they list in Texas.
    await db.updateTable('accounts').set({ opt_in_lead_targeting: 0 }).execute()
    await db.updateTable('listings').set({ status: 3 }).where('state_id', '=', texasId).execute()
    professionals.most = await addAccount('Most Listings', { optedIn: true })
    professionals.second = await addAccount('Second Most', { optedIn: true })
    for (const name of ['One A', 'One B', 'One C', 'One D', 'One E']) professionals.ones.push(await addAccount(name, { optedIn: true }))
    professionals.office = await addAccount('Office Only', { optedIn: true, zip: '78701' })
    professionals.notOptedIn = await addAccount('Not Opted In', { optedIn: false })
    await giveTravisListings(professionals.most, 4)
    await giveTravisListings(professionals.second, 3)
    for (const accountId of professionals.ones) await giveTravisListings(accountId, 1)
    await giveTravisListings(professionals.notOptedIn, 10)
    const userId = (await createUser(db, { contactName: 'Dana Buyer', email: 'dana@buyer.example', password: 'long-enough-1', newsletter: false }))!
    buyer = { userId, name: 'Dana Buyer', email: 'dana@buyer.example' }
    owner = { userId, siteId: sites.land.siteId }
  })

  afterAll(async () => {
    if (!enabled) return
    delete process.env.SMTP_URL
    delete process.env.SESSION_SECRET
    await smtp.stop()
    await db.destroy()
  })

  describe.skipIf(!enabled)('requests and their leads', () => {
    test('a place typed in a state is found as the search box finds it; a place that is not there is said on its field', async () => {
      expect(await locateRequestPlace(db, 'texas', 'Travis')).toEqual({ ok: true, place: { state: 'texas', place: 'travis-county', label: 'Travis County, TX' } })
      expect(await locateRequestPlace(db, 'texas', undefined)).toEqual({ ok: true, place: { state: 'texas', place: null, label: 'Texas' } })
      expect(await locateRequestPlace(db, 'texas', 'Nowhere At All')).toEqual({
        ok: false,
        field: 'place',
        problem: 'There is no county, region or city of that name in Texas.',
      })
      expect(await locateRequestPlace(db, 'atlantis', 'Travis')).toMatchObject({ ok: false, field: 'state' })
    })

    test('the candidates are the opted-in professionals with listings in the places, and those with an office there', async () => {
      const candidates = await findTargetCandidates(db, { places: input().places })
      const byAccount = new Map(candidates.map((found) => [found.accountId, found.listingCount]))
      expect(byAccount.get(professionals.most)).toBe(4)
      expect(byAccount.get(professionals.second)).toBe(3)
      expect(byAccount.get(professionals.office)).toBe(0)
      expect(byAccount.has(professionals.notOptedIn)).toBe(false)
      expect(byAccount.size).toBe(8)
    })

    test('a request reaches five professionals, most listings first; the next one reaches the equals the first one passed over', async () => {
      smtp.received.length = 0
      const first = await fileRequest()
      expect(await sendRequestLeads(db, { site: sites.land, origin, request: first, buyer })).toBe(5)
      const firstLeads = await leadsOf(first.id)
      expect(firstLeads.map((lead) => lead.account_id)).toEqual([professionals.most, professionals.second, ...professionals.ones.slice(0, 3)])
      expect(smtp.received.map((mail) => mail.to[0])).toEqual([
        'most.listings@professional.example',
        'second.most@professional.example',
        ...['a', 'b', 'c'].map((letter) => `one.${letter}@professional.example`),
      ])

      const second = await fileRequest({ message: 'A second look.' })
      await sendRequestLeads(db, { site: sites.land, origin, request: second, buyer })
      const secondLeads = await leadsOf(second.id)
      expect(secondLeads.map((lead) => lead.account_id)).toEqual([
        professionals.most,
        professionals.second,
        professionals.ones[3],
        professionals.ones[4],
        professionals.ones[0],
      ])
    })

    test("without the buyer's consent a lead carries their name and request but not their e-mail or phone, and the e-mail a reply link", async () => {
      smtp.received.length = 0
      const request = await fileRequest({ message: 'Private buyer here.' })
      await sendRequestLeads(db, { site: sites.land, origin, request, buyer })
      const [lead] = await leadsOf(request.id)
      expect(lead).toMatchObject({ name: 'Dana Buyer', email: '', phone: null, listing_id: null })
      expect(lead!.message).toContain('Where: Travis County, TX')
      expect(lead!.message).toContain('Private buyer here.')
      const mail = smtp.received[0]!.raw.replace(/=\r?\n/g, '')
      expect(mail).not.toContain(buyer.email)
      expect(mail).not.toContain('555-0199')
      expect(mail).toContain(`${origin}/lands-connector/reply/${replyTokenOf(lead!.id)}/`)
      expect(mail).not.toMatch(/^Reply-To:/m)

      // Agreeing later shows the address on the leads already sent; withdrawing hides it again.
      const consented = { ...request, shareContact: true }
      await refreshRequestLeads(db, consented, buyer)
      expect((await leadsOf(request.id))[0]).toMatchObject({ email: buyer.email, phone: '(512) 555-0199' })
      await refreshRequestLeads(db, request, buyer)
      expect((await leadsOf(request.id))[0]).toMatchObject({ email: '', phone: null })
    })

    test('with consent the lead and the e-mail carry the address, and the e-mail replies to the buyer', async () => {
      smtp.received.length = 0
      const request = await fileRequest({ shareContact: true })
      await sendRequestLeads(db, { site: sites.land, origin, request, buyer })
      expect((await leadsOf(request.id))[0]).toMatchObject({ email: buyer.email, phone: '(512) 555-0199' })
      const mail = smtp.received[0]!.raw.replace(/=\r?\n/g, '')
      expect(mail).toMatch(/^Reply-To: dana@buyer\.example/m)
      expect(mail).toContain('Write to Dana Buyer at dana@buyer.example or call (512) 555-0199.')
    })

    test('an edit reaches new professionals only while fewer than five have the request, and never one twice', async () => {
      const request = await fileRequest({ places: [{ state: 'montana', place: null, label: 'Montana' }] })
      expect(await sendRequestLeads(db, { site: sites.land, origin, request, buyer })).toBe(0)
      await updateLandRequest(db, owner, request.id, input())
      const edited = (await findLandRequest(db, owner, request.id))!
      expect(await sendRequestLeads(db, { site: sites.land, origin, request: edited, buyer })).toBe(5)
      expect(await sendRequestLeads(db, { site: sites.land, origin, request: edited, buyer })).toBe(0)
      const accounts = (await leadsOf(request.id)).map((lead) => lead.account_id)
      expect(new Set(accounts).size).toBe(5)
    })

    test("a professional's own request never reaches their own account", async () => {
      const sellerId = (await createUser(db, { contactName: 'Most Listings', email: 'most@own.example', password: 'long-enough-1', newsletter: false }))!
      await db.updateTable('users').set({ account_id: professionals.most, is_seller: 1 }).where('id', '=', sellerId).execute()
      const sellerOwner = { userId: sellerId, siteId: sites.land.siteId }
      const request = await fileRequest({}, sellerOwner)
      await sendRequestLeads(db, { site: sites.land, origin, request, buyer: { userId: sellerId, name: 'Most Listings', email: 'most@own.example' } })
      expect((await leadsOf(request.id)).map((lead) => lead.account_id)).not.toContain(professionals.most)
    })

    test('a request keeps its searches as weekly saved searches, and deleting it takes its leads and saved searches with it', async () => {
      const request = await fileRequest({ places: [...input().places, { state: 'montana', place: null, label: 'Montana' }] })
      await saveRequestSearches(db, sites.land, owner, request)
      await sendRequestLeads(db, { site: sites.land, origin, request, buyer })
      const saved = await db.selectFrom('saved_searches').select(['path', 'notify']).where('land_request_id', '=', request.id).orderBy('path').execute()
      expect(saved).toEqual([
        { path: '/search/montana-land-for-sale/', notify: 'Weekly' },
        { path: '/search/texas-land-for-sale/travis-county/', notify: 'Weekly' },
      ])
      await updateLandRequest(db, owner, request.id, input())
      await saveRequestSearches(db, sites.land, owner, (await findLandRequest(db, owner, request.id))!)
      expect(await db.selectFrom('saved_searches').select('path').where('land_request_id', '=', request.id).execute()).toEqual([
        { path: '/search/texas-land-for-sale/travis-county/' },
      ])

      const stranger = { userId: owner.userId + 1000, siteId: owner.siteId }
      expect(await deleteLandRequest(db, stranger, request.id)).toBe(false)
      expect(await deleteLandRequest(db, { ...owner, siteId: sites.farm.siteId }, request.id)).toBe(false)
      expect(await deleteLandRequest(db, owner, request.id)).toBe(true)
      expect(await leadsOf(request.id)).toEqual([])
      expect(await db.selectFrom('saved_searches').select('id').where('land_request_id', '=', request.id).execute()).toEqual([])
    })
  })
})
