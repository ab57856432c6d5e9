import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PGliteInterface } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { statementPerTurn } from './pglite-turns.js';
import * as schema from './schema.js';

/** The Drizzle database both back ends satisfy; services and repos only see this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with the means to migrate and close it. */
export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's counts (PostgreSQL only; the metrics read them). */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * node-postgres pool against a PostgreSQL server. 20 connections by default: with 10, 200 runs
 * starting on one node at once (a start holds a connection for its transaction) waited past the
 * 5 s below in the cluster bench.
 */
export function openPostgres(url: string, poolSize = 20): Database {
  // A query waits at most 5 s for a connection: during an outage of the database requests fail
  // fast instead of piling up, and they work again as soon as it is back. An idle connection is
  // kept for a minute (pg's default is 10 s): each new one costs the database a process, and on a
  // busy machine opening one can take longer than those 5 s (the cluster bench saw sign-ups fail so).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 60_000,
  });
  // A connection the database drops (restart, outage) emits an error event, on the pool when it is
  // idle and on the client when it is checked out between two queries; unheard, either would end
  // the process. The query in flight fails on its own; the pool discards the broken connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
    pool,
  };
}

/** Embedded PostgreSQL (PGlite); `client` may be a clone made by tests. */
export function wrapPglite(client: PGliteInterface): Database {
  const db = drizzlePglite(statementPerTurn(client) as PGlite, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** PGlite stored in `<dataDir>/pg`. */
export async function openPglite(dataDir: string): Promise<Database> {
  const directory = `${dataDir}/pg`;
  await mkdir(directory, { recursive: true });
  return wrapPglite(await PGlite.create(directory));
}

/** DATABASE_URL set → PostgreSQL; unset → PGlite in the data directory. */
export const openDatabase = (options: { databaseUrl?: string; dataDir: string; poolSize?: number }) =>
  options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl, options.poolSize))
    : openPglite(options.dataDir);
