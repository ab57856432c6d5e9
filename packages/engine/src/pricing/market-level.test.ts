import { describe, expect, it } from 'vitest';
import { MarketLevel } from './market-level.js';

describe('market level', () => {
  it('stays at the price site until enough fair asks were seen', () => {
    const level = new MarketLevel(1.02);
    for (let count = 0; count < 199; count += 1) level.observe(10_500, 10_000);
    expect(level.factor()).toBe(1);
    level.observe(10_500, 10_000);
    expect(level.factor()).toBeCloseTo(1.05 / 1.02, 6);
  });

  it('takes the median fair ask over the site price, blind to mispriced and unsellable listings', () => {
    const level = new MarketLevel(1);
    for (let count = 0; count < 100; count += 1) {
      level.observe(10_200, 10_000);
      level.observe(10_600, 10_000);
      // A mispriced listing (a snipe) and an ask nobody takes say nothing about the market.
      level.observe(5_000, 10_000);
      level.observe(20_000, 10_000);
    }
    expect(level.factor()).toBeCloseTo(1.04, 6);
  });

  it('makes the rule stricter when the site runs above the market, within its range', () => {
    const level = new MarketLevel(1);
    for (let count = 0; count < 300; count += 1) level.observe(8_600, 10_000);
    expect(level.factor()).toBe(0.9);
  });

  it('follows the latest asks', () => {
    const level = new MarketLevel(1);
    for (let count = 0; count < 2_000; count += 1) level.observe(10_000, 10_000);
    for (let count = 0; count < 1_001; count += 1) level.observe(10_300, 10_000);
    expect(level.factor()).toBeCloseTo(1.03, 6);
  });
});
