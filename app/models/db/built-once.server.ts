import type { Kysely } from 'kysely'
import type { Database } from './db-schema'

/**
 * A query's fixed part (its tables, joins and columns), built once per database handle instead of
 * on every call: Kysely parses each column name and freezes a node for it, which cost a listing
 * page about 0.3 ms for the card and detail column lists alone. Builders are immutable, so every
 * caller may narrow the shared one with `where`, `orderBy` or more `select`s.
 */
export function builtOncePerDatabase<Query>(build: (db: Kysely<Database>) => Query): (db: Kysely<Database>) => Query {
  const built = new WeakMap<Kysely<Database>, Query>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) built.set(db, (query = build(db)))
    return query
  }
}
