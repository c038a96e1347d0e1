// One database handle for the whole process: PGlite on disk (embedded default) or PostgreSQL via
// DATABASE_URL. Everything above this file uses the same drizzle API and the same SQL dialect.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgliteSession } from 'drizzle-orm/pglite/session';
import { is } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside db.transaction(async (tx) => …). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw SQL runner used by pg-boss and by hot paths that bypass the query builder. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /** Multi-statement SQL without parameters (pg-boss migrations need this on PGlite). */
  exec(text: string): Promise<void>;
}

export interface Database {
  db: Db;
  sql: SqlRunner;
  kind: 'pglite' | 'postgres';
  /**
   * Embedded database only (null on PostgreSQL): a counter that moves before and after every statement
   * that may write and around every transaction. PGlite has one owner process and runs one statement at
   * a time, so a value read before a lookup and still current afterwards proves no write happened in
   * between: in-process read caches key their entries by it (`services/read-facts.ts`).
   */
  writeStamp: (() => number) | null;
  close(): Promise<void>;
}

/**
 * Statements that cannot write: a plain SELECT (data-modifying CTEs start with WITH) and a COPY of a
 * SELECT out to a blob. Everything else counts as a write. (A SELECT calling a writing function is not
 * seen; only pg-boss's functions do that, on its own tables.)
 */
const READ_ONLY = /^\s*(select\b|copy\s*\(\s*select\b)/i;

/** Makes every possible write on `client` move the stamp, before it runs and once it has ended. */
function stampWrites(client: PGlite): () => number {
  let stamp = 0;
  const bumpAround = <T>(run: () => Promise<T>): Promise<T> => {
    stamp++;
    return run().finally(() => {
      stamp++;
    });
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) =>
    READ_ONLY.test(text)
      ? query(text, ...(rest as []))
      : bumpAround(() => query(text, ...(rest as [])))) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) => bumpAround(() => exec(text, ...(rest as [])))) as PGlite['exec'];
  // a transaction's own statements run on its handle, not through query: the whole transaction counts
  client.transaction = ((cb: Parameters<PGlite['transaction']>[0]) =>
    bumpAround(() => transaction(cb))) as PGlite['transaction'];
  return () => stamp;
}

/** What a PGlite connection or transaction offers beyond SQL text: a query that reads a blob as /dev/blob. */
export interface PgliteBlobQuery {
  query(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
}

/**
 * The PGlite connection under a drizzle handle (a transaction's own inside db.transaction), or null on
 * PostgreSQL. Bulk writes need it for COPY FROM a blob, which drizzle has no API for.
 */
export function pgliteClientOf(db: Db | Tx): PgliteBlobQuery | null {
  const { session } = db as unknown as { session: unknown };
  return is(session, PgliteSession) ? (session as unknown as { client: PgliteBlobQuery }).client : null;
}

/**
 * The `pg` client under a drizzle handle on PostgreSQL (the transaction's own connection inside
 * db.transaction, else the pool), or null on PGlite. Bulk writes stream COPY through it.
 */
export function pgClientOf(db: Db | Tx): pg.Pool | pg.PoolClient | null {
  const { session } = db as unknown as { session: { client?: unknown } };
  const client = session?.client;
  return client instanceof pg.Pool ||
    (client && !is(session, PgliteSession) && typeof (client as pg.PoolClient).release === 'function')
    ? (client as pg.Pool | pg.PoolClient)
    : null;
}

/** Runs `fn` on a transaction's connection, or on one taken from the pool and released after
 * (`pooled` true: the caller owns that connection's transaction state). */
export async function withPgConnection<T>(
  handle: pg.Pool | pg.PoolClient,
  fn: (client: pg.PoolClient, pooled: boolean) => Promise<T>,
): Promise<T> {
  if (!(handle instanceof pg.Pool)) return fn(handle, false);
  const client = await handle.connect();
  try {
    return await fn(client, true);
  } finally {
    client.release();
  }
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface ConnectOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data dir; undefined = in memory. */
  dataDir?: string;
  /** PGlite pre-initialised data dir tarball (tests: skip initdb + migrations). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function connectDatabase(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      /* idle client errors are retried by the pool */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      writeStamp: null,
      sql: {
        query: async (text, values) => {
          const r = await pool.query(text, values as unknown[]);
          return { rows: r.rows };
        },
        exec: async (text) => {
          await pool.query(text);
        },
      },
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  const writeStamp = stampWrites(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    writeStamp,
    sql: {
      query: async (text, values) => {
        if (values && values.length) return { rows: (await client.query(text, values)).rows as never[] };
        // Parameterless text may hold several statements (pg-boss): exec runs them all, last result wins.
        const results = await client.exec(text);
        const last = results[results.length - 1];
        return { rows: (last?.rows ?? []) as never[] };
      },
      exec: async (text) => {
        await client.exec(text);
      },
    },
    close: () => client.close(),
  };
}

export { schema };
