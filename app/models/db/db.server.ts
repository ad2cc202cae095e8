import fs from 'node:fs'
import path from 'node:path'
import { type Kysely, Migrator } from 'kysely'
import { readConfig } from '~/config.server'
import type { Database } from './db-schema'
import { createKysely, type DatabaseTarget, isPostgresUrl } from './dialect.server'
import { migrations } from '~/models/db/migrations'

export function databaseTarget(config = readConfig()): DatabaseTarget {
  const { databaseUrl } = config
  if (isPostgresUrl(databaseUrl)) return { postgresUrl: databaseUrl }
  return { sqliteFile: databaseUrl ?? path.join(config.dataDir, 'marketplace.db') }
}

/** Opens the configured database (SQLite file by default, PostgreSQL for a postgres:// URL). */
export function openDatabase(config = readConfig()): Kysely<Database> {
  const target = databaseTarget(config)
  if ('sqliteFile' in target) fs.mkdirSync(path.dirname(target.sqliteFile), { recursive: true })
  return createKysely(target)
}

export async function migrateToLatest(db: Kysely<Database>) {
  // Unordered: a migration numbered below one already applied (work merged from parallel branches) still runs.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName
    throw new Error(`Migration ${failed ?? ''} failed: ${String(error)}`, { cause: error })
  }
  return results ?? []
}
