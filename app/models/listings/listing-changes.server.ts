import cluster from 'node:cluster'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { clearSearchCaches } from '~/models/search/search-totals-cache.server'

/**
 * What a process keeps about listings (the search caches, the server's page cache) is forgotten
 * in every process and on every server when a listing is written (decision 0026): the writer
 * bumps the 'listings' generation in the database and forgets at once; it tells the other workers
 * of its server at once (through the cluster's primary); and every process compares the
 * generation with the one it last saw at most once a `checkIntervalMs`, which reaches the workers
 * of other servers and writes made outside the server (the scheduled feed imports).
 */
const checkIntervalMs = 1_000

/** The message a worker sends its primary, which hands any `broadcast` message to the other workers (server/index.ts). */
const listingsChangedMessage = { type: 'listings-changed', broadcast: true }

const forgetters = new Set<() => void>([clearSearchCaches])

/** `forget` is called whenever listings may have changed. */
export function onListingsChanged(forget: () => void) {
  forgetters.add(forget)
}

function forgetListings() {
  for (const forget of forgetters) forget()
}

if (cluster.isWorker) {
  process.on('message', (message: { type?: string }) => {
    if (message?.type === listingsChangedMessage.type) forgetListings()
  })
}

/** Call after inserting, updating or deleting listings (status, price, photos, anything shown). */
export async function noteListingsChanged(db: Kysely<Database>) {
  await db
    .updateTable('change_generations')
    .set((eb) => ({ generation: eb('generation', '+', 1) }))
    .where('name', '=', 'listings')
    .execute()
  forgetListings()
  if (cluster.isWorker) process.send?.(listingsChangedMessage)
}

let seen: { generation: number; checkedAt: number } | undefined
let checking: Promise<void> | undefined

/** A counter of `change_generations`: how many times what it names has changed; undefined before it is first counted. */
export async function generationOf(db: Kysely<Database>, name: string) {
  const row = await db.selectFrom('change_generations').select('generation').where('name', '=', name).executeTakeFirst()
  return row === undefined ? undefined : Number(row.generation)
}

/** The number of listing writes so far, as `noteListingsChanged` counts them. */
export async function listingsGeneration(db: Kysely<Database>) {
  return (await generationOf(db, 'listings')) ?? 0
}

async function compareGeneration(db: Kysely<Database>) {
  const generation = await listingsGeneration(db)
  if (seen && seen.generation !== generation) forgetListings()
  seen = { generation, checkedAt: Date.now() }
}

/**
 * Forgets what this process keeps about listings if another process or server wrote one since the
 * last look; looks at most once a second (a request waits for that look, so none is answered from
 * a cache older than a second after another server's write).
 */
export function checkForListingChanges(db: Kysely<Database>): Promise<void> | undefined {
  if (seen && Date.now() - seen.checkedAt < checkIntervalMs) return undefined
  checking ??= compareGeneration(db)
    .catch((error: unknown) => console.error('Reading the listings generation failed', error))
    .finally(() => (checking = undefined))
  return checking
}
