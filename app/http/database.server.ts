import type { Kysely } from 'kysely'
import { createContext, type MiddlewareFunction } from 'react-router'
import type { Database } from '~/models/db/db-schema'
import { getDb } from '~/models/db/db.server'

/**
 * The database a request's loaders and actions use: `context.get(databaseContext)`, as React
 * Router's templates hand theirs over, never a module of their own (decision 0059). A test that
 * calls a loader sets it on the context it passes.
 */
export const databaseContext = createContext<Kysely<Database>>()

/**
 * The root's first middleware: every request's router context carries the database. Set here
 * rather than by server/app.ts's load context so that `react-router dev`, which has no load
 * context, and the tests' in-process handlers serve the same way as the production server.
 */
export const databaseMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(databaseContext, getDb())
  return next()
}
