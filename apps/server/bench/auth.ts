/**
 * Signed-in vs anonymous reads on one server (embedded PGlite, the default start, and PostgreSQL
 * when `DATABASE_URL` is set), 50 connections, measured side by side in one run:
 * - anonymous `GET /api/app/version`: the baseline;
 * - signed-in `GET /api/user`: the session check alone (the user comes with the session) —
 *   the target, ≥ 50% of the anonymous req/s and p99 ≤ 30 ms;
 * - signed-in `GET /api/filter`: the session check plus one database read of the user's rows,
 *   which on PGlite is bound by its single-threaded WebAssembly engine (≈0.5 ms a query);
 * - sign-in under a guess flood: guessers on many addresses send wrong tokens for one user
 *   without pause while that user signs in from their own address; every real sign-in must
 *   succeed, the guesses past the free attempts must be refused (429), and the p99 of the real
 *   sign-in is printed. The guessers run in this process (fetch), so they share its core.
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
/** Guessing addresses, each sending wrong tokens back to back. */
const GUESSERS = 20;
/** The real user's pause between sign-ins (under the sandbox's 300 a minute per address). */
const REAL_SIGN_IN_PAUSE_MS = 250;

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
  // Loopback is a trusted proxy here, so the flood's guessers can each name their own address.
  const app = await buildApp({
    database,
    secretKey: 'ab'.repeat(32),
    gameMode: 'sandbox',
    trustedProxies: ['127.0.0.1'],
  });
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
    await signInUnderFlood(base, { username, token });
  } finally {
    await app.close();
    await dispose();
  }
}

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

/** The real user signs in again and again while GUESSERS addresses guess that user's token. */
async function signInUnderFlood(base: string, user: { username: string; token: string }) {
  const signIn = (token: string, address: string) =>
    fetch(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ username: user.username, token, fingerprint: 'bench', isIFrame: false }),
    });
  const ownAddress = '198.51.100.1';
  const deadline = Date.now() + DURATION_SECONDS * 1000;
  const guesses = { checked: 0, refused: 0, other: 0 };
  const guesser = async (index: number) => {
    const address = `203.0.113.${index + 1}`;
    while (Date.now() < deadline) {
      const status = (await signIn('x'.repeat(40), address)).status;
      if (status === 401) guesses.checked += 1;
      else if (status === 429) guesses.refused += 1;
      else guesses.other += 1;
    }
  };
  const realSignIns: number[] = [];
  let realFailures = 0;
  const realUser = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const status = (await signIn(user.token, ownAddress)).status;
      realSignIns.push(performance.now() - started);
      if (status !== 200) realFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, REAL_SIGN_IN_PAUSE_MS));
    }
  };
  // The user has signed in from their address before (the benchmark's own sign-in came from
  // loopback): once from here, so this address is the user's own when the flood starts.
  if ((await signIn(user.token, ownAddress)).status !== 200)
    throw new Error('real sign-in failed before the flood');
  await Promise.all([realUser(), ...Array.from({ length: GUESSERS }, (_, index) => guesser(index))]);
  const sorted = [...realSignIns].sort((a, b) => a - b);
  const sent = guesses.checked + guesses.refused + guesses.other;
  console.log(
    `sign-in under a guess flood (${GUESSERS} addresses, ${DURATION_SECONDS} s): ${sent} guesses, ${guesses.checked} checked (401), ${guesses.refused} refused (429), ${guesses.other} other`,
  );
  console.log(
    `real sign-in from the user's own address: ${realSignIns.length - realFailures}/${realSignIns.length} succeeded, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`,
  );
}
