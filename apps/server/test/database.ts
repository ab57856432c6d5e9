import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, wrapPglite, type Database } from '../src/db/client.js';

/** The back ends every integration test runs against: PGlite always, PostgreSQL when configured. */
export const backends: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];
export type Backend = (typeof backends)[number];

// One migrated PGlite per worker (vitest runs this project with isolate: false), cloned per file:
// a clone costs under a second, a cold start several.
let template: Promise<PGlite> | undefined;
function pgliteTemplate() {
  template ??= (async () => {
    const client = await PGlite.create();
    await wrapPglite(client).migrate();
    return client;
  })();
  return template;
}

/** A fresh, migrated database of the given back end; `dispose` closes and removes it. */
export async function createTestDatabase(
  backend: Backend,
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (backend === 'pglite') {
    const database = wrapPglite(await (await pgliteTemplate()).clone());
    return { database, dispose: () => database.close() };
  }
  // Its own database per test file, so parallel files never see each other's rows.
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  return createScratchPostgres(adminUrl, 'td_test');
}

/** A new, empty database on the server at `adminUrl`: its name (for dropScratchPostgres) and its URL. */
export async function createEmptyPostgres(
  adminUrl: string,
  prefix: string,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * A new, migrated PostgreSQL database named `<prefix>_<random>` on the server of `adminUrl`;
 * `dispose` closes it and drops it.
 */
export async function createScratchPostgres(
  adminUrl: string,
  prefix: string,
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const { name, url } = await createEmptyPostgres(adminUrl, prefix);
  const database = openPostgres(url);
  await database.migrate();
  return {
    database,
    dispose: async () => {
      await database.close();
      await dropScratchPostgres(adminUrl, name);
    },
  };
}

/** Drops a scratch database once its pool is closed. */
export async function dropScratchPostgres(adminUrl: string, name: string) {
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  // pool.end() resolves before its sockets have closed; forcing the drop while one is still
  // closing makes that connection raise an error in the test process. Let them go first.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await cleanup.query<{ open: number }>(
      'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]?.open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await cleanup.end();
}
