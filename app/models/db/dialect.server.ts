import { createHash } from 'node:crypto'
import diagnosticsChannel from 'node:diagnostics_channel'
import SQLite from 'better-sqlite3'
import {
  type ColumnDefinitionBuilder,
  type Expression,
  CompiledQuery,
  Kysely,
  type LogEvent,
  PostgresAdapter,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqlBool,
  SqliteDialect,
  type SqliteDatabase,
  sql,
} from 'kysely'
import { LRUCache } from 'lru-cache'
import pg from 'pg'
import type { Database } from './db-schema'

/**
 * The only module that knows SQLite from PostgreSQL (architecture "Data"): connection,
 * identity columns, full-text search. Everything else is plain Kysely that runs on both.
 */
export type DialectName = 'sqlite' | 'postgres'

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url)
}

// Document ids exceed 2^31, so bigint columns come back as numbers (all below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))

export type DatabaseTarget = { postgresUrl: string } | { sqliteFile: string; readonly?: boolean }

/**
 * Every query of every database handle, with its duration, for whoever subscribes (the page
 * benchmarks read the plans of the slowest pages' queries). A named channel reaches the handles
 * of the production build too, and costs nothing while nobody listens.
 */
export const queryChannel = diagnosticsChannel.channel('land-marketplaces:query')

function publishQuery(event: LogEvent) {
  if (queryChannel.hasSubscribers) queryChannel.publish(event)
}

export function createKysely(target: DatabaseTarget) {
  if ('postgresUrl' in target) {
    // A request waits at most 5 s for a connection (the database down or saturated), then fails instead of hanging.
    // No JIT: it spent 20 ms compiling each count over a million listings, more than it saved.
    // random_page_cost 1.1, as for data in memory or on SSD: at the default 4 the planner hashed all
    // 3,142 counties to join a broker's few listings (1.8 ms) instead of looking each up (0.5 ms).
    const pool = new pg.Pool({
      connectionString: target.postgresUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      options: '-c jit=off -c random_page_cost=1.1',
    })
    // An idle connection the database dropped (a restart, a failover): the pool opens a new one when asked; unheard, the event would end the process.
    pool.on('error', (error) => console.error(`PostgreSQL dropped an idle connection: ${error.message}`))
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }), log: publishQuery })
  }
  // Opened at the first query, as a pool opens PostgreSQL's: a file that is not a database (or is
  // gone) fails the queries of the requests that need it, which answer with the error page, not
  // every request's setup (the root's middleware hands the database over before any query).
  const openConnection = async () => {
    const connection = new SQLite(target.sqliteFile, { readonly: target.readonly ?? false })
    if (!target.readonly) connection.pragma('journal_mode = WAL')
    connection.pragma('synchronous = NORMAL')
    connection.pragma('foreign_keys = ON')
    connection.pragma('busy_timeout = 5000')
    connection.pragma('cache_size = -65536')
    return withStatementCache(connection)
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: openConnection }), log: publishQuery })
}

/** Distinct SQL texts kept compiled: the app runs a few hundred. */
const cachedStatements = 1_000

/** How a query's text ends when `preparedStatement` marked it. */
const preparedStatementMark = '/* prepared */'

/**
 * Marks a query (`.$call(preparedStatement)`) that PostgreSQL may parse and plan once per
 * connection: one whose best plan is the same whatever its values, such as rows by key. Planning
 * was most of PostgreSQL's work on a listing page (its queries run in a fraction of a millisecond;
 * the planner weighs the twenty-odd indexes of listings each time). Never a search's query: after
 * five runs PostgreSQL may keep a plan made without the values, guessing every range 0.5 % wide
 * (decision 0028). On SQLite the mark is a comment.
 */
export function preparedStatement<Query extends { modifyEnd(modifier: Expression<unknown>): Query }>(query: Query): Query {
  return query.modifyEnd(sql.raw(preparedStatementMark))
}

