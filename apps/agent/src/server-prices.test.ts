import type { PriceRequest } from '@tradedesk/domain/realtime';
import { describe, expect, it } from 'vitest';
import { serverPrices } from './server-prices.js';

const ronaldo = {
  definitionId: 20_801,
  price: 9_400,
  source: 'futbin',
  observedAt: 1_000,
  playerName: 'Ronaldo',
};

function fakeServer(answer: (request: PriceRequest) => unknown) {
  const asked: PriceRequest[] = [];
  return {
    asked,
    request: async (request: PriceRequest) => {
      asked.push(request);
      return answer(request);
    },
  };
}

describe("prices from the server's price database", () => {
  it('quotes a card with the time the database observed it (the engine judges staleness)', async () => {
    const server = fakeServer(() => ({ ok: true, quotes: [ronaldo] }));
    const prices = serverPrices({ request: server.request });
    const quote = await prices.playerPrice({ definitionId: 20_801, rarity: 'rare', platform: 'pc' });
    expect(quote).toEqual({ price: 9_400, source: 'futbin', observedAt: 1_000, playerName: 'Ronaldo' });
    expect(server.asked).toEqual([{ kind: 'player', definitionId: 20_801, platform: 'pc' }]);
  });

  it('answers a card priced recently from its cache, and asks again once the cache has expired', async () => {
    let now = 0;
    const server = fakeServer(() => ({ ok: true, quotes: [ronaldo] }));
    const prices = serverPrices({ request: server.request, cacheMs: 5_000, now: () => now });
    const query = { definitionId: 20_801, rarity: 'rare', platform: 'pc' } as const;
    await prices.playerPrice(query);
    now = 4_999;
    await prices.playerPrice(query);
    expect(server.asked).toHaveLength(1);
    now = 5_000;
    await prices.playerPrice(query);
    expect(server.asked).toHaveLength(2);
  });

  it('reads a price the sessions observed themselves as coming from the default site', async () => {
    const server = fakeServer(() => ({ ok: true, quotes: [{ ...ronaldo, source: 'live' }] }));
    const quote = await serverPrices({ request: server.request }).playerPrice({
      definitionId: 20_801,
      rarity: 'rare',
      platform: 'pc',
    });
    expect(quote?.source).toBe('futbin');
  });

  it('builds a rarity table and asks for the cheapest fodder of a rating', async () => {
    const server = fakeServer((request) => ({
      ok: true,
      quotes: request.kind === 'rarity' ? [ronaldo, { ...ronaldo, definitionId: 300, price: 800 }] : [],
    }));
    const prices = serverPrices({ request: server.request });
    const table = await prices.rarityPrices({ rarity: 'rare', platform: 'ps', maxPages: 3 });
    expect([...table.keys()]).toEqual([20_801, 300]);
    expect(await prices.fodderPrice({ rating: 84, quality: 'gold', platform: 'ps' })).toBeUndefined();
    expect(server.asked[1]).toEqual({ kind: 'fodder', rating: 84, quality: 'gold', platform: 'ps' });
  });

  it('fails on a refused or malformed answer, and does not cache the failure', async () => {
    let answer: unknown = { ok: false, message: 'Invalid price request' };
    const server = fakeServer(() => answer);
    const prices = serverPrices({ request: server.request });
    const query = { definitionId: 20_801, rarity: 'rare', platform: 'pc' } as const;
    await expect(prices.playerPrice(query)).rejects.toThrow('Invalid price request');
    answer = { quotes: 'nonsense' };
    await expect(prices.playerPrice(query)).rejects.toThrow('The server gave no valid price answer');
    answer = { ok: true, quotes: [ronaldo] };
    expect((await prices.playerPrice(query))?.price).toBe(9_400);
    expect(server.asked).toHaveLength(3);
  });
});
