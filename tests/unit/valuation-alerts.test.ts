import type { Kysely } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { marketStatus, propertyType } from '~/models/listings/enumerations'
import type { MailMessage } from '~/models/mail/mailer.server'
import { demoUsers } from '~/models/accounts/demo-users'
import { saveValuation, sendValuationAlerts } from '~/models/valuation/saved-valuations.server'
import { type ValuationInputs, valuationPath } from '~/models/valuation/valuation-path'
import { valuationModel } from '~/models/valuation/valuation.server'
import { valueSite } from '~/sites/value'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

/** The valuation site as the alerts name it and link to it. */
const valueSiteAt = { name: valueSite.name, origin: 'http://value.localhost:3000' }

/**
 * 'Tell me when comparable land sells' (issue 16 §2): a sale that joins a saved valuation's
 * comparables is e-mailed once, the next day's run sends nothing new; and the model takes in a
 * sale recorded after it was fitted.
 */
let db: Kysely<Database>
const dayMs = 86_400_000
const travis: ValuationInputs = {
  state: 'texas',
  county: 'travis-county',
  acres: 40,
  propertyTypes: ['recreational-land'],
  house: null,
  features: [],
  point: { latitude: 30.2672, longitude: -97.7431 },
}

beforeAll(async () => {
  db = await migrateAndSeed(freshSqliteDatabase('valuation-alerts'), { listings: 1_000, seed: 12 })
})

afterAll(async () => {
  await db.destroy()
})

afterEach(() => {
  vi.useRealTimers()
})

/** Records a sale of 35 recreational acres in Travis County, 3 km from the parcel, on `soldOn`, for `price` (a sold listing of the seed, moved there). */
async function recordSaleNearTravis(db: Kysely<Database>, soldOn: string, price: number) {
  const sold = await db.selectFrom('listings').select('id').where('status', '=', marketStatus.sold).orderBy('id').executeTakeFirstOrThrow()
  const travisCounty = await db.selectFrom('counties').select(['id', 'state_id', 'region_id']).where('id', '=', 48453).executeTakeFirstOrThrow()
  await db
    .updateTable('listings')
    .set({
      county_id: travisCounty.id,
      state_id: travisCounty.state_id,
      region_id: travisCounty.region_id,
      latitude: 30.29,
      longitude: -97.72,
      acres: 35,
      property_types: propertyType.recreational,
      sales_date: soldOn,
      sales_price: price,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', sold.id)
    .execute()
  return sold.id
}

describe('valuation alerts', () => {
  test('a comparable sold since the valuation was saved is e-mailed once; the next day brings nothing new', async () => {
    const user = await db.selectFrom('users').select('id').where('email', '=', demoUsers[0].email).executeTakeFirstOrThrow()
    const path = valuationPath(travis)
    await saveValuation(db, user.id, { path, label: '40 acres in Travis County, Texas', value: 400_000, low: 300_000, high: 500_000 }, { alert: true })
    const now = new Date()
    const twoDaysAgo = new Date(now.getTime() - 2 * dayMs).toISOString()
    await db.updateTable('saved_valuations').set({ created_at: twoDaysAgo }).where('path', '=', path).execute()
    await recordSaleNearTravis(db, new Date(now.getTime() - dayMs).toISOString().slice(0, 10), 812_345)

    const sent: MailMessage[] = []
    const mailer = async (_site: string, message: MailMessage) => {
      sent.push(message)
    }
    const first = await sendValuationAlerts(db, mailer, now, valueSiteAt)
    expect(first).toEqual({ due: 1, sent: 1, failed: 0 })
    expect(sent[0]!.to).toBe(demoUsers[0].email)
    expect(sent[0]!.subject).toBe('A comparable sale near your valuation of 40 acres in Travis County, Texas')
    expect(sent[0]!.text).toContain('for $812,345')
    expect(sent[0]!.text).toContain('When you saved it: $400,000 (80 % range $300,000 to $500,000).')
    expect(sent[0]!.text).toContain(`See the valuation and the sales it rests on: http://value.localhost:3000${path}`)
    expect(sent[0]!.text).toContain('Stop these e-mails: http://value.localhost:3000/account/valuations/')

    // Run again at once (another process): nothing is due. A day later: due, but nothing new sold.
    expect(await sendValuationAlerts(db, mailer, now, valueSiteAt)).toEqual({ due: 0, sent: 0, failed: 0 })
    expect(await sendValuationAlerts(db, mailer, new Date(now.getTime() + dayMs + 1), valueSiteAt)).toEqual({ due: 1, sent: 0, failed: 0 })
    expect(sent).toHaveLength(1)
  })

  test('with the alert off, nothing is looked for', async () => {
    await db.updateTable('saved_valuations').set({ alert: 0, alerted_at: null }).execute()
    expect(await sendValuationAlerts(db, async () => {}, new Date(Date.now() + 3 * dayMs), valueSiteAt)).toEqual({ due: 0, sent: 0, failed: 0 })
  })
})

describe('refitting', () => {
  test('a sale recorded after the model was fitted is among its sales after the next check', async () => {
    // The model's cache reads the clock it was made with: a database of its own, made under a clock the test moves.
    vi.useFakeTimers({ toFake: ['Date'] })
    const ownDb = await migrateAndSeed(freshSqliteDatabase('valuation-refit'), { listings: 500, seed: 13 })
    try {
      const before = await valuationModel(ownDb)
      const saleId = await recordSaleNearTravis(ownDb, '2026-11-20', 654_321)
      expect(await valuationModel(ownDb)).toBe(before)
      vi.setSystemTime(Date.now() + 31_000)
      // The first call after the check interval answers the model it has while it checks and refits.
      let model = await valuationModel(ownDb)
      for (let attempt = 0; attempt < 200 && model === before; attempt++) {
        await new Promise((resolve) => setImmediate(resolve))
        model = await valuationModel(ownDb)
      }
      expect(model).not.toBe(before)
      const sales = [...model.salesByCell.values()].flat()
      expect(sales.find((sale) => sale.id === saleId)?.price).toBe(654_321)
    } finally {
      await ownDb.destroy()
    }
  })
})