/**
 * Runs the queries `preparedStatement` marked as named prepared statements of their connection,
 * named by their text's hash (decision 0036). A connection keeps at most `cachedStatements` (the
 * server holds them for its life); marked texts after those, and all others, run unnamed.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>()
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const prepared = new Set<string>()
    return {
      // Kysely passes a text and its values (it streams no cursors here).
      query: ((text: string, parameters: readonly unknown[]) => {
        const values = [...parameters]
        if (!text.endsWith(preparedStatementMark)) return client.query(text, values)
        const name = createHash('sha1').update(text).digest('base64url')
        if (prepared.size >= cachedStatements && !prepared.has(name)) return client.query(text, values)
        prepared.add(name)
        return client.query({ name, text, values })
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    }
  }
  return {
    async connect() {
      const client = await pool.connect()
      let wrapped = clients.get(client)
      if (!wrapped) clients.set(client, (wrapped = wrap(client)))
      return wrapped
    },
    end: () => pool.end(),
  }
}

/**
 * Kysely asks better-sqlite3 to compile every query it runs, which cost a listing page about 2 ms.
 * The compiled statements are kept by their SQL text and reused: Kysely runs one statement at a
 * time on a connection, and SQLite recompiles a kept statement itself after a schema change.
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: cachedStatements })
  return {
    close: () => connection.close(),
    prepare(text) {
      let statement = statements.get(text)
      if (!statement) {
        statement = connection.prepare(text)
        statements.set(text, statement)
      }
      return statement
    },
  }
}

/**
 * The indexes a query's plan reads, and `scan <table>` for each table it reads whole:
 * SQLite's `explain query plan`, PostgreSQL's `explain (format json)`.
 */
export async function queryPlanIndexes(db: Kysely<Database>, query: CompiledQuery) {
  if (dialectOf(db) === 'postgres') {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': PlanNode[] }>(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]))
    const names: string[] = []
    const visit = (node: PlanNode) => {
      if (node['Index Name']) names.push(node['Index Name'])
      else if (node['Node Type'] === 'Seq Scan') names.push(`scan ${node['Relation Name']}`)
      node.Plans?.forEach(visit)
    }
    rows[0]?.['QUERY PLAN'].forEach((root) => visit(root.Plan!))
    return [...new Set(names)]
  }
  const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]))
  const names = rows.flatMap(({ detail }) => {
    const index = /USING (?:COVERING )?INDEX (\S+)/.exec(detail) ?? /USING (INTEGER PRIMARY KEY)/.exec(detail)
    if (index) return [index[1]!]
    const virtualTable = /^SCAN (\S+) VIRTUAL TABLE/.exec(detail)
    if (virtualTable) return [virtualTable[1]!]
    const scan = /^SCAN (\S+)/.exec(detail)
    return scan ? [`scan ${scan[1]}`] : []
  })
  return [...new Set(names)]
}

interface PlanNode {
  'Node Type'?: string
  'Index Name'?: string
  'Relation Name'?: string
  Plan?: PlanNode
  Plans?: PlanNode[]
}

/**
 * Whether an error means the database cannot be reached now (refused or dropped connections, a
 * connection that timed out, PostgreSQL shutting down or starting up): the page answers 503, a
 * passing fault, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  return (
    (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08003', '08006'].includes(code)) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(error.message)
  )
}

export function dialectOf(db: Kysely<Database>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

/**
 * A listings column that a condition should filter on, not look up in an index, where the
 * planner cannot tell. SQLite guesses any range or IN list to be narrow, so it would read a wide
 * index range (a price range matching half the table) and fetch and sort every row in it; the
 * unary plus (a no-op) hides the column from its index choice. PostgreSQL weighs the condition by
 * the column's statistics, which the plus would hide: it then guessed 0.5 % for a price range
 * matching 6 % and for the active statuses (66 %), and scanned the table where walking a sort
 * index finds a page in a few hundred entries (2.6 s against 2 ms for a million listings).
 */
