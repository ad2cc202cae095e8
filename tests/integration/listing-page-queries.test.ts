import diagnosticsChannel from 'node:diagnostics_channel'
import type { CompiledQuery } from 'kysely'
import { expect, test } from 'vitest'
import { queryPlanIndexes } from '~/models/db/dialect.server'
import { openDatabase } from '~/models/db/db.server'
import { productionPages } from '../support/http'

/**
 * A listing page must stay quick however many listings, feed records and history events there
 * are (issue 18 item 6, issue 19): every query it runs finds its rows through an index, and reads
 * no table that grows with the listings from end to end.
 */
const { fetchPage, db } = productionPages()
// A few rows an advertiser or a feed partner, none a listing: reading them whole costs nothing.
const tablesNotGrowingWithListings = new Set(['ads', 'feed_partners'])

test('every query of a listing page reads its rows through an index', async () => {
  const listing = db.prepare('select id from listings where status = 1 order by id limit 1').get() as { id: number }
  const canonical = await fetchPage('land.localhost', `/property/x/${listing.id}/`, { redirect: 'manual' })
  const pagePath = new URL(canonical.headers.get('location')!, 'http://land.localhost').pathname
  await fetchPage('land.localhost', pagePath)

  const queries: CompiledQuery[] = []
  const record = (event: unknown) => queries.push((event as { query: CompiledQuery }).query)
  diagnosticsChannel.subscribe('land-marketplaces:query', record)
  try {
    expect((await fetchPage('land.localhost', pagePath, { headers: { 'x-forwarded-for': '198.51.100.231' } })).status).toBe(200)
  } finally {
    diagnosticsChannel.unsubscribe('land-marketplaces:query', record)
  }
  expect(queries.length).toBeGreaterThan(5)
  const planDb = openDatabase()
  try {
    const scans = []
    for (const query of queries) {
      for (const name of await queryPlanIndexes(planDb, query)) {
        const scanned = /^scan (\S+)/.exec(name)?.[1]
        if (scanned && !tablesNotGrowingWithListings.has(scanned)) scans.push(`${name}: ${query.sql.slice(0, 120)}`)
      }
    }
    expect(scans).toEqual([])
  } finally {
    await planDb.destroy()
  }
})
