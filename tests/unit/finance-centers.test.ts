import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { migrateToLatest } from '~/models/db/db.server'
import { financeCenterForLocation, financeCenterHref, financePageCenter, findFinanceCenter } from '~/models/finance/finance-centers.server'
import { sites } from '~/sites/index'
import { canonicalHref, decodeEntities, loadRequestHandler, type SiteFetch } from '../support/http'
import { freshPostgresDatabase, freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'
import { startTestSmtpServer } from '../support/smtp'
import { openTestDatabase } from '../support/test-database'

const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, open: async () => freshSqliteDatabase('finance-centers') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, open: () => freshPostgresDatabase(postgresUrl!, 'finance_centers') },
]

const travisCountyId = 48453
const texas = 48

describe.each(targets)('finance center lookup on $name', ({ enabled, open }) => {
  let db: Kysely<Database>
  const places = { regionOfTravis: 0, otherCountyInRegion: 0, texasCountyOutsideRegion: 0 }
  const centerId = async (name: string) => (await db.selectFrom('finance_centers').where('name', '=', name).select('id').executeTakeFirstOrThrow()).id
  const nameOf = async (center: Promise<{ name: string } | null>) => (await center)?.name ?? null

  beforeAll(async () => {
    if (!enabled) return
    db = await migrateAndSeed(await open(), { listings: 20, seed: 3 })
    const travis = await db.selectFrom('counties').where('id', '=', travisCountyId).select('region_id').executeTakeFirstOrThrow()
    places.regionOfTravis = travis.region_id!
    const counties = await db.selectFrom('counties').where('state_id', '=', texas).select(['id', 'region_id']).orderBy('id').execute()
    places.otherCountyInRegion = counties.find((county) => county.region_id === travis.region_id && county.id !== travisCountyId)!.id
    places.texasCountyOutsideRegion = counties.find((county) => county.region_id !== travis.region_id)!.id
  }, 120_000)

  afterAll(async () => {
    await db?.destroy()
  })

  test.skipIf(!enabled)('the most specific place wins: county, then region, then state, then the default', async () => {
    const land = sites.land
    const inTravis = { stateId: texas, regionId: places.regionOfTravis, countyId: travisCountyId }
    expect(await nameOf(financeCenterForLocation(db, land, inTravis))).toBe('Capital Area Farmers Bank')
    expect(await nameOf(financeCenterForLocation(db, land, { ...inTravis, countyId: places.otherCountyInRegion }))).toBe('Hill Country Farm Credit')
    expect(await nameOf(financeCenterForLocation(db, land, { stateId: texas, countyId: places.texasCountyOutsideRegion }))).toBe('Lone Star Land Credit, ACA')
    expect(await nameOf(financeCenterForLocation(db, land, { stateId: 19 }))).toBe('Heartland Farm Credit')
    expect(await nameOf(financeCenterForLocation(db, land, { stateId: 50 }))).toBe('American Rural Land Lending Cooperative')
    expect(await nameOf(financeCenterForLocation(db, land, {}))).toBe('American Rural Land Lending Cooperative')
  })

  test.skipIf(!enabled)('only centers shown on the site count: each site reads its own flag', async () => {
    const inRegion = { stateId: texas, regionId: places.regionOfTravis, countyId: places.otherCountyInRegion }
    // Hill Country is not shown on the hunting site, so the Texas lender answers there.
    expect(await nameOf(financeCenterForLocation(db, sites.hunting, inRegion))).toBe('Lone Star Land Credit, ACA')
    expect(await nameOf(financeCenterForLocation(db, sites.farm, inRegion))).toBe('Hill Country Farm Credit')
    // Big Sky (Montana) is on the farm and hunting sites, not on the main land site.
    expect(await nameOf(financeCenterForLocation(db, sites.farm, { stateId: 30 }))).toBe('Big Sky Ag Lending')
    expect(await nameOf(financeCenterForLocation(db, sites.land, { stateId: 30 }))).toBe('American Rural Land Lending Cooperative')
    expect(await nameOf(financeCenterForLocation(db, sites.hunting, { stateId: 13 }))).toBe('Southern Pine Timberland Finance')
    expect(await nameOf(financeCenterForLocation(db, sites.farm, { stateId: 13 }))).toBe('American Rural Land Lending Cooperative')
    expect(await financeCenterForLocation(db, sites.value, { stateId: texas })).toBeNull()
  })

  test.skipIf(!enabled)('an inactive center is never chosen nor found', async () => {
    const redRiver = await centerId('Red River Farmers State Bank')
    expect(await nameOf(financeCenterForLocation(db, sites.land, { stateId: 40 }))).toBe('American Rural Land Lending Cooperative')
    expect(await findFinanceCenter(db, sites.land, redRiver)).toBeNull()
  })

  test.skipIf(!enabled)('finding by id honours the site flag, and the href is the finance route with fcid', async () => {
    const bigSky = await centerId('Big Sky Ag Lending')
    expect((await findFinanceCenter(db, sites.farm, bigSky))?.representativeName).toBe('Tom Hadley')
    expect(await findFinanceCenter(db, sites.land, bigSky)).toBeNull()
    expect(await financeCenterHref(db, sites.farm, { stateId: 30 })).toBe(`/financing?fcid=${bigSky}`)
    expect(await financeCenterHref(db, sites.value, { stateId: 30 })).toBeUndefined()
  })

  test.skipIf(!enabled)('the finance page falls back to the default center, and without one there is nothing to show', async () => {
    const defaultId = await centerId('American Rural Land Lending Cooperative')
    const bigSky = await centerId('Big Sky Ag Lending')
    expect((await financePageCenter(db, sites.farm, bigSky))?.id).toBe(bigSky)
    expect((await financePageCenter(db, sites.land, bigSky))?.id).toBe(defaultId)
    expect((await financePageCenter(db, sites.land, 999_999))?.id).toBe(defaultId)
    expect((await financePageCenter(db, sites.land, undefined))?.id).toBe(defaultId)
    await db.updateTable('finance_centers').set({ show_on_lw: 0 }).where('id', '=', defaultId).execute()
    expect(await financePageCenter(db, sites.land, undefined)).toBeNull()
    expect(await financeCenterHref(db, sites.land, { stateId: 50 })).toBeUndefined()
    await db.updateTable('finance_centers').set({ show_on_lw: 1 }).where('id', '=', defaultId).execute()
  })
})

