import { describe, expect, it } from 'vitest';
import { recordObservedPrice } from '../../src/modules/prices/record.js';
import { backends, Client, useTestApp } from '../helpers.js';
import { givenPrices, minutesBefore, ODEGAARD, PELE, VINI_RARE } from './fixtures.js';

describe.each(backends)('prices, staleness and statistics (%s)', (backend) => {
  const t = useTestApp(backend, { prices: { staleAfterMs: 15 * 60_000 } });
  const get = (url: string) => new Client(t.app).get(url);

  it('reports a price older than the limit as stale, with its age and source', async () => {
    await givenPrices(t.database.db, [{ id: ODEGAARD, price: 23_000, at: minutesBefore(t.clock.now(), 14) }]);
    const fresh = await get(`/api/player-data/price?id=${ODEGAARD}&name=&rarity=rare&platform=ps`);
    expect(fresh.body.data).toMatchObject({
      id: ODEGAARD,
      current: 23_000,
      source: 'futbin',
      ageMs: 14 * 60_000,
      isStale: false,
    });

    t.clock.advance(2 * 60_000);
    const stale = await get('/api/player-data/price?name=odegaard&rarity=rare&platform=ps');
    expect(stale.body.data).toMatchObject({
      id: ODEGAARD,
      current: 23_000,
      ageMs: 16 * 60_000,
      isStale: true,
    });
  });

  it('prefers the freshest observation: a snipe session live price replaces an older site price', async () => {
    await givenPrices(t.database.db, [{ id: PELE, price: 6_000_000, at: minutesBefore(t.clock.now(), 5) }]);
    await recordObservedPrice(t.database.db, {
      definitionId: PELE,
      platform: 'ps',
      price: 5_900_000,
      observedAt: t.clock.now(),
    });
    // A site's older reading arriving later does not replace the live price.
    await givenPrices(t.database.db, [
      { id: PELE, source: 'futwiz', price: 6_500_000, at: minutesBefore(t.clock.now(), 1) },
    ]);
    const price = await get(`/api/player-data/price?id=${PELE}&name=Pel%C3%A9&rarity=icon&platform=ps`);
    expect(price.body.data).toMatchObject({ current: 5_900_000, source: 'live', ageMs: 0, isStale: false });
  });

  it('rejects a live price that is not a Buy Now price or not a card, storing nothing', async () => {
    const bad = { definitionId: PELE, platform: 'ps' as const, price: 1_234, observedAt: t.clock.now() };
    await expect(recordObservedPrice(t.database.db, bad)).rejects.toThrow(
      'Price must be a valid Buy Now price',
    );
    await expect(
      recordObservedPrice(t.database.db, { ...bad, definitionId: 1, price: 1_200 }),
    ).rejects.toThrow('Unknown card 1');
    const price = await get(`/api/player-data/price?id=${PELE}&name=&rarity=icon&platform=ps`);
    expect(price.body.data.current).not.toBe(1_234);
  });

  it('answers price statistics over the history', async () => {
    const now = t.clock.now();
    await givenPrices(t.database.db, [
      { id: ODEGAARD, platform: 'pc', price: 20_000, at: minutesBefore(now, 300) },
      { id: ODEGAARD, platform: 'pc', price: 30_000, at: minutesBefore(now, 200) },
      { id: ODEGAARD, platform: 'pc', price: 25_000, at: minutesBefore(now, 3) },
    ]);
    const stats = await get(
      `/api/player-data/price/statistics?definitionId=${ODEGAARD}&platform=pc&rarity=rare`,
    );
    expect(stats.body.data).toMatchObject({
      current: { current: 25_000, isStale: false },
      min: 20_000,
      max: 30_000,
      average: 25_000,
      trend: 25,
      observations: 3,
    });
  });

  it('answers the hourly price history of the last 7 days on the asked platform only', async () => {
    // Its own card: the tests of this file share one database.
    const now = t.clock.now(); // 12:00
    await givenPrices(t.database.db, [
      { id: VINI_RARE, platform: 'pc', price: 90_000, at: minutesBefore(now, 8 * 24 * 60) }, // before the week
      { id: VINI_RARE, platform: 'pc', price: 20_000, at: minutesBefore(now, 300) }, // 07:00
      { id: VINI_RARE, platform: 'pc', price: 30_000, at: minutesBefore(now, 200) }, // 08:40
      { id: VINI_RARE, platform: 'pc', price: 25_000, at: minutesBefore(now, 30) }, // 11:30
      { id: VINI_RARE, platform: 'pc', source: 'futwiz', price: 26_000, at: minutesBefore(now, 3) }, // 11:57
      { id: VINI_RARE, platform: 'ps', price: 40_000, at: minutesBefore(now, 3) }, // console
    ]);
    const stats = await get(
      `/api/player-data/price/statistics?definitionId=${VINI_RARE}&platform=pc&rarity=rare`,
    );
    expect(stats.body.data.history).toEqual([
      { at: '2026-01-15T07:00:00.000Z', price: 20_000 },
      { at: '2026-01-15T08:00:00.000Z', price: 30_000 },
      { at: '2026-01-15T11:00:00.000Z', price: 25_500 },
    ]);
  });

  it('rejects bad price parameters', async () => {
    expect(await get('/api/player-data/price?rarity=rare&platform=ps')).toMatchObject({
      status: 400,
      body: { message: 'Enter a player name or id' },
    });
    expect(await get('/api/player-data/price?name=pele&rarity=icon&platform=xbox')).toMatchObject({
      status: 400,
      body: { message: 'Platform must be pc or ps' },
    });
    expect(await get('/api/player-data/price?name=zzyzx&rarity=icon&platform=ps')).toMatchObject({
      status: 404,
      body: { message: 'Player not found' },
    });
    expect(
      await get('/api/player-data/price/statistics?definitionId=-4&platform=pc&rarity=rare'),
    ).toMatchObject({
      status: 400,
      body: { message: 'definitionId must be a positive number' },
    });
    expect(await get(`/api/player-data/price/statistics?definitionId=${PELE}&platform=pc`)).toMatchObject({
      status: 400,
      body: { message: 'Please select a rarity' },
    });
    expect(
      await get(`/api/player-data/price/statistics?definitionId=${PELE}&platform=xbox&rarity=icon`),
    ).toMatchObject({ status: 400, body: { message: 'Platform must be pc or ps' } });
    expect(
      await get(`/api/player-data/price/statistics?definitionId=${PELE}&platform=pc&rarity=rare`),
    ).toMatchObject({ status: 404, body: { message: 'Player not found' } });
    expect(await get(`/api/player-data/price?id=${PELE}&platform=ps`)).toMatchObject({
      status: 400,
      body: { message: 'Please select a rarity' },
    });
  });

  it('answers statistics with no history in the window as empty, not as an error', async () => {
    const stats = await get(`/api/player-data/price/statistics?definitionId=${PELE}&platform=pc&rarity=icon`);
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({
      min: null,
      max: null,
      average: null,
      trend: 0,
      observations: 0,
      history: [],
    });
  });
});