export function filteredColumn(db: Kysely<Database>, column: `listings.${string}`): Expression<number> {
  return dialectOf(db) === 'postgres' ? sql.ref<number>(column) : sql<number>`+${sql.ref(column)}`
}

/** An auto-numbered integer primary key that still accepts explicit ids from the seed. */
export function identityPrimaryKey(dialect: DialectName) {
  return (column: ColumnDefinitionBuilder) => (dialect === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey())
}

/** After inserting explicit ids, move PostgreSQL's identity sequence past them (SQLite needs nothing). */
export async function syncIdentity(db: Kysely<Database>, table: 'listings' | 'accounts' | 'users') {
  if (dialectOf(db) !== 'postgres') return
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db)
}

/**
 * Table statistics for the query planner (`analyze` on both databases). Without them SQLite
 * guesses every index equally selective; with them it reads a radius search from the
 * coordinates index instead of a state's (12 ms to 3 ms) and picks better for most search
 * shapes. Run after a bulk load or a change of indexes; PostgreSQL's autovacuum also keeps its own.
 */
export async function refreshPlannerStatistics<DB>(db: Kysely<DB>) {
  await sql`analyze`.execute(db)
}

/**
 * Statistics for new indexes of `table`, so the planner weighs them: SQLite reads each index once
 * (not every index of the database, as a bare `analyze` does: minutes for a million listings);
 * PostgreSQL samples the table, expressions of its indexes included.
 */
export async function refreshIndexStatistics(db: Kysely<Database>, table: string, indexNames: string[]) {
  if (dialectOf(db) === 'postgres') await sql`analyze ${sql.ref(table)}`.execute(db)
  else for (const name of indexNames) await sql`analyze ${sql.ref(name)}`.execute(db)
}

/**
 * After a bulk load (the seed): statistics on both, and on PostgreSQL a vacuum too, which marks
 * the new pages all-visible. Until then every "index-only" scan still reads the table (170,000
 * heap fetches and 600 ms for a count of a million listings by state). Not in a transaction.
 */
export async function settleBulkLoad(db: Kysely<Database>) {
  await (dialectOf(db) === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db)
}

/**
 * Runs a bulk insert into `table` with its secondary indexes (and, on PostgreSQL, its foreign
 * keys) set aside, then builds them again: sorting a million rows into each index once is many
 * times cheaper than growing twenty indexes row by row. On SQLite the full-text insert trigger
 * is set aside too and the text index rebuilt from the table; PostgreSQL validates each foreign
 * key once over the whole table when it comes back.
 */
