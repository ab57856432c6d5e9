/**
 * First-start benchmark (`npm run bench -- first-collection`): what a fresh embedded database
 * (PGlite, a new DATA_DIR) costs the server's event loop at start-up: copying the card catalogue
 * and the first price collection (three sites × two platforms, every card, over HTTP from a local
 * feed server). Baseline in the same run: the same work on a PGlite whose statements share one
 * task (each awaited statement answered as a microtask, so a sliced bulk write held the loop for
 * all its slices), as before `db/pglite-turns.ts`. Prints the longest hold of the loop, the holds
 * past the stall threshold, wall time and the main thread's CPU, and checks both stored the same.
 * Rounds: BENCH_FIRST_COLLECTION_ROUNDS (default 2), the two variants in alternating order.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, wrapPglite, type Db } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { threadSchedule } from '../src/lib/cpu-wait.js';
import { EVENT_LOOP_STALL_MS } from '../src/lib/event-loop-watch.js';
import { ensureCatalogue } from '../src/modules/player-data/catalogue-sync.js';
import { createPriceCollector } from '../src/modules/prices/collector.js';
import { priceProviderNames, sandboxFeedProviders } from '../src/modules/prices/providers.js';

const ROUNDS = Number(process.env.BENCH_FIRST_COLLECTION_ROUNDS ?? 2);
const PROBE_EVERY_MS = 5;

/** The main thread's CPU time in ms (Linux: this thread alone; elsewhere the whole process). */
function mainThreadCpuMs(): number {
  const schedule = threadSchedule();
  if (schedule) return schedule.onCpuMs;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Times every hold of the event loop while `work` runs: a timer due every 5 ms and how late it fires. */
async function holdsDuring(work: () => Promise<unknown>) {
  const holds: number[] = [];
  let last = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = performance.now();
    holds.push(Math.max(0, now - last - PROBE_EVERY_MS));
    last = now;
    timer = setTimeout(tick, PROBE_EVERY_MS);
  };
  timer = setTimeout(tick, PROBE_EVERY_MS);
  const cpuBefore = mainThreadCpuMs();
  const started = performance.now();
  try {
    await work();
  } finally {
    clearTimeout(timer);
  }
  tick();
  clearTimeout(timer);
  return {
    wallMs: performance.now() - started,
    cpuMs: mainThreadCpuMs() - cpuBefore,
    maxHoldMs: Math.max(...holds),
    stalls: holds.filter((hold) => hold > EVENT_LOOP_STALL_MS).length,
  };
}

/** Every card priced by every site on both platforms, as the sandbox game's feeds answer. */
function feedServer(): Promise<{ url: string; server: Server }> {
  const now = Date.now();
  const bodies = new Map<string, Buffer>();
  for (const [siteIndex, site] of priceProviderNames.entries())
    for (const platform of ['pc', 'ps'] as const) {
      const prices = loadCatalogue().cards.map((card, index) => ({
        definitionId: card.definitionId,
        price: 200 + ((card.rating * 37 + index + siteIndex) % 400) * 50,
        updatedAt: now - 60_000 - ((index * 7_919) % 600_000),
      }));
      bodies.set(
        `/feeds/${site}/prices?platform=${platform}`,
        Buffer.from(JSON.stringify({ generatedAt: now, prices })),
      );
    }
  const server = createServer((request, response) => {
    const body = bodies.get(request.url ?? '');
    // A connection per feed: the baseline holds the loop past the server's keep-alive timeout, and
    // a kept socket closed meanwhile would fail the next fetch.
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json', connection: 'close' });
    response.end(body ?? '{}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${address.port}`, server });
    }),
  );
}

type Variant = 'baseline' | 'ours';

/** A new file-backed PGlite, migrated: ours through wrapPglite, the baseline straight to drizzle. */
async function freshDatabase(variant: Variant, directory: string) {
  const client = await PGlite.create(directory);
  if (variant === 'ours') {
    const database = wrapPglite(client);
    await database.migrate();
    return { db: database.db, close: () => database.close() };
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, close: () => client.close() };
}

/** What was stored, to hold the two variants equal: row counts and a checksum of current prices. */
async function fingerprint(db: Db): Promise<string> {
  const result = (await db.execute(sql`SELECT
      (SELECT count(*)::int FROM player_cards) AS cards,
      (SELECT count(*)::int FROM player_name_tokens) AS tokens,
      (SELECT count(*)::int FROM price_observations) AS history,
      (SELECT count(*)::int FROM current_prices) AS current,
      (SELECT sum(price::bigint * (definition_id % 97))::text FROM current_prices) AS checksum`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return JSON.stringify(result.rows[0]);
}

async function runVariant(variant: Variant, feedUrl: string) {
  const directory = await mkdtemp(join(tmpdir(), 'td-first-collection-'));
  try {
    const { db, close } = await freshDatabase(variant, join(directory, 'pg'));
    try {
      const catalogue = await holdsDuring(() => ensureCatalogue(db));
      const collector = createPriceCollector({
        db,
        providers: sandboxFeedProviders(feedUrl),
        intervalMs: 60_000,
        historyDays: 7,
        now: () => new Date(),
      });
      let stored = 0;
      const collection = await holdsDuring(async () => {
        const results = await collector.runOnce();
        stored = results.reduce((sum, result) => sum + result.stored, 0);
        const failed = results.find((result) => result.error);
        if (failed) throw new Error(`${failed.provider} ${failed.platform}: ${failed.error}`);
      });
      return { catalogue, collection, stored, fingerprint: await fingerprint(db) };
    } finally {
      await close();
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const row = (label: string, figures: Awaited<ReturnType<typeof holdsDuring>>) =>
  `| ${label} | ${figures.maxHoldMs.toFixed(0)} | ${figures.stalls} | ${figures.wallMs.toFixed(0)} | ${figures.cpuMs.toFixed(0)} |`;

export async function benchFirstCollection(): Promise<void> {
  loadCatalogue(); // read once, before any clock starts
  const { url, server } = await feedServer();
  try {
    console.log(
      `load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)} (holds stretch with it; compare within a run)`,
    );
    console.log(
      `\n| round, variant, step | longest hold ms | holds > ${EVENT_LOOP_STALL_MS} ms | wall ms | main-thread CPU ms |`,
    );
    console.log('|---|---:|---:|---:|---:|');
    const prints = new Set<string>();
    for (let round = 1; round <= ROUNDS; round += 1)
      // Each round swaps the order, so a load that rises or falls during the run favours neither.
      for (const variant of round % 2 === 1
        ? (['baseline', 'ours'] as const)
        : (['ours', 'baseline'] as const)) {
        const result = await runVariant(variant, url);
        prints.add(result.fingerprint);
        console.log(row(`${round} ${variant}: catalogue copy`, result.catalogue));
        console.log(
          row(`${round} ${variant}: first collection (${result.stored} prices)`, result.collection),
        );
      }
    console.log(
      prints.size === 1
        ? `\nBoth stored the same rows: ${[...prints][0]}`
        : `\nThe variants stored different rows: ${[...prints].join(' vs ')}`,
    );
  } finally {
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFirstCollection();
