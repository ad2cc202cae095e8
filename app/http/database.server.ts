import type { Kysely } from 'kysely'
import { createContext, type MiddlewareFunction } from 'react-router'
import type { Database } from '~/models/db/db-schema'
import { openDatabase } from '~/models/db/db.server'

/**
 * The database a request's loaders and actions use: `context.get(databaseContext)`, as React
 * Router's templates hand theirs over, never a module of their own (decision 0063). A test that
 * calls a loader sets it on the context it passes.
 */
export const databaseContext = createContext<Kysely<Database>>()

let processDatabase: Kysely<Database> | undefined

/**
 * The process's one connection (pool), opened on first use. Only the request's edge reads it: the
 * root's first middleware below, the session storage (built once, not per request) and the
 * production server (server/app.ts: health check, warm-up, shutdown).
 */
export function connectionOfThisProcess(): Kysely<Database> {
  processDatabase ??= openDatabase()
  return processDatabase
}

/** Closes the process's connection (the server's graceful shutdown); a later request would open a new one. */
export async function closeConnectionOfThisProcess() {
  const db = processDatabase
  processDatabase = undefined
  await db?.destroy()
}

/**
 * The root's first middleware: every request's router context carries the database. Set here
 * rather than by server/app.ts's load context so that `react-router dev`, which has no load
 * context, and the tests' in-process handlers serve the same way as the production server.
 */
export const databaseMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(databaseContext, connectionOfThisProcess())
  return next()
}
