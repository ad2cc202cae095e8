/**
 * npm run seed -- --listings N [--seed S] [--fresh]
 * Seeds the configured database (SQLite file in DATA_DIR, or DATABASE_URL) with real places
 * and N generated listings. Refuses a database that already has data unless --fresh.
 */
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { readConfig } from '~/config.server'
import { databaseTarget, migrateToLatest, openDatabase } from '../app/models/db/db.server'
import { seedDemoFeed } from '~/dev-data/demo-feed.server'
import { defaultSeed, dropPostgresSchema, isDatabaseSeeded, postgresDatabaseBytes, type SeedProgress, seedDatabase } from '~/dev-data/seed.server'

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: String(defaultSeed.listings) },
    seed: { type: 'string', default: String(defaultSeed.seed) },
    fresh: { type: 'boolean', default: false },
  },
})

const listings = Number(values.listings)
const seed = Number(values.seed)
if (!Number.isInteger(listings) || listings < 0 || !Number.isInteger(seed)) {
  console.error('Usage: npm run seed -- --listings N [--seed S] [--fresh]  (N and S are whole numbers)')
  process.exit(1)
}

const config = readConfig()
const target = databaseTarget(config)
if (values.fresh && 'sqliteFile' in target) {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(target.sqliteFile + suffix, { force: true })
}

const started = performance.now()
const db = openDatabase(config)
if (values.fresh && 'postgresUrl' in target) await dropPostgresSchema(db)
await migrateToLatest(db)
if (await isDatabaseSeeded(db)) {
  console.error('The database already has data; run again with --fresh to replace it.')
  await db.destroy()
  process.exit(1)
}

const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
function report({ phase, done, total }: SeedProgress) {
  console.log(`${seconds().padStart(6)}s  ${phase.padEnd(8)} ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`)
}

console.log(`Seeding ${listings.toLocaleString('en-US')} listings with seed ${seed} into ${'sqliteFile' in target ? target.sqliteFile : 'PostgreSQL'}`)
const { geography } = await seedDatabase(db, { listings, seed, onProgress: report, demoUsers: config.seedDemoUsers })
const feedRun = await seedDemoFeed(db, { geography, seed })
if (feedRun) console.log(`${seconds().padStart(6)}s  demo partner feed imported: ${JSON.stringify(feedRun.counts)}`)
const bytes = 'postgresUrl' in target ? await postgresDatabaseBytes(db) : undefined
await db.destroy()
const size = bytes ?? ('sqliteFile' in target ? fs.statSync(target.sqliteFile).size : 0)
console.log(`Done in ${seconds()} s; database size ${(size / 1024 / 1024).toFixed(1)} MB`)
