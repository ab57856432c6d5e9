/**
 * Signed-in vs anonymous reads on one server (embedded PGlite, the default start, and PostgreSQL
 * when `DATABASE_URL` is set), 50 connections, measured side by side in one run:
 * - anonymous `GET /api/app/version`: the baseline;
 * - signed-in `GET /api/user`: the session check alone (the user comes with the session) —
 *   the target, ≥ 50% of the anonymous req/s and p99 ≤ 30 ms;
 * - signed-in `GET /api/filter`: the session check plus one database read of the user's rows,
 *   which on PGlite is bound by its single-threaded WebAssembly engine (≈0.5 ms a query).
 */
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app.js';
import { wrapPglite, type Database } from '../src/db/client.js';
import { createScratchPostgres } from '../test/database.js';
import { createUserWithToken } from '../src/modules/user/commands.js';
import { load, type Figures } from './load.js';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_AUTH_SECONDS ?? 10);

export async function benchAuth() {
  const embedded = wrapPglite(await PGlite.create());
  await embedded.migrate();
  await benchOne('embedded PGlite', embedded, () => embedded.close());
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return console.log('PostgreSQL row skipped: DATABASE_URL is not set');
  // A scratch database of its own on that server, dropped afterwards: the bench leaves no rows behind.
  const scratch = await createScratchPostgres(databaseUrl, 'td_bench_auth');
  await benchOne('PostgreSQL (DATABASE_URL server, scratch database)', scratch.database, scratch.dispose);
}

async function benchOne(label: string, database: Database, dispose: () => Promise<void>) {
  const app = await buildApp({ database, secretKey: 'ab'.repeat(32), gameMode: 'sandbox' });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const username = `bench-${Date.now().toString(36)}`;
    const { token } = await createUserWithToken(database.db, { username, tier: 'snipe' });
    const signIn = await fetch(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, token, fingerprint: 'bench', isIFrame: false }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (signIn.status !== 200 || !cookie) throw new Error(`bench sign-in failed: ${signIn.status}`);

    const [load1, load5] = os.loadavg();
    console.log(
      `machine load before the run: ${load1!.toFixed(1)} (1 min), ${load5!.toFixed(1)} (5 min) on ${os.cpus().length} cores`,
    );
    const anonymous = await load(base, CONNECTIONS, DURATION_SECONDS, ['/api/app/version']);
    const sessionCheck = await load(base, CONNECTIONS, DURATION_SECONDS, ['/api/user'], { cookie });
    const databaseRead = await load(base, CONNECTIONS, DURATION_SECONDS, ['/api/filter'], { cookie });
    const percentOfAnonymous = (figures: Figures) =>
      `${((figures.requestsPerSecond / anonymous.requestsPerSecond) * 100).toFixed(0)}%`;
    console.log(`### ${label}`);
    console.log(`| read | req/s | of anonymous | p50 ms | p99 ms | errors |`);
    console.log(`| --- | ---: | ---: | ---: | ---: | ---: |`);
    for (const [name, figures] of [
      ['anonymous GET /api/app/version', anonymous],
      ['signed-in GET /api/user (session check)', sessionCheck],
      ['signed-in GET /api/filter (session + one query)', databaseRead],
    ] as const)
      console.log(
        `| ${name} | ${Math.round(figures.requestsPerSecond)} | ${percentOfAnonymous(figures)} | ${figures.p50Ms} | ${figures.p99Ms} | ${figures.errors} |`,
      );
    console.log(
      `session check: ${percentOfAnonymous(sessionCheck)} of anonymous (target ≥ 50%), p99 ${sessionCheck.p99Ms} ms (target ≤ 30 ms)`,
    );
  } finally {
    await app.close();
    await dispose();
  }
}
