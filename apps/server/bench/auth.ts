/**
 * Signed-in vs anonymous reads on one server (embedded PGlite, the default start): a signed-in
 * `GET /api/filter` against the anonymous `GET /api/app/version` at 50 connections, measured
 * side by side in one run. Target: signed-in ≥ 50% of anonymous req/s and p99 ≤ 30 ms.
 */
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app.js';
import { wrapPglite } from '../src/db/client.js';
import { createUserWithToken } from '../src/modules/user/commands.js';
import { load } from './load.js';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_AUTH_SECONDS ?? 10);

export async function benchAuth() {
  const database = wrapPglite(await PGlite.create());
  await database.migrate();
  const app = await buildApp({ database, secretKey: 'ab'.repeat(32), gameMode: 'sandbox' });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const { token } = await createUserWithToken(database.db, { username: 'bench', tier: 'snipe' });
    const signIn = await fetch(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', token, fingerprint: 'bench', isIFrame: false }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (signIn.status !== 200 || !cookie) throw new Error(`bench sign-in failed: ${signIn.status}`);

    const [load1, load5] = os.loadavg();
    console.log(
      `machine load before the run: ${load1!.toFixed(1)} (1 min), ${load5!.toFixed(1)} (5 min) on ${os.cpus().length} cores`,
    );
    const anonymous = await load(base, CONNECTIONS, DURATION_SECONDS, ['/api/app/version']);
    const signedIn = await load(base, CONNECTIONS, DURATION_SECONDS, ['/api/filter'], { cookie });
    const ratio = signedIn.requestsPerSecond / anonymous.requestsPerSecond;
    console.log(`| read | req/s | p50 ms | p99 ms | errors |`);
    console.log(`| --- | ---: | ---: | ---: | ---: |`);
    for (const [name, figures] of [
      ['anonymous GET /api/app/version', anonymous],
      ['signed-in GET /api/filter', signedIn],
    ] as const)
      console.log(
        `| ${name} | ${Math.round(figures.requestsPerSecond)} | ${figures.p50Ms} | ${figures.p99Ms} | ${figures.errors} |`,
      );
    console.log(
      `signed-in / anonymous: ${(ratio * 100).toFixed(0)}% (target ≥ 50%); signed-in p99 ${signedIn.p99Ms} ms (target ≤ 30 ms)`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}
