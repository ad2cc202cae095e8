/**
 * `npm run bench:load` (issue 18 item 7): the production server (server/index.ts) on the
 * BENCH_LISTINGS (100,000) database under 50 connections for 60 s over a mix of home, search,
 * listing, landing, broker and image URLs on the four sites. Prints the errors (failed or timed
 * out connections), the answers other than 2xx/3xx (and, asked once first, which URLs give them), p50/p99
 * latency and requests/s. All the
 * machine's cores serve, as with `npm start`; BENCH_WORKERS sets how many worker processes.
 *
 *   npm run bench:load -- [--seconds 60] [--connections 50]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import SQLite from 'better-sqlite3'
import { sites } from '~/sites/index'
import { brokerPagePath } from '~/models/brokers/broker-path'
import { landingPath } from '~/models/places/landing-path'
import { listingPath } from '~/models/listings/listing-path'
import { resizedImagePath } from '~/models/media/document-ids'
import { fixedRenditions } from '~/utils/image-renditions'
import { benchDataDir, benchListings, prepareBenchDatabase } from './bench-support'
import { siteFetch, startProductionServer } from '../tests/support/server-process'

const { values: options } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, connections: { type: 'string', default: '50' } } })

/** The URL mix: what visitors open, drawn from the benchmark database. */
function requestMix() {
  const db = new SQLite(path.join(benchDataDir, 'marketplace.db'), { readonly: true })
  try {
    const listings = db
      .prepare(
        `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation, listings.image_ids as imageIds,
           listings.property_types as propertyTypes
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where listings.status = 1 order by random() limit 600`,
      )
      .all() as { id: number; acres: number; countyName: string; stateAbbreviation: string; imageIds: string | null; propertyTypes: number }[]
    const brokers = db
      .prepare(
        `select id, contact_name as contactName, company_name as companyName from accounts where is_free = 0 and id in (select account_id from listings) order by random() limit 50`,
      )
      .all() as { id: number; contactName: string | null; companyName: string | null }[]
    // States with enough land for a fourth result page on every site (a small state's is a 404, rightly).
    const states = db
      .prepare(
        'select slug from states where (select count(*) from listings where listings.state_id = states.id and listings.status = 1) >= 1000 order by random() limit 20',
      )
      .all() as { slug: string }[]
    const counties = db.prepare('select slug from counties order by random() limit 50').all() as { slug: string }[]
    const imageIds = listings.flatMap((listing) => (listing.imageIds ? (JSON.parse(listing.imageIds) as number[]) : [])).slice(0, 100)
    const requests: { host: string; path: string }[] = []
    for (const site of [sites.land, sites.farm, sites.hunting]) {
      const host = `${site.key}.localhost`
      const statePrefix = site.searchGrammar === 'land' ? '/search/' : '/'
      // Only listings the site shows: another site's land is a 404 here, rightly.
      const siteListings = listings.filter((listing) => site.listingScopeBits === 0 || (listing.propertyTypes & site.listingScopeBits) !== 0)
      for (let index = 0; index < 20; index++) {
        const state = states[index % states.length]!.slug.toLowerCase()
        requests.push(
          { host, path: '/' },
          { host, path: `${statePrefix}${state}-land-for-sale/` },
          { host, path: `${statePrefix}${state}-land-for-sale/${index % 2 ? 'sort-price-low/' : `page-${2 + (index % 3)}/`}` },
          { host, path: listingPath(site, siteListings[(index * 3 + site.siteId) % siteListings.length]!) },
          { host, path: brokerPagePath(site, brokers[index % brokers.length]!)! },
          // A photo as the 'Recently viewed' strip asks for it: the image route renders only the pages' renditions.
          { host, path: resizedImagePath(imageIds[index % imageIds.length]!, fixedRenditions.recentlyViewed) },
        )
      }
    }
    for (let index = 0; index < 20; index++) {
      requests.push({
        host: 'land.localhost',
        path: landingPath({ kind: index % 2 ? 'state' : 'county', slug: index % 2 ? states[index % states.length]!.slug : counties[index]!.slug }),
      })
    }
    return requests
  } finally {
    db.close()
  }
}

async function main() {
  prepareBenchDatabase()
  if (!fs.existsSync('build/server/index.js')) throw new Error('Run `npx react-router build` first')
  const requests = requestMix()
  // All workers, as `npm start` runs them (BENCH_WORKERS to choose).
  const workers = process.env.BENCH_WORKERS ?? String(os.availableParallelism())
  const server = await startProductionServer({ DATA_DIR: benchDataDir, WEB_CONCURRENCY: workers })
  try {
    // Each URL once, one at a time, so a mix URL the app refuses is named (the load below only counts statuses).
    const fetchPage = siteFetch(server.port)
    for (const { host, path: requestPath } of requests) {
      const { status } = await fetchPage(host, requestPath)
      if (!/^[23]/.test(String(status))) console.log(`  ${status} ${host}${requestPath}`)
    }
    const statuses = new Map<string, number>()
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}`,
      connections: Number(options.connections),
      duration: Number(options.seconds),
      timeout: 10,
      requests: requests.map(({ host, path: requestPath }) => ({ method: 'GET', path: requestPath, headers: { host, 'accept-encoding': 'br, gzip' } })),
      setupClient: (client) => client.on('response', (statusCode: number) => statuses.set(String(statusCode), (statuses.get(String(statusCode)) ?? 0) + 1)),
    })
    const failing = [...statuses].filter(([status]) => !/^[23]/.test(status)).reduce((total, [, count]) => total + count, 0)
    console.log(
      `bench:load on ${benchListings.toLocaleString('en-US')} listings, ${workers} workers, ${options.connections} connections for ${options.seconds} s over ${requests.length} URLs (home, search, listing, broker, landing, image)`,
    )
    console.log(`  requests ${result.requests.total}   ${result.requests.average.toFixed(0)} requests/s`)
    console.log(`  latency p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms`)
    console.log(`  errors ${result.errors} (timeouts ${result.timeouts})   non-2xx/3xx ${failing}`)
    console.log(
      `  statuses ${[...statuses]
        .sort()
        .map(([status, count]) => `${status}:${count}`)
        .join(' ')}`,
    )
    process.exitCode = result.errors + failing > 0 ? 1 : 0
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
  }
}

await main()
