/**
 * Price database benchmark (`npm run bench -- prices`): name search with 50 concurrent clients and
 * the gold-rare /market answer cached vs uncached, on PGlite and PostgreSQL side by side.
 * PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * a scratch database is created and dropped. Unreachable PostgreSQL is reported and skipped.
 */
import { PGlite } from '@electric-sql/pglite';
import { foldName, loadCatalogue } from '@tradedesk/domain/catalogue';
import { buildApp } from '../src/app.js';
import { wrapPglite, type Database } from '../src/db/client.js';
import { ensureCatalogue } from '../src/modules/player-data/catalogue-sync.js';
import { cardIndex } from '../src/modules/player-data/card-index.js';
import { searchByName } from '../src/modules/player-data/repo.js';
import { storeObservations, type PriceObservation } from '../src/modules/prices/repo.js';
import { createScratchPostgres } from '../test/database.js';
import { load, type Figures } from './load.js';

const SEARCH_CONNECTIONS = 50;
const MARKET_CONNECTIONS = 10;

/** A scratch database of the back end, migrated; `dispose` removes it. */
async function scratchDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = wrapPglite(await PGlite.create());
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  return createScratchPostgres(adminUrl, 'td_bench');
}

/** A PC and a console price for every card, observed a minute ago. */
function everyCardPriced(now: Date): PriceObservation[] {
  const observedAt = new Date(now.getTime() - 60_000);
  return loadCatalogue().cards.flatMap((card) =>
    (['pc', 'ps'] as const).map((platform) => ({
      definitionId: card.definitionId,
      platform,
      source: 'futbin' as const,
      price: 150 + (card.rating % 50) * 50,
      observedAt,
    })),
  );
}

/** What users type: the first 3 to 6 letters of a name word, over the whole catalogue. */
function typedNames(count: number): string[] {
  const cards = loadCatalogue().cards;
  return Array.from({ length: count }, (_unused, index) => {
    const card = cards[(index * 7_919) % cards.length]!;
    const words = card.name.split(' ');
    const word = words[index % words.length] ?? card.name;
    return word.slice(0, 3 + (index % 4));
  });
}

/**
 * The ranking alone, one query at a time: the in-memory index against the SQL query over the
 * token table that it replaced (the same answers; a test holds them equal). Mean µs per query.
 */
async function rankingCost(database: Database, names: readonly string[]) {
  const folded = names.map(foldName).filter((name) => name !== '');
  cardIndex(); // built once per process, before the clock starts
  const started = performance.now();
  for (let round = 0; round < 20; round += 1)
    for (const name of folded) cardIndex().searchByName(name, undefined, 5);
  const memoryUs = ((performance.now() - started) * 1000) / (20 * folded.length);
  const queried = performance.now();
  for (const name of folded) await searchByName(database.db, name, undefined, 5);
  const databaseUs = ((performance.now() - queried) * 1000) / folded.length;
  return { memoryUs, databaseUs };
}

async function benchBackend(kind: 'pglite' | 'postgres', duration: number) {
  const { database, dispose } = await scratchDatabase(kind);
  const app = await buildApp({ database, secretKey: 'ab'.repeat(32), gameMode: 'live' });
  try {
    await ensureCatalogue(database.db);
    await storeObservations(database.db, everyCardPriced(new Date()));
    const names = typedNames(1_000);
    const ranking = await rankingCost(database, names);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const searchPaths = names.map(
      (name) => `/api/player-data?name=${encodeURIComponent(name)}&rarity=any&numOfResults=5`,
    );
    const search = await load(base, SEARCH_CONNECTIONS, duration, searchPaths);
    const market = (isCached: boolean) =>
      load(base, MARKET_CONNECTIONS, Math.max(3, Math.round(duration / 2)), [
        `/api/player-data/market?rarities=rare&includeMetadata=true&isCached=${isCached}`,
      ]);
    return { ranking, search, cached: await market(true), uncached: await market(false) };
  } finally {
    await app.close();
    await dispose();
  }
}

const fmt = (figures: Figures) =>
  `${figures.requestsPerSecond.toFixed(0).padStart(7)} | ${figures.p50Ms.toFixed(1).padStart(7)} | ${figures.p99Ms.toFixed(1).padStart(7)} | ${String(figures.errors).padStart(6)}`;

/** Runs the price benchmark on both back ends and prints one table plus ratios. */
export async function benchPrices(options: { durationSeconds?: number } = {}): Promise<void> {
  const duration = options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const results: Partial<Record<'pglite' | 'postgres', Awaited<ReturnType<typeof benchBackend>>>> = {};
  for (const kind of ['pglite', 'postgres'] as const) {
    try {
      results[kind] = await benchBackend(kind, duration);
    } catch (error) {
      console.log(`${kind}: skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  console.log(`\n| back end | request | clients | req/s | p50 ms | p99 ms | errors |`);
  console.log(`|---|---|---|---:|---:|---:|---:|`);
  for (const [kind, figures] of Object.entries(results)) {
    console.log(`| ${kind} | name search | ${SEARCH_CONNECTIONS} | ${fmt(figures.search)} |`);
    console.log(`| ${kind} | market gold rare, cached | ${MARKET_CONNECTIONS} | ${fmt(figures.cached)} |`);
    console.log(
      `| ${kind} | market gold rare, uncached | ${MARKET_CONNECTIONS} | ${fmt(figures.uncached)} |`,
    );
  }
  for (const [kind, { ranking }] of Object.entries(results))
    console.log(
      `${kind}: ranking a name search takes ${ranking.memoryUs.toFixed(1)} µs in memory vs ${ranking.databaseUs.toFixed(0)} µs as a database query (${(ranking.databaseUs / ranking.memoryUs).toFixed(0)}× faster)`,
    );
  const { pglite, postgres } = results;
  for (const [kind, figures] of Object.entries(results))
    console.log(
      `${kind}: cached market serves ${(figures.cached.requestsPerSecond / Math.max(1, figures.uncached.requestsPerSecond)).toFixed(1)}× the uncached throughput (p99 ${figures.cached.p99Ms} vs ${figures.uncached.p99Ms} ms)`,
    );
  if (pglite && postgres)
    console.log(
      `PostgreSQL vs PGlite name search: ${(postgres.search.requestsPerSecond / Math.max(1, pglite.search.requestsPerSecond)).toFixed(1)}× the throughput, p99 ${postgres.search.p99Ms} vs ${pglite.search.p99Ms} ms (target on PostgreSQL ≤ 20 ms; cached market p99 target ≤ 50 ms)`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPrices();
