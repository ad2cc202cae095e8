/**
 * `npm run bench:listing`: listing detail pages through the real request handler on the
 * benchmark database. Prints p50/p95 server milliseconds over 60 listings of every status and
 * tier, the page's HTML in KB gzip and its JavaScript in KB gzip at first view (issue 6: ≤ 110 KB)
 * and after the page has loaded (decision 0013).
 */
import { sql } from 'kysely'
import { openDatabase } from '../app/models/db/db.server'
import { sites } from '../app/sites/index'
import { listingPath } from '../app/models/listings/listing-path'
import {
  benchDatabaseName,
  benchListings,
  benchRequestHandler,
  gzipKilobytes,
  pageJavaScriptKilobytes,
  percentile,
  printSlowestShapes,
  recordFirstAnswers,
  timeRequests,
} from './bench-support'

const request = await benchRequestHandler()

const db = openDatabase()
// Every sixtieth of the table, so the sample spans states, statuses and tiers deterministically.
const { rows: listings } = await sql<{ id: number; acres: number; countyName: string; stateAbbreviation: string }>`
  select listings.id, listings.acres, counties.name || ' ' || counties.suffix as "countyName", states.abbreviation as "stateAbbreviation"
  from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
  where listings.id % (select max(id) / 60 from listings) = 0 order by listings.id limit 60`.execute(db)
await db.destroy()

const pages = listings.map((listing) => ['land.localhost', listingPath(sites.land, listing)] as const)
const firstAnswers = await recordFirstAnswers(request, pages.slice(1), { warmUp: pages[0]! })
// More rounds (BENCH_ROUNDS) steady the p95 on a busy machine: 5 rounds give it from 15 of 300 timings.
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
const timings = await timeRequests(request, pages, rounds)
const html = await request(...pages[0]!)
const javascript = pageJavaScriptKilobytes(html.toString())

console.log(`listing pages: ${pages.length} × ${rounds} rounds on ${benchListings.toLocaleString('en-US')} listings (${benchDatabaseName})`)
console.log(`listing p50: ${percentile(timings, 50).toFixed(1)} ms, p95: ${percentile(timings, 95).toFixed(1)} ms`)
console.log(`listing page HTML: ${gzipKilobytes(html).toFixed(1)} KB gzip`)
console.log(`listing page JavaScript at first view: ${javascript.firstView.kilobytes.toFixed(1)} KB gzip over ${javascript.firstView.files} files  (target ≤ 110)`)
console.log(`listing page JavaScript after load: ${javascript.afterLoad.kilobytes.toFixed(1)} KB gzip over ${javascript.afterLoad.files} files`)
await printSlowestShapes(firstAnswers)
process.exit(0)
