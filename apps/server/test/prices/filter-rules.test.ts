import { defaultTransferFilter } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { backends, Client, signedInUser, useTestApp } from '../helpers.js';
import { givenPrices, minutesBefore, PELE } from './fixtures.js';

const transfer = (label: string, value: number) => {
  const filter = defaultTransferFilter(label);
  return { ...filter, player: { ...filter.player, id: PELE, name: 'Pelé', value, rarity: 'icon' } };
};

describe.each(backends)('filter rules backed by the price database (%s)', (backend) => {
  const t = useTestApp(backend);

  it('refuses a transfer Buy Now below the card minimum, naming player, rating and minimum', async () => {
    const user = await signedInUser(t.app);
    // Unknown range (no price yet): nothing to check against.
    expect((await user.client.post('/api/filter', transfer('Unpriced', 5_000))).status).toBe(200);

    await givenPrices(t.database.db, [
      { id: PELE, platform: 'ps', price: 6_000_000, at: minutesBefore(t.clock.now(), 30) },
      { id: PELE, platform: 'pc', price: 7_000_000, at: minutesBefore(t.clock.now(), 30) },
    ]);
    const below = await user.client.post('/api/filter', transfer('Too cheap', 5_000));
    expect(below).toMatchObject({
      status: 400,
      body: { message: 'Buy now price for Pelé (95) must be at least 1800000' },
    });
    expect((await user.client.post('/api/filter', transfer('Fair', 1_800_000))).status).toBe(200);

    const entry = await new Client(t.app).get(`/api/player-data?id=${PELE}&rarity=icon`);
    expect(entry.body.data).toMatchObject({ minPrice: 1_800_000, maxPrice: 15_000_000 });
  });

  it('computes no range from a price older than a day, so the check is skipped, not made on it', async () => {
    const user = await signedInUser(t.app);
    await givenPrices(t.database.db, [
      { id: PELE, platform: 'ps', price: 6_000_000, at: minutesBefore(t.clock.now(), 30) },
    ]);
    // A day later those prices are older than EA's daily range: no minimum is known any more.
    t.clock.advance(24 * 3_600_000);
    const entry = await new Client(t.app).get(`/api/player-data?id=${PELE}&rarity=icon`);
    expect(entry.body.data).toMatchObject({ minPrice: null, maxPrice: null, ps: { isStale: true } });
    expect((await user.client.post('/api/filter', transfer('Old range', 5_000))).status).toBe(200);
  });
});
