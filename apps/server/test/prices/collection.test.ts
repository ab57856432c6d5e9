import { startSim, type RunningSim } from '@tradedesk/game-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPriceJob } from '../../src/modules/prices/job.js';
import { createFeedProvider, sandboxFeedProviders } from '../../src/modules/prices/providers.js';
import { backends, Client, useTestApp } from '../helpers.js';
import { givenPrices, minutesBefore, ODEGAARD, testCollector } from './fixtures.js';

type Executes = { database: { db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> } } };

/** The rows of a raw query (drizzle types `execute` per driver; both answer `{ rows }`). */
const rowsOf = async <Row>(t: Executes, query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as { rows: Row[] }).rows;

const countRows = async (t: Executes, table: string) =>
  (await rowsOf<{ count: number }>(t, sql.raw(`SELECT count(*)::int AS count FROM ${table}`)))[0]?.count ?? 0;

describe.each(backends)('price collection from the sandbox feeds (%s)', (backend) => {
  const t = useTestApp(backend);
  let sim: RunningSim;
  beforeAll(async () => {
    // The sim's virtual clock starts at the app's test clock and only moves when told.
    sim = await startSim({ port: 0, clock: { speed: 0, start: t.clock.now().getTime() } });
  });
  afterAll(() => sim?.close());

  const collector = (providers = sandboxFeedProviders(sim.url)) =>
    testCollector(t.database.db, t.clock.now, providers);

  it('stores every site PC and console prices, then only what the sites refreshed since', async () => {
    const job = collector();
    const first = await job.runOnce();
    expect(first.map((result) => `${result.provider}:${result.platform}`)).toEqual([
      'futbin:ps',
      'futbin:pc',
      'futwiz:ps',
      'futwiz:pc',
      'futgg:ps',
      'futgg:pc',
    ]);
    expect(first.every((result) => result.stored > 15_000 && result.error === undefined)).toBe(true);
    const historyAfterFirst = await countRows(t, 'price_observations');
    expect(historyAfterFirst).toBe(first.reduce((sum, result) => sum + result.stored, 0));

    const unchanged = await job.runOnce();
    expect(unchanged.every((result) => result.stored === 0)).toBe(true);

    // Ten minutes later futbin (10-minute cycle) has refreshed every card it covers.
    sim.world.clock.advance(10 * 60_000);
    t.clock.advance(10 * 60_000);
    const later = await job.runOnce();
    expect(later.find((result) => result.provider === 'futbin')?.stored).toBeGreaterThan(15_000);
    expect(await countRows(t, 'price_observations')).toBeGreaterThan(historyAfterFirst);
  }, 120_000); // three sites × two platforms × 18k cards, twice, on a busy machine

  it('serves the collected prices with their source and age', async () => {
    const entry = await new Client(t.app).get('/api/player-data?id=237067&rarity=icon');
    expect(entry.body.data.ps).toMatchObject({ current: expect.any(Number), isStale: false });
    expect(['futbin', 'futwiz', 'futgg']).toContain(entry.body.data.ps.source);
    expect(entry.body.data.isExtinct).toBe(false);
  });

  it('keeps collecting from the other sites when one feed fails', async () => {
    const broken = createFeedProvider('futwiz', 'http://127.0.0.1:9/');
    const results = await collector([broken, createFeedProvider('futgg', sim.url)]).runOnce();
    expect(results.filter((result) => result.provider === 'futwiz').every((result) => result.error)).toBe(
      true,
    );
    expect(results.filter((result) => result.provider === 'futgg').every((result) => !result.error)).toBe(
      true,
    );
  });

  it('runs as the server starts it: all three sites at once, then old history pruned', async () => {
    const eightDaysAgo = minutesBefore(t.clock.now(), 8 * 24 * 60);
    await givenPrices(t.database.db, [{ id: ODEGAARD, source: 'futwiz', price: 19_000, at: eightDaysAgo }]);
    const oldHistory = async () =>
      (
        await rowsOf<{ count: number }>(
          t,
          sql`SELECT count(*)::int AS count FROM price_observations
            WHERE observed_at <= ${eightDaysAgo.toISOString()}::timestamptz`,
        )
      )[0]?.count;
    expect(await oldHistory()).toBe(1);

    let collected!: () => void;
    const firstRun = new Promise<void>((resolve) => (collected = resolve));
    const job = createPriceJob(t.database.db, t.clock.now, () => collected());
    job.start({ feedUrl: sim.url, intervalMs: 60_000, historyDays: 7 });
    expect(() => job.start({ feedUrl: sim.url, intervalMs: 60_000, historyDays: 7 })).toThrow(
      'Price collection is already running',
    );
    await firstRun; // no wait of its own: the first run starts at once
    await job.stop();
    expect(await oldHistory()).toBe(0);
    const sources = await rowsOf<{ source: string }>(t, sql`SELECT DISTINCT source FROM price_observations`);
    expect(sources.map((row) => row.source)).toEqual(expect.arrayContaining(['futbin', 'futgg', 'futwiz']));
  }, 120_000);

  it('stops cleanly: a stopped job schedules nothing more', async () => {
    const job = collector();
    job.start();
    await job.stop();
    await expect(job.stop()).resolves.toBeUndefined();
  });
});
