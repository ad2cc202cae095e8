/**
 * `npm run bench:listing`: listing detail pages through the real request handler on the
 * benchmark database. Prints p50/p95 server milliseconds over 60 listings of every status and
 * tier, the page's HTML in KB gzip and its JavaScript in KB gzip at first view (issue 6: ≤ 110 KB)
 * and after the page has loaded (decision 0013).
 */
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sites } from '../app/sites/index'
import { listingPath } from '../app/sites/listing-path'
import { benchDataDir, benchListings, benchRequestHandler, gzipKilobytes, pageJavaScriptKilobytes, percentile, timeRequests } from './bench-support'

const request = await benchRequestHandler()

const database = new SQLite(path.join(benchDataDir, 'marketplace.db'), { readonly: true })
// Every tenth of the table, so the sample spans states, statuses and tiers deterministically.
const listings = database
  .prepare(
    `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
     from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
     where listings.id % (select max(id) / 60 from listings) = 0 order by listings.id limit 60`,
  )
  .all() as { id: number; acres: number; countyName: string; stateAbbreviation: string }[]
database.close()

const pages = listings.map((listing) => ['land.localhost', listingPath(sites.land, listing)] as const)
const rounds = 5
const timings = await timeRequests(request, pages, rounds)
const html = await request(...pages[0]!)
const javascript = pageJavaScriptKilobytes(html.toString())

console.log(`listing pages: ${pages.length} × ${rounds} rounds on ${benchListings.toLocaleString('en-US')} listings`)
console.log(`listing p50: ${percentile(timings, 50).toFixed(1)} ms, p95: ${percentile(timings, 95).toFixed(1)} ms`)
console.log(`listing page HTML: ${gzipKilobytes(html).toFixed(1)} KB gzip`)
console.log(`listing page JavaScript at first view: ${javascript.firstView.kilobytes.toFixed(1)} KB gzip over ${javascript.firstView.files} files  (target ≤ 110)`)
console.log(`listing page JavaScript after load: ${javascript.afterLoad.kilobytes.toFixed(1)} KB gzip over ${javascript.afterLoad.files} files`)
process.exit(0)
