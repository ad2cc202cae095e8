import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'

/**
 * Where a scheduled job that walks a table stopped (`job_cursors`, migration 0043): kept in the
 * database, since each tick builds its jobs anew and any process may run the next one.
 */
export async function readJobCursor(db: Kysely<Database>, name: string): Promise<number | undefined> {
  const cursor = await db.selectFrom('job_cursors').select('position').where('name', '=', name).executeTakeFirst()
  return cursor ? Number(cursor.position) : undefined
}

/** Sets the cursor, for a job that holds its lease (job-scheduler.server.ts): no other process moves it meanwhile. */
export async function writeJobCursor(db: Kysely<Database>, name: string, position: number) {
  await db
    .insertInto('job_cursors')
    .values({ name, position })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ position }))
    .execute()
}
