import { describe, expect, it } from 'vitest';
import { configuration, listing, ScriptedMarket, sessionHarness } from '../testing/index.js';
import { VirtualClock } from '../time/clock.js';
import { snipeOracle } from './oracle.js';
import { quantile, withReactionProbe } from './reaction-probe.js';

describe('reaction probe', () => {
  it('takes one sample per Buy Now that follows a search answer', async () => {
    const market = new ScriptedMarket({
      coins: 10_000_000,
      onSearch: (_search, index) =>
        index % 2 === 0
          ? { auctions: [listing({ tradeId: index + 1, buyNowPrice: 4_000, definitionId: 20_801 })] }
          : { auctions: [] },
    });
    const tick = new VirtualClock();
    const probe = withReactionProbe(market, () => tick.now());
    const { session } = sessionHarness({
      market,
      configuration: configuration({ time: { maxSearches: 10 } }),
      extra: { game: probe.game },
    });
    const summary = await session.run();
    expect(summary.snipes).toBe(5);
    expect(probe.samples).toHaveLength(5);
    expect(probe.samples.every((sample) => sample === 0)).toBe(true);
  });

  it('computes nearest-rank quantiles', () => {
    const samples = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(quantile(samples, 0.99)).toBe(99);
    expect(quantile(samples, 0.5)).toBe(50);
    expect(quantile([], 0.99)).toBeNaN();
    expect(() => quantile(samples, 0)).toThrow(RangeError);
  });
});

describe('snipe oracle', () => {
  it('buys every listing under price × 0.95 − min profit, most profitable first, within the coins', () => {
    const result = snipeOracle(
      [
        { tradeId: 1, buyNowPrice: 8_000, marketPrice: 10_000 }, // limit 8,999: profit 1,500
        { tradeId: 2, buyNowPrice: 9_000, marketPrice: 10_000 }, // at the limit + 1: no
        { tradeId: 3, buyNowPrice: 5_000, marketPrice: 10_000 }, // profit 4,500
        { tradeId: 4, buyNowPrice: 12_000, marketPrice: 30_000 }, // over the max Buy Now
      ],
      { maxBuyNow: 10_000, minProfit: { value: 500, unit: 'fixed' }, coins: 10_000 },
    );
    expect(result).toEqual({ tradeIds: [3], profit: 4_500 });
  });

  it("keeps to the filter's min Buy Now: a listing under it is never searched for", () => {
    const listings = [
      { tradeId: 1, buyNowPrice: 900, marketPrice: 2_000 }, // profit 1,000, under the min Buy Now
      { tradeId: 2, buyNowPrice: 1_000, marketPrice: 2_000 }, // profit 900, at it
    ];
    const rules = { maxBuyNow: 50_000, minProfit: { value: 500, unit: 'fixed' as const }, coins: 10_000 };
    expect(snipeOracle(listings, rules)).toEqual({ tradeIds: [1, 2], profit: 1_900 });
    expect(snipeOracle(listings, { ...rules, minBuyNow: 1_000 })).toEqual({ tradeIds: [2], profit: 900 });
  });
});

describe('reaction benchmark', () => {
  it('measures one sample per buy for the engine and for the classic baseline', async () => {
    const { measureReaction } = await import('./reaction-bench.js');
    const { ClassicAutobuyer } = await import('./classic-autobuyer.js');
    const engine = await measureReaction(20);
    const classic = await measureReaction(20, (filter) => new ClassicAutobuyer(filter as never));
    expect(engine.samples).toBe(20);
    expect(classic.samples).toBe(20);
  });
});
