/**
 * Brings the configured database to the latest migration and seeds it when it holds no
 * listings yet, so a fresh clone serves realistic data on first start (the demo accounts only
 * outside production, or with SEED_DEMO_USERS=1: decision 0050); then reads the places'
 * markets if listings changed since they were last read (decision 0028), so no first page waits for that.
 * In production it says when demo accounts can log in, and how to create the first administrator.
 */
import { performance } from 'node:perf_hooks'
import { readConfig } from '../app/config.server'
import { productionAccountNotices } from '../app/models/accounts/administrators.server'
import { openDatabase, migrateToLatest } from '../app/models/db/db.server'
import { refreshMarketSnapshots } from '../app/models/places/market-stats.server'
import { seedLakes } from '../app/models/places/lakes.server'
import { refreshPriceContexts } from '../app/models/trust/price-context.server'
import { seedDemoFeed } from '../app/dev-data/demo-feed.server'
import { defaultSeed, isDatabaseSeeded, seedDatabase } from '../app/dev-data/seed.server'
import { seedAds } from '../app/dev-data/ads'
import { isStressVariant, stressVariants } from '../app/dev-data/stress-variants'
import { seedDemoSecondFactors } from '../app/dev-data/demo-users'
import { siteListingScopes, sites } from '../app/sites/index'

/** SEED_STRESS_VARIANT seeds a harsher world (app/dev-data/stress-variants.ts): `npm run bench:valuation -- --variant NAME` sets it for its own database. */
function stressVariantOf(name: string | undefined) {
  if (name === undefined || name === '') return undefined
  if (!isStressVariant(name)) throw new Error(`SEED_STRESS_VARIANT must be one of ${stressVariants.join(', ')}`)
  return name
}

export async function prepareData({
  listings = Number(process.env.SEED_LISTINGS ?? defaultSeed.listings),
  stress = stressVariantOf(process.env.SEED_STRESS_VARIANT),
} = {}) {
  const config = readConfig()
  const db = openDatabase(config)
  try {
    const applied = await migrateToLatest(db)
    if (applied.length > 0) console.log(`Applied migrations: ${applied.map((result) => result.migrationName).join(', ')}`)
    if (await isDatabaseSeeded(db)) {
      // A database seeded before lakes (migration 0017) gets them, and its listings' lakes, once.
      await seedLakes(db)
      // A database seeded before ads existed gets the seed's ads once, when their tables arrive.
      if (applied.some((result) => result.migrationName.endsWith('-ads'))) console.log(`Seeded ${await seedAds(db, { demoSiteId: sites.land.siteId })} ads`)
      // A database seeded before second factors gives the demo administrator its published secret once (decision 0052).
      if (config.seedDemoUsers && applied.some((result) => result.migrationName.endsWith('-second-factor-and-security-events'))) await seedDemoSecondFactors(db)
    } else {
      console.log(`Seeding ${listings.toLocaleString('en-US')} listings${stress ? ` in the '${stress}' stress world` : ''}…`)
      const started = performance.now()
      const { geography } = await seedDatabase(db, { listings, seed: defaultSeed.seed, demoUsers: config.seedDemoUsers, stress })
      const feedRun = await seedDemoFeed(db, { geography })
      if (feedRun) console.log(`Demo partner feed imported: ${JSON.stringify(feedRun.counts)}`)
      console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
    await refreshMarketSnapshots(db, siteListingScopes)
    await reportPriceContexts(db)
    if (config.environment === 'production') {
      for (const notice of await productionAccountNotices(db, { isDemoWanted: config.seedDemoUsers })) console.warn(notice)
    }
  } finally {
    await db.destroy()
  }
}

/** Listings' price contexts (decision 0029), worked out when the listings changed since they last were. */
async function reportPriceContexts(db: ReturnType<typeof openDatabase>) {
  const written = await refreshPriceContexts(db)
  if (written) console.log(`Price contexts: ${written.listings.toLocaleString('en-US')} listings in ${written.groups.toLocaleString('en-US')} groups`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await prepareData()
}