test('a failed lookup is null with a warning in the log, not an error (spec §7, §8)', async () => {
  const unmigrated = freshSqliteDatabase('finance-unmigrated')
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    expect(await financeCenterForLocation(unmigrated, sites.land, { stateId: texas })).toBeNull()
    expect(await findFinanceCenter(unmigrated, sites.land, 1)).toBeNull()
    expect(warn).toHaveBeenCalledTimes(2)
    await migrateToLatest(unmigrated)
    expect(await financeCenterForLocation(unmigrated, sites.land, { stateId: texas })).toBeNull()
    expect(warn).toHaveBeenCalledTimes(2)
  } finally {
    warn.mockRestore()
    await unmigrated.destroy()
  }
})

describe('the /financing page', () => {
  let fetchPage: SiteFetch
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>
  const seeded = openTestDatabase()
  let addressCounter = 0

  const center = (name: string) =>
    seeded.prepare('select id, email, checkbox_label as checkboxLabel, checkbox_default_state as checkboxDefaultState from finance_centers where name = ?').get(name) as {
      id: number
      email: string
      checkboxLabel: string
      checkboxDefaultState: number
    }
  const leadCount = (centerId: number) => (seeded.prepare('select count(*) as n from finance_leads where finance_center_id = ?').get(centerId) as { n: number }).n

  function post(hostName: string, path: string, fields: Record<string, string>, address?: string) {
    addressCounter += 1
    return fetchPage(hostName, path, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address ?? `192.0.2.${addressCounter}`, origin: `http://${hostName}` },
    })
  }

  const goodMessage = { name: 'Jo Rancher', email: 'jo@example.com', phone: '406-555-0100', message: 'What down payment would 160 acres of grazing land need?', wantsFinancing: 'on' }

  beforeAll(async () => {
    smtp = await startTestSmtpServer()
    process.env.SMTP_URL = smtp.url
    fetchPage = await loadRequestHandler()
  })

  afterAll(async () => {
    delete process.env.SMTP_URL
    await smtp.stop()
    seeded.close()
  })

  test('shows the lender named by fcid with its text, phone, website and finance checkbox', async () => {
    const bigSky = center('Big Sky Ag Lending')
    const response = await fetchPage('farm.localhost', `/financing?fcid=${bigSky.id}`)
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    expect(html).toContain('<h1 id="finance-heading" class="mt-1 text-3xl font-bold text-brand">Big Sky Ag Lending</h1>')
    expect(html).toContain('We understand water rights')
    expect(html).toContain('href="tel:4065550177"')
    expect(html).toContain('bigskyaglending.example')
    expect(html).toContain('Tom Hadley will reply')
    expect(html).toContain(bigSky.checkboxLabel)
    expect(html).not.toMatch(/type="checkbox"[^>]*checked/)
    expect(canonicalHref(html)).toBe(`http://farm.localhost/financing?fcid=${bigSky.id}`)
  })

  test("the checkbox starts ticked when the lender's default state says so", async () => {
    const loneStar = center('Lone Star Land Credit, ACA')
    expect(loneStar.checkboxDefaultState).toBe(1)
    const html = await (await fetchPage('land.localhost', `/financing?fcid=${loneStar.id}`)).text()
    expect(html).toContain('Contact me with financing info about this property.')
    expect(html).toMatch(/type="checkbox"[^>]*checked/)
  })

  test('no, an unknown, an inactive or another site’s fcid shows the default lender', async () => {
    const defaultCenter = center('American Rural Land Lending Cooperative')
    for (const query of ['', '?fcid=abc', '?fcid=0', '?fcid=987654', `?fcid=${center('Red River Farmers State Bank').id}`, `?fcid=${center('Big Sky Ag Lending').id}`]) {
      const response = await fetchPage('land.localhost', `/financing${query}`)
      expect(response.status).toBe(200)
      expect(canonicalHref(await response.text())).toBe(`http://land.localhost/financing?fcid=${defaultCenter.id}`)
    }
  })

  test('the valuation site has no finance page', async () => {
    const response = await fetchPage('value.localhost', '/financing')
    expect(response.status).toBe(404)
    expect(decodeEntities(await response.text())).toContain(sites.value.wording.notFound)
  })

  test('a bad e-mail is answered with the spec message and nothing is stored', async () => {
    const bigSky = center('Big Sky Ag Lending')
    const before = leadCount(bigSky.id)
    const response = await post('farm.localhost', `/financing?fcid=${bigSky.id}`, { ...goodMessage, email: 'jo@example', name: 'Jo' })
    expect(response.status).toBe(400)
    const html = decodeEntities(await response.text())
    expect(html).toContain('Please enter an email address in a valid format.')
    expect(html).toContain('Please enter valid full name.')
    expect(leadCount(bigSky.id)).toBe(before)
  })

  test('a good message is stored as a finance lead, e-mailed to the lender and confirmed after a redirect', async () => {
    const bigSky = center('Big Sky Ag Lending')
    const before = leadCount(bigSky.id)
    const response = await post('farm.localhost', `/financing?fcid=${bigSky.id}`, goodMessage)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`/financing?fcid=${bigSky.id}&sent=1#finance-contact`)
    expect(leadCount(bigSky.id)).toBe(before + 1)
    const lead = seeded.prepare('select * from finance_leads where finance_center_id = ? order by id desc limit 1').get(bigSky.id) as Record<string, unknown>
    expect(lead).toMatchObject({ site_id: sites.farm.siteId, listing_id: null, name: 'Jo Rancher', email: 'jo@example.com', wants_financing: 1 })
    const mail = smtp.received.find((message) => message.raw.includes('160 acres of grazing land'))
    expect(mail?.to).toEqual([bigSky.email])
    const confirmation = decodeEntities(await (await fetchPage('farm.localhost', `/financing?fcid=${bigSky.id}&sent=1`)).text())
    expect(confirmation).toContain('Your message was sent to Big Sky Ag Lending.')
  })

  test('a filled honeypot is answered 429 and nothing is stored', async () => {
    const bigSky = center('Big Sky Ag Lending')
    const before = leadCount(bigSky.id)
    expect((await post('farm.localhost', `/financing?fcid=${bigSky.id}`, { ...goodMessage, website: 'http://spam.example' })).status).toBe(429)
    expect(leadCount(bigSky.id)).toBe(before)
  })

  test('the sixth message from one address within ten minutes is answered 429', async () => {
    const defaultCenter = center('American Rural Land Lending Cooperative')
    const statuses = []
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await post('hunting.localhost', `/financing?fcid=${defaultCenter.id}`, goodMessage, '203.0.113.77')).status)
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429])
  })
})
