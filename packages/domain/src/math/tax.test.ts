import { describe, expect, it } from 'vitest';
import {
  TAX_RATE,
  amountAfterTax,
  isProfitableBuy,
  maxProfitableBuyNowExclusive,
  minProfitCoins,
  snipeProfit,
  taxBreakdown,
} from './tax.js';

describe('amountAfterTax = floor(price × (1 − tax) − fee)', () => {
  it('uses the 5% game tax', () => {
    expect(TAX_RATE).toBe(0.05);
  });

  it.each([
    [0, 0],
    [150, 142],
    [1_000, 950],
    [1_050, 997],
    [10_250, 9_737],
    [100_000, 95_000],
    [123_456, 117_283],
    [15_000_000, 14_250_000],
  ])('a sale at %i leaves %i', (price, received) => {
    expect(amountAfterTax(price)).toBe(received);
  });

  it('subtracts a fee after the tax and floors once', () => {
    expect(amountAfterTax(1_000, { fee: 10 })).toBe(940);
    expect(amountAfterTax(1_050, { fee: 0.5 })).toBe(997);
    expect(amountAfterTax(1_050, { fee: 0.6 })).toBe(996);
  });

  it('accepts another tax rate (the marketplace tax is a shared constant)', () => {
    expect(amountAfterTax(1_000, { taxRate: 0.1 })).toBe(900);
    expect(amountAfterTax(1_000, { taxRate: 0 })).toBe(1_000);
  });

  it.each([
    [{ taxRate: 1 }, 'taxRate must be below 1, got 1'],
    [{ taxRate: -0.1 }, 'taxRate must not be negative, got -0.1'],
    [{ fee: -1 }, 'fee must not be negative, got -1'],
  ])('rejects bad options %o', (options, message) => {
    expect(() => amountAfterTax(1_000, options)).toThrow(message);
  });
});

describe('taxBreakdown (Tax Calculator)', () => {
  it.each([
    [1_000, 50, 950],
    [1_050, 53, 997],
    [99_500, 4_975, 94_525],
  ])('a price of %i shows tax %i and receives %i', (price, tax, receives) => {
    expect(taxBreakdown(price)).toEqual({ tax, receives });
  });
});

describe('snipeProfit', () => {
  it.each([
    [800, 1_000, 150],
    [950, 1_000, 0],
    [1_000, 1_000, -50],
    [45_000, 50_000, 2_500],
  ])('buying at %i and selling at %i earns %i after tax', (buy, sell, profit) => {
    expect(snipeProfit(buy, sell)).toBe(profit);
  });
});

describe('the 59th-minute buy rule: buy when Buy Now < price × 0.95 − min profit', () => {
  it('computes a min profit in coins from a percentage of the market price or a fixed value', () => {
    expect(minProfitCoins({ value: 10, unit: 'percentage' }, 20_000)).toBe(2_000);
    expect(minProfitCoins({ value: 500, unit: 'fixed' }, 20_000)).toBe(500);
  });

  it.each([
    // buyNow, market, minProfit → buy?
    [17_000, 20_000, { value: 1_000, unit: 'fixed' }, true],
    [18_000, 20_000, { value: 1_000, unit: 'fixed' }, false],
    [17_999, 20_000, { value: 1_000, unit: 'fixed' }, true],
    [16_900, 20_000, { value: 10, unit: 'percentage' }, true],
    [17_000, 20_000, { value: 10, unit: 'percentage' }, false],
    [949, 1_000, { value: 0, unit: 'percentage' }, true],
    [950, 1_000, { value: 0, unit: 'percentage' }, false],
  ] as const)('Buy Now %i against %i with %o → buy: %s', (buyNow, market, minProfit, buy) => {
    expect(isProfitableBuy(buyNow, market, minProfit)).toBe(buy);
  });

  it('exposes the exclusive limit so a search can cap its max Buy Now', () => {
    expect(maxProfitableBuyNowExclusive(20_000, { value: 1_000, unit: 'fixed' })).toBe(18_000);
  });

  it('rejects an unknown min-profit unit', () => {
    expect(() => minProfitCoins({ value: 1, unit: 'coins' as never }, 1_000)).toThrow(
      "minProfit.unit must be 'percentage' or 'fixed', got coins",
    );
  });
});
