import { describe, expect, it } from 'vitest';
import { timeRange, type NormalFilter } from '@tradedesk/domain';
import { configuration, listing, ScriptedMarket, sessionHarness } from '../testing/index.js';
import { ClassicAutobuyer } from './classic-autobuyer.js';

describe('classic autobuyer baseline', () => {
  it('sends the same query every time, first page only, and waits 7–15 s between searches', async () => {
    const market = new ScriptedMarket({
      onSearch: (_search, index) =>
        index === 3
          ? { auctions: [listing({ tradeId: 5, buyNowPrice: 9_000, definitionId: 20_801 })] }
          : { auctions: [] },
    });
    const { session, sink } = sessionHarness({
      market,
      configuration: configuration({ time: { maxSearches: 10, duration: timeRange(60, 61, 'minutes') } }),
      extra: { strategyFor: (filter) => new ClassicAutobuyer(filter as NormalFilter) },
    });
    await session.run();
    expect(new Set(market.searches.map((search) => JSON.stringify(search))).size).toBe(1);
    expect(market.searches[0]).toEqual({
      type: 'player',
      maskedDefId: 20_801,
      maxBuyNow: 10_000,
      page: 0,
      pageSize: 20,
    });
    expect(market.calls).toContain('bid 5 9000');
    const times = sink.ofType('session-upsert').map((event) => event.at);
    const gaps = times.slice(2).map((at, index) => at - (times[index + 1] ?? 0));
    expect(gaps.every((gap) => gap >= 7_000)).toBe(true);
  });
});
