import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { DATABASE_POOLS, isPostgresUrl } from '../config';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { prepareOn } from './prepared';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: services accept either. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  /** The embedded database's data directory as a tar (no compression); PGlite only. */
  dump?(): Promise<Blob>;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The PostgreSQL pool behind `db` (drizzle keeps its client as `$client`), for what needs a
 * connection of its own (a streaming COPY); undefined on PGlite or for a transaction.
 */
export function postgresPoolOf(db: Executor): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How many migrations this build carries: the journal's entries. */
export function migrationsInBuild(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many migrations the database has applied (drizzle's own table; 0 before the first). */
export async function migrationsApplied(db: Executor): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

/**
 * The advisory lock key migrations run under: API processes started at once (a deploy of two)
 * migrate one after the other, the later one finding nothing left to do.
 */
const MIGRATION_LOCK_KEY = '7318470046';

/** The most connections of each PostgreSQL pool (config.ts: databasePoolMax and the prepared one). */
export interface PoolSizes {
  max: number;
  preparedMax: number;
  /** A statement running longer is canceled, by the server and, should it not answer, here. */
  statementTimeoutMs?: number;
}

/** How long to wait for a connection to a server that does not answer. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connection settings shared by both pools: a bounded wait to connect, statements and idle
 * transactions that cannot hang forever on a frozen server, and the connection's own errors
 * heard (a server restart or pg_terminate_backend during a transaction), so that they fail the
 * query that runs on it instead of ending the process with an unhandled 'error' event.
 */
function poolOptions(url: string, statementTimeoutMs: number, extra = '') {
  return {
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // The server's own limit, then the client's a little later for a server that is frozen.
    query_timeout: statementTimeoutMs + 5_000,
    options:
      `-c statement_timeout=${statementTimeoutMs} ` +
      `-c idle_in_transaction_session_timeout=${statementTimeoutMs} ${extra}`.trim(),
  };
}

function hearConnectionErrors(pool: pg.Pool, onError: (error: Error) => void) {
  // An idle connection that fails is dropped by the pool; a checked-out one reports to its
  // client, whose query then rejects: either way the process goes on.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
}

/** The catalog's PostgreSQL read model searches with these (migration 0024). */
export const EMBEDDED_EXTENSIONS = { pg_trgm, unaccent };

/**
 * Opens the database: PostgreSQL when `url` is a postgres URL, otherwise embedded PGlite
 * (in `dataDir/pgdata`, or in memory for `memory://`). `onConnectionError` hears of pooled
 * connections that fail, idle or in use; `pools` bounds the two PostgreSQL pools.
 */
export async function openDatabase(
  url: string | undefined,
  dataDir: string,
  onConnectionError: (error: Error) => void = () => {},
  pools: PoolSizes = DATABASE_POOLS,
  /** An in-memory PGlite starts from this dump of a data directory (tests' template). */
  memoryFrom?: Blob,
): Promise<Database> {
  if (isPostgresUrl(url)) {
    const statementTimeoutMs = pools.statementTimeoutMs ?? 60_000;
    const pool = new pg.Pool({ ...poolOptions(url, statementTimeoutMs), max: pools.max });
    // The named prepared statements (prepared.ts) run on connections of their own that always
    // use a statement's generic plan, planned once per connection. With the default setting
    // PostgreSQL plans anew, on every run, a statement whose generic plan looks costlier than
    // one made for the values (an unknown OFFSET guessed at a tenth of a long list), a third to
    // half a millisecond of CPU each time; the statements are written for their generic plan.
    // The other queries, one-off statements, keep plans made for their values.
    // The pool is small: its statements are short and never wait on anything but the database,
    // and more connections only add backends contending for the server's cores. At 32
    // concurrent list requests on 2 cores, 4 connections took 20-35% less database CPU per
    // request than 20 (decision 007).
    const genericPool = new pg.Pool({
      ...poolOptions(url, statementTimeoutMs, '-c plan_cache_mode=force_generic_plan'),
      max: pools.preparedMax,
    });
    hearConnectionErrors(pool, onConnectionError);
    hearConnectionErrors(genericPool, onConnectionError);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    prepareOn(db, drizzlePg(genericPool, { schema }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
          try {
            await migratePg(drizzlePg(client), { migrationsFolder });
          } finally {
            await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), genericPool.end()]);
      },
    };
  }
  const extensions = EMBEDDED_EXTENSIONS;
  const client =
    url === 'memory://'
      ? new PGlite({
          loadDataDir: memoryFrom,
          extensions,
          // A database in memory is a test's few hundred products: PGlite's default 128 MB of
          // shared buffers, zeroed at every start, took 0.6 of its 1.4 s to start.
          startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
        })
      : new PGlite(path.join(dataDir, 'pgdata'), { extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
