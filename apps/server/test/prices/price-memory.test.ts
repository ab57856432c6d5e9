import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { foldName, loadCatalogue } from '@tradedesk/domain/catalogue';
import { describe, expect, it, vi } from 'vitest';
import { cardIndex, MAX_SEARCH_RESULTS } from '../../src/modules/player-data/card-index.js';
import { ensureCatalogue } from '../../src/modules/player-data/catalogue-sync.js';
import { searchByName } from '../../src/modules/player-data/repo.js';
import { PRICE_MEMORY_REFRESH_MS } from '../../src/modules/prices/current-price-memory.js';
import { recordObservedPrice } from '../../src/modules/prices/record.js';
import { backends, Client, useTestApp } from '../helpers.js';
import { givenPrices, ODEGAARD, PELE, VINI_RARE } from './fixtures.js';

/** Name prefixes users type: word starts of 1 to 8 letters, whole names, accents and wildcards. */
function typedPrefixes(): string[] {
  const cards = loadCatalogue().cards;
  const prefixes = ['a', 'mb', 'ø', 'Ødegaard', 'vini', 'de ', '%', 'a_', "o'", 'zz', 'pelé'];
  for (let index = 0; index < 60; index += 1) {
    const card = cards[(index * 7_919) % cards.length]!;
    const words = card.name.split(' ');
    const word = words[index % words.length] ?? card.name;
    prefixes.push(index % 5 === 0 ? card.name : word.slice(0, 1 + (index % 8)));
  }
  return prefixes;
}

describe.each(backends)('the in-memory price database (%s)', (backend) => {
  const t = useTestApp(backend);
  const get = (url: string) => new Client(t.app).get(url);
  const search = async (name: string) =>
    (await get(`/api/player-data?name=${encodeURIComponent(name)}&rarity=any&numOfResults=5`)).body.data;
  const market = async (rarities: string) =>
    (await get(`/api/player-data/market?rarities=${rarities}`)).body.data;

  it('finds the same cards in the same order as the database query', async () => {
    await ensureCatalogue(t.database.db);
    for (const typed of typedPrefixes()) {
      const folded = foldName(typed);
      if (folded === '') continue;
      for (const rarityId of [undefined, 3, 12]) {
        const fromDatabase = (await searchByName(t.database.db, folded, rarityId, 5)).map(
          (row) => row.card.definitionId,
        );
        const fromMemory = cardIndex()
          .searchByName(folded, rarityId, 5)
          .map((card) => card.definitionId);
        expect(fromMemory, `${typed} / rarity ${rarityId}`).toEqual(fromDatabase);
      }
    }
  });

  it('ranks the widest prefixes as the database does, up to the most results a search returns', async () => {
    await ensureCatalogue(t.database.db);
    for (const typed of ['a', 'm', 'ma', 'mar', 'jo', 'de', 'sa', 'ro']) {
      for (const limit of [1, 7, MAX_SEARCH_RESULTS]) {
        const fromDatabase = (await searchByName(t.database.db, typed, undefined, limit)).map(
          (row) => row.card.definitionId,
        );
        expect(fromDatabase).toHaveLength(limit);
        const fromMemory = cardIndex()
          .searchByName(typed, undefined, limit)
          .map((card) => card.definitionId);
        expect(fromMemory, `${typed} / ${limit}`).toEqual(fromDatabase);
      }
    }
  });

  it('shows a collected price in search and market answers at once', async () => {
    await market('rare'); // a cached answer without the price
    await givenPrices(t.database.db, [{ id: ODEGAARD, price: 24_000, at: t.clock.now() }]);
    const [found] = await search('odegaard');
    expect(found).toMatchObject({ id: ODEGAARD, ps: { current: 24_000, source: 'futbin', isStale: false } });
    expect((await market('rare')).gold_rare[ODEGAARD].ps.current).toBe(24_000);
  });

  it('shows a price a snipe session observed in search and market answers at once', async () => {
    await market('icon');
    await recordObservedPrice(t.database.db, {
      definitionId: PELE,
      platform: 'pc',
      price: 5_900_000,
      observedAt: t.clock.now(),
    });
    const [found] = await search('pele');
    expect(found).toMatchObject({ id: PELE, pc: { current: 5_900_000, source: 'live', isStale: false } });
    expect((await market('icon')).icons[PELE].pc).toMatchObject({ current: 5_900_000, source: 'live' });
  });

  it('keeps the newer price when an older observation arrives later', async () => {
    const at = t.clock.now();
    await givenPrices(t.database.db, [{ id: VINI_RARE, price: 90_000, at }]);
    await givenPrices(t.database.db, [{ id: VINI_RARE, price: 70_000, at: new Date(at.getTime() - 60_000) }]);
    expect((await market('rare')).gold_rare[VINI_RARE].ps.current).toBe(90_000);
  });

  it('still reports prices as stale once they age past the limit', async () => {
    t.clock.advance(16 * 60_000);
    const [found] = await search('odegaard');
    expect(found.ps).toMatchObject({ current: 24_000, isStale: true, ageMs: 16 * 60_000 });
    expect((await market('rare')).gold_rare[ODEGAARD].ps.isStale).toBe(true);
  });

  it("picks up another node's price after the refresh interval", async () => {
    const observedAt = t.clock.now().toISOString();
    // Another server process writing to the same database (its write-through is not ours).
    await t.database.db.execute(sql`
      UPDATE current_prices SET price = 31000, source = 'futwiz', observed_at = ${observedAt}::timestamptz
      WHERE definition_id = ${ODEGAARD} AND platform = 'ps'`);
    t.clock.advance(PRICE_MEMORY_REFRESH_MS);
    await vi.waitFor(async () => expect((await search('odegaard'))[0].ps.current).toBe(31_000));
    expect((await market('rare')).gold_rare[ODEGAARD].ps).toMatchObject({
      current: 31_000,
      source: 'futwiz',
    });
  });

  it('sends the market answer gzipped to clients that accept it', async () => {
    const url = '/api/player-data/market?rarities=rare&includeMetadata=true';
    const plain = await t.app.inject({ url });
    const zipped = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
    const refused = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
