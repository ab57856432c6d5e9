import type { Platform } from '@tradedesk/domain';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROWS_PER_STATEMENT } from '../../src/lib/in-slices.js';
import { currentPriceMemory } from '../../src/modules/prices/current-price-memory.js';
import { readCurrentPrices } from '../../src/modules/prices/current-price-repo.js';
import type {
  PriceProviderAdapter,
  PriceProviderName,
  ProviderPrice,
} from '../../src/modules/prices/providers.js';
import { backends, useTestApp } from '../helpers.js';
import { minutesBefore, testCollector } from './fixtures.js';

/** A price site that answers `prices` for every platform, and counts the feeds it was asked for. */
function siteWith(name: PriceProviderName, prices: (platform: Platform) => ProviderPrice[]) {
  const asked: Platform[] = [];
  const site: PriceProviderAdapter = {
    name,
    fetchPrices: (platform) => {
      asked.push(platform);
      return Promise.resolve({ prices: prices(platform), asOf: Date.now() });
    },
  };
  return { site, asked };
}

// Each test prices cards of its own (tests run in random order; the current price is any source's newest).
const cardsFrom = (start: number, count: number) => loadCatalogue().cards.slice(start, start + count);

describe.each(backends)('a large price feed stored in slices (%s)', (backend) => {
  const t = useTestApp(backend);
  const collector = (providers: PriceProviderAdapter[]) =>
    testCollector(t.database.db, t.clock.now, providers);

  const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

  it("stores every observation once and each card's newest price as current, wherever the slices cut", async () => {
    const cards = cardsFrom(0, ROWS_PER_STATEMENT * 3 + 17);
    const [early, late] = [minutesBefore(t.clock.now(), 30), minutesBefore(t.clock.now(), 5)];
    // Every card twice: its newer price first, its older one a whole feed later (in another slice).
    const feed = (platform: Platform): ProviderPrice[] => [
      ...cards.map((card, index) => ({
        definitionId: card.definitionId,
        price: 1_000 + index + (platform === 'pc' ? 100_000 : 0),
        observedAt: late,
      })),
      ...cards.map((card) => ({ definitionId: card.definitionId, price: 150, observedAt: early })),
    ];
    const { site } = siteWith('futgg', feed);
    const results = await collector([site]).runOnce();
    expect(results.map((result) => result.stored)).toEqual([cards.length * 2, cards.length * 2]);

    const ids = cards.map((card) => card.definitionId);
    const [history] = await rowsOf<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM price_observations
        WHERE source = 'futgg' AND definition_id = ANY(${sql.param(ids)}::int[])`,
    );
    expect(history?.count).toBe(cards.length * 4);
    const current = await rowsOf<{ definition_id: number; platform: Platform; price: number }>(
      sql`SELECT definition_id, platform, price FROM current_prices
        WHERE source = 'futgg' AND definition_id = ANY(${sql.param(ids)}::int[])`,
    );
    const expected = (index: number, platform: Platform) => 1_000 + index + (platform === 'pc' ? 100_000 : 0);
    const priceOf = new Map(current.map((row) => [`${row.definition_id}:${row.platform}`, row.price]));
    const memory = currentPriceMemory(t.database.db);
    // What a node re-reads from the table (page by page: more rows than one page holds).
    const reread = new Map(
      (await readCurrentPrices(t.database.db, undefined)).map((row) => [
        `${row.definitionId}:${row.platform}`,
        row.price,
      ]),
    );
    for (const [index, id] of ids.entries())
      for (const platform of ['pc', 'ps'] as const) {
        expect(priceOf.get(`${id}:${platform}`)).toBe(expected(index, platform));
        expect(memory.get(id, platform)?.price).toBe(expected(index, platform));
        expect(reread.get(`${id}:${platform}`)).toBe(expected(index, platform));
      }

    // Read again (a restart without `since`): nothing is stored twice.
    await collector([site]).runOnce();
    const [again] = await rowsOf<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM price_observations
        WHERE source = 'futgg' AND definition_id = ANY(${sql.param(ids)}::int[])`,
    );
    expect(again?.count).toBe(cards.length * 4);
  });

  it('answers a request while it stores a large feed', async () => {
    const cards = cardsFrom(5_000, ROWS_PER_STATEMENT * 8);
    const observedAt = minutesBefore(t.clock.now(), 1);
    const { site } = siteWith('futbin', () =>
      cards.map((card, index) => ({ definitionId: card.definitionId, price: 2_000 + index, observedAt })),
    );
    let collecting = true;
    const collection = collector([site])
      .runOnce()
      .finally(() => (collecting = false));
    const answer = await t.app.inject({ method: 'GET', url: '/api/app/version' });
    const answeredWhileCollecting = collecting;
    await collection;
    expect(answer.statusCode).toBe(200);
    expect(answeredWhileCollecting).toBe(true);
  });

  it('stops after the feed in hand when asked to stop mid-run', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let fetching!: () => void;
    const fetched = new Promise<void>((resolve) => (fetching = resolve));
    const observedAt = minutesBefore(t.clock.now(), 2);
    const [first] = cardsFrom(12_000, 1);
    const asked: Platform[] = [];
    const slowSite: PriceProviderAdapter = {
      name: 'futwiz',
      async fetchPrices(platform) {
        asked.push(platform);
        fetching();
        await released;
        return {
          prices: [{ definitionId: first!.definitionId, price: 3_333, observedAt }],
          asOf: Date.now(),
        };
      },
    };
    const job = collector([slowSite, siteWith('futbin', () => []).site]);
    job.start();
    await fetched;
    const stopping = job.stop();
    release();
    await stopping;
    // The feed in hand was stored; the run asked for no other.
    expect(asked).toHaveLength(1);
    const [stored] = await rowsOf<{ price: number }>(
      sql`SELECT price FROM price_observations WHERE source = 'futwiz' AND definition_id = ${first!.definitionId}`,
    );
    expect(stored?.price).toBe(3_333);
  });
});