export async function withIndexesDeferred<T>(db: Kysely<Database>, table: 'listings', load: () => Promise<T>) {
  const postgres = dialectOf(db) === 'postgres'
  const definitions = postgres
    ? await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = ${table}
          and indexname not in (select conname from pg_constraint where conrelid = ${table}::regclass)`.execute(db)
    : await sql<{ name: string; definition: string }>`
        select name, sql as definition from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db)
  const foreignKeys = postgres
    ? (
        await sql<{ name: string; definition: string }>`
          select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
          where conrelid = ${table}::regclass and contype = 'f'`.execute(db)
      ).rows
    : []
  const textTrigger = postgres
    ? undefined
    : (await sql<{ definition: string }>`select sql as definition from sqlite_master where type = 'trigger' and name = 'listings_fts_insert'`.execute(db)).rows[0]
  for (const { name } of definitions.rows) await sql`drop index ${sql.id(name)}`.execute(db)
  for (const { name } of foreignKeys) await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db)
  if (textTrigger) await sql`drop trigger listings_fts_insert`.execute(db)
  const result = await load()
  await withSqliteBulkCache(db, async () => {
    for (const { definition } of definitions.rows) await sql.raw(definition).execute(db)
    if (textTrigger) await sql`insert into listings_fts(listings_fts) values ('rebuild')`.execute(db)
  })
  for (const { name, definition } of foreignKeys) await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} ${sql.raw(definition)}`.execute(db)
  if (textTrigger) await sql.raw(textTrigger.definition).execute(db)
  return result
}

/**
 * A gigabyte of page cache and memory-mapped reads while SQLite sorts a large table into its
 * indexes: with the connection's 64 MB it read each page of a million listings from the file
 * again and again (150 GB of reads). The connection's own settings come back after.
 */
async function withSqliteBulkCache(db: Kysely<Database>, build: () => Promise<void>) {
  if (dialectOf(db) === 'postgres') return build()
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db)
  await sql`pragma cache_size = -1048576`.execute(db)
  await sql`pragma mmap_size = 2147418112`.execute(db)
  try {
    await build()
  } finally {
    await sql`pragma cache_size = ${sql.raw(String(rows[0]?.cache_size ?? -65536))}`.execute(db)
    await sql`pragma mmap_size = 0`.execute(db)
  }
}

/** Full-text index over listing title and description: FTS5 on SQLite, a tsvector column on PostgreSQL. */
export async function createListingTextIndex(db: Kysely<Database>) {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table listings add column search_vector tsvector generated always as
      (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, ''))) stored`.execute(db)
    await sql`create index listings_search_vector on listings using gin (search_vector)`.execute(db)
    return
  }
  await sql`create virtual table listings_fts using fts5(title, description, content='listings', content_rowid='id', tokenize='porter unicode61')`.execute(db)
  await sql`create trigger listings_fts_insert after insert on listings begin
      insert into listings_fts(rowid, title, description) values (new.id, new.title, new.description); end`.execute(db)
  await sql`create trigger listings_fts_delete after delete on listings begin
      insert into listings_fts(listings_fts, rowid, title, description) values ('delete', old.id, old.title, old.description); end`.execute(db)
  await sql`create trigger listings_fts_update after update of title, description on listings begin
      insert into listings_fts(listings_fts, rowid, title, description) values ('delete', old.id, old.title, old.description);
      insert into listings_fts(rowid, title, description) values (new.id, new.title, new.description); end`.execute(db)
}

export async function dropListingTextIndex(db: Kysely<Database>) {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table listings drop column if exists search_vector`.execute(db)
    return
  }
  for (const trigger of ['listings_fts_insert', 'listings_fts_delete', 'listings_fts_update']) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db)
  }
  await sql`drop table if exists listings_fts`.execute(db)
}

/** Words of a keyword query, stripped of operators, so user text can never be query syntax. */
function keywordTerms(query: string) {
  return (
    query
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? []
  )
}

/**
 * A where-condition matching listings whose title or description contain every word of
 * `query` (stemmed). Callers pass it to `.where(...)` on a query over `listings`.
 */
export function listingMatchesKeywords(db: Kysely<Database>, query: string): Expression<SqlBool> {
  const terms = keywordTerms(query)
  if (terms.length === 0) return sql<SqlBool>`1 = 1`
  if (dialectOf(db) === 'postgres') {
    return sql<SqlBool>`listings.search_vector @@ plainto_tsquery('english', ${terms.join(' ')})`
  }
  const ftsQuery = terms.map((term) => `"${term}"`).join(' ')
  // The unary + keeps SQLite from driving the whole query off the primary key for this IN list:
  // it reads the full-text matches once and lets the place and rank indexes do the rest.
  return sql<SqlBool>`+listings.id in (select rowid from listings_fts where listings_fts match ${ftsQuery})`
}

/**
 * A where-condition: `column` is one of `ids`, however many (a drawn area's listings can be
 * thousands, past either database's limit of bound parameters): one parameter, a JSON array read
 * by `json_each` on SQLite, an integer array on PostgreSQL.
 */
export function isAmongIds(db: Kysely<Database>, column: string, ids: readonly number[]): Expression<SqlBool> {
  if (dialectOf(db) === 'postgres') return sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::bigint[])`
  return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`
}
