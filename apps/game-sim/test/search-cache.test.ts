import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { admin, game, signIn } from './helpers.js';

let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({
    seed: 8,
    adminKey: 'cache-admin-key',
    clock: { speed: 0 },
    market: { initialListings: 100, searchCacheMs: 5_000 },
  });
});
afterAll(async () => {
  await sim.close();
});

describe('identical-query cache', () => {
  it('answers a byte-identical search from the cache; a varied min bid sees the new listing', async () => {
    const session = await signIn(sim, 'cache@example.com', 'pw', 'CACHE001');
    const card = sim.world.cards.find((candidate) => candidate.quality === 'gold') ?? sim.world.card(0);
    const query = `transfermarket?num=21&start=0&type=player&definitionId=${card.definitionId}&maxb=2000`;
    expect((await game(sim, session.sid, 'GET', query)).json.auctionInfo).toHaveLength(0);
    await admin(sim, 'cache-admin-key', 'POST', '/listings', {
      definitionId: card.definitionId,
      platform: 'ps',
      buyNowPrice: 1_500,
    });
    sim.world.clock.advance(3_000);
    expect((await game(sim, session.sid, 'GET', query)).json.auctionInfo).toHaveLength(0);
    expect((await game(sim, session.sid, 'GET', `${query}&micr=150`)).json.auctionInfo).toHaveLength(1);
    sim.world.clock.advance(5_000);
    expect((await game(sim, session.sid, 'GET', query)).json.auctionInfo).toHaveLength(1);
  });
});
