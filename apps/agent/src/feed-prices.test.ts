import { describe, expect, it } from 'vitest';
import { feedPrices } from './feed-prices.js';

const rows = [
  { definitionId: 20_801, baseId: 20_801, rarityId: 1, rating: 86, price: 9_400, updatedAt: 1_000 },
  { definitionId: 300, baseId: 300, rarityId: 3, rating: 86, price: 20_000, updatedAt: 2_000 },
  { definitionId: 301, baseId: 301, rarityId: 0, rating: 84, price: 1_200, updatedAt: 3_000 },
  { definitionId: 302, baseId: 302, rarityId: 1, rating: 84, price: 900, updatedAt: 4_000 },
  { definitionId: 303, baseId: 303, rarityId: 12, rating: 84, price: 500_000, updatedAt: 5_000 },
];

function fakeFeed() {
  const urls: string[] = [];
  const fetchFeed = (async (input: URL | string | Request) => {
    const url = new URL(String(input));
    urls.push(url.pathname + url.search);
    const ids = url.searchParams.get('definitionIds')?.split(',').map(Number);
    const prices = ids ? rows.filter((row) => ids.includes(row.definitionId)) : rows;
    return new Response(JSON.stringify({ provider: 'futbin', platform: 'pc', count: prices.length, prices }));
  }) as typeof fetch;
  return { urls, fetchFeed };
}

describe('prices from a price-site feed', () => {
  it('quotes one card with when the site saw it', async () => {
    const { urls, fetchFeed } = fakeFeed();
    const prices = feedPrices({ feedsUrl: 'http://sim.test/feeds/', fetch: fetchFeed });
    const quote = await prices.playerPrice({ definitionId: 20_801, rarity: 'rare', platform: 'pc' });
    expect(quote).toEqual({ price: 9_400, source: 'futbin', observedAt: 1_000 });
    expect(urls[0]).toBe('/feeds/futbin/prices?platform=pc&definitionIds=20801');
    expect(await prices.playerPrice({ definitionId: 1, rarity: 'rare', platform: 'pc' })).toBeUndefined();
  });

  it('tables one rarity and reads the whole feed once per cache period', async () => {
    const { urls, fetchFeed } = fakeFeed();
    let now = 0;
    const prices = feedPrices({
      feedsUrl: 'http://sim.test/feeds',
      fetch: fetchFeed,
      now: () => now,
      cacheMs: 60_000,
    });
    const totw = await prices.rarityPrices({ rarity: 'team_of_the_week', platform: 'ps', maxPages: 4 });
    expect([...totw.keys()]).toEqual([300]);
    await prices.rarityPrices({ rarity: 'rare', platform: 'ps', maxPages: 30 });
    expect(urls).toHaveLength(1);
    now = 61_000;
    await prices.rarityPrices({ rarity: 'rare', platform: 'ps', maxPages: 30 });
    expect(urls).toHaveLength(2);
  });

  it('prices fodder as the cheapest card of the rating and quality', async () => {
    const { fetchFeed } = fakeFeed();
    const prices = feedPrices({ feedsUrl: 'http://sim.test/feeds', fetch: fetchFeed });
    expect((await prices.fodderPrice({ rating: 84, quality: 'gold', platform: 'pc' }))?.price).toBe(900);
    expect((await prices.fodderPrice({ rating: 84, quality: 'special', platform: 'pc' }))?.price).toBe(
      500_000,
    );
    expect(await prices.fodderPrice({ rating: 90, quality: 'gold', platform: 'pc' })).toBeUndefined();
  });

  it('fails loudly when the feed is down, so the engine reports it', async () => {
    const prices = feedPrices({
      feedsUrl: 'http://sim.test/feeds',
      fetch: (async () => new Response('nope', { status: 503 })) as typeof fetch,
    });
    await expect(prices.playerPrice({ definitionId: 1, rarity: 'any', platform: 'pc' })).rejects.toThrow(
      'HTTP 503',
    );
  });
});
