import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { importFeed } from '~/models/feeds/feed-import.server'
import type { Geography } from '~/models/places/geography.server'
import { generateFeed } from './feed-records'
import { createPlaceIndex } from './place-index'

/**
 * The demo partner's first import (README "What to try"): generated listings with the usual feed
 * mistakes, through the real importer and quality gate, so a fresh `npm start` shows feed
 * listings, the import report of the demo seller, and held listings for the demo administrator.
 */
export async function seedDemoFeed(db: Kysely<Database>, { geography, count = 120, seed = 1 }: { geography: Geography; count?: number; seed?: number }) {
  const partner = await db.selectFrom('feed_partners').select('id').orderBy('id').executeTakeFirst()
  if (!partner) return undefined
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-feed-'))
  const file = path.join(folder, 'demo-feed.xml')
  try {
    fs.writeFileSync(file, [...generateFeed({ count, seed, geography, places: createPlaceIndex(geography), defectRate: 0.2 })].join(''))
    return await importFeed(db, { partnerId: partner.id, source: file, allowLocalFile: true })
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
}
