import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import pg from 'pg'
import type { Database } from '~/models/db/db-schema'
import { migrateToLatest } from '~/models/db/db.server'
import { createKysely } from '~/models/db/dialect.server'
import { seedDatabase } from '~/models/seed/seed.server'

/** A new, empty SQLite database in a temporary folder. */
export function freshSqliteDatabase(name: string): Kysely<Database> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  return createKysely({ sqliteFile: path.join(folder, 'test.db') })
}

/** A new, empty database on the PostgreSQL server of `serverUrl` (TEST_POSTGRES_URL). */
export async function freshPostgresDatabase(serverUrl: string, name: string): Promise<Kysely<Database>> {
  const databaseName = `${name.replaceAll('-', '_')}_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${databaseName}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${databaseName}`
  return createKysely({ postgresUrl: url.href })
}

/** Migrates `db` and fills it with the deterministic generator. */
export async function migrateAndSeed(db: Kysely<Database>, options: { listings: number; seed: number }) {
  await migrateToLatest(db)
  await seedDatabase(db, options)
  return db
}
