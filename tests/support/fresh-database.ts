import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import pg from 'pg'
import type { Database } from '~/models/db/db-schema'
import { migrateToLatest } from '~/models/db/db.server'
import { createKysely, type DatabaseTarget } from '~/models/db/dialect.server'
import { seedDatabase } from '~/dev-data/seed.server'

/** Where a new, empty SQLite database goes: a file in a temporary folder. */
export function freshSqliteTarget(name: string): DatabaseTarget {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  return { sqliteFile: path.join(folder, 'test.db') }
}

/** A new, empty SQLite database in a temporary folder. */
export function freshSqliteDatabase(name: string): Kysely<Database> {
  return createKysely(freshSqliteTarget(name))
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl` (TEST_POSTGRES_URL), as a target
 * a test can open more than once (two connections, as two processes would have).
 */
export async function freshPostgresTarget(serverUrl: string, name: string): Promise<DatabaseTarget> {
  const databaseName = `${name.replaceAll('-', '_')}_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${databaseName}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${databaseName}`
  return { postgresUrl: url.href }
}

/** A new, empty database on the PostgreSQL server of `serverUrl` (TEST_POSTGRES_URL). */
export async function freshPostgresDatabase(serverUrl: string, name: string): Promise<Kysely<Database>> {
  return createKysely(await freshPostgresTarget(serverUrl, name))
}

/** Migrates `db` and fills it with the deterministic generator, demo accounts included as the test database has them. */
export async function migrateAndSeed(db: Kysely<Database>, options: { listings: number; seed: number }) {
  await migrateToLatest(db)
  await seedDatabase(db, { ...options, demoUsers: true })
  return db
}

/** Two connections to the database of `target`, as two processes or servers have; migrated. */
export async function openTwoConnections(target: DatabaseTarget): Promise<[Kysely<Database>, Kysely<Database>]> {
  const first = createKysely(target)
  await migrateToLatest(first)
  return [first, createKysely(target)]
}
