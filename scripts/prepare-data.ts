/**
 * Brings the configured database to the latest migration and seeds it when it holds no
 * listings yet, so a fresh clone serves realistic data on first start.
 */
import { performance } from 'node:perf_hooks'
import { openDatabase, migrateToLatest } from '../app/models/db/db.server'
import { seedLakes } from '../app/models/places/lakes.server'
import { seedDemoFeed } from '../app/models/seed/demo-feed.server'
import { isDatabaseSeeded, seedDatabase } from '../app/models/seed/seed.server'

export async function prepareData({ listings = Number(process.env.SEED_LISTINGS ?? 20_000) } = {}) {
  const db = openDatabase()
  try {
    const applied = await migrateToLatest(db)
    if (applied.length > 0) console.log(`Applied migrations: ${applied.map((result) => result.migrationName).join(', ')}`)
    if (await isDatabaseSeeded(db)) {
      // A database seeded before lakes (migration 0017) gets them, and its listings' lakes, once.
      await seedLakes(db)
      return
    }
    console.log(`Seeding ${listings.toLocaleString('en-US')} listings…`)
    const started = performance.now()
    const { geography } = await seedDatabase(db, { listings, seed: 1 })
    const feedRun = await seedDemoFeed(db, { geography })
    if (feedRun) console.log(`Demo partner feed imported: ${JSON.stringify(feedRun.counts)}`)
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    await db.destroy()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await prepareData()
}
