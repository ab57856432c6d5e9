import { describe, expect, it } from 'vitest';
import {
  MAX_PRICE,
  MIN_PRICE,
  isValidPrice,
  nextPrice,
  previousPrice,
  priceStep,
  snapPrice,
  stepPrice,
} from './price-ladder.js';

describe('priceStep', () => {
  it.each([
    [0, 50],
    [150, 50],
    [950, 50],
    [999, 50],
    [1_000, 100],
    [9_900, 100],
    [10_000, 250],
    [49_750, 250],
    [50_000, 500],
    [99_500, 500],
    [100_000, 1_000],
    [15_000_000, 1_000],
  ])('a price of %i steps by %i', (price, step) => {
    expect(priceStep(price)).toBe(step);
  });
});

describe('isValidPrice', () => {
  it.each([
    [150, true],
    [200, true],
    [950, true],
    [1_000, true],
    [1_100, true],
    [1_050, false],
    [9_950, false],
    [10_250, true],
    [10_100, false],
    [50_500, true],
    [50_250, false],
    [100_000, true],
    [100_500, false],
    [MAX_PRICE, true],
    [MAX_PRICE + 1_000, false],
    [100, false],
    [0, false],
    [175, false],
    [150.5, false],
  ])('%d is valid: %s', (price, valid) => {
    expect(isValidPrice(price)).toBe(valid);
  });

  it('accepts 0 and the 50-steps below 150 when the ladder starts at 0 (filter inputs)', () => {
    expect(isValidPrice(0, { lowestTier: 0 })).toBe(true);
    expect(isValidPrice(50, { lowestTier: 0 })).toBe(true);
    expect(isValidPrice(60, { lowestTier: 0 })).toBe(false);
  });

  it('rejects values that are not numbers', () => {
    expect(isValidPrice(Number.NaN)).toBe(false);
    expect(isValidPrice('1000' as unknown as number)).toBe(false);
  });
});

describe('snapPrice (on blur)', () => {
  it.each([
    [0, MIN_PRICE],
    [1, MIN_PRICE],
    [149, MIN_PRICE],
    [174, 150],
    [175, 200],
    [1_020, 1_000],
    [1_049, 1_000],
    [1_050, 1_100],
    [975, 1_000],
    [9_960, 10_000],
    [10_100, 10_000],
    [10_125, 10_250],
    [49_900, 50_000],
    [50_200, 50_000],
    [50_250, 50_500],
    [99_800, 100_000],
    [123_456, 123_000],
    [123_500, 124_000],
    [20_000_000, MAX_PRICE],
  ])('%d snaps to %d', (typed, snapped) => {
    expect(snapPrice(typed)).toBe(snapped);
  });

  it('keeps 0 and 50-steps when the ladder starts at 0', () => {
    expect(snapPrice(0, { lowestTier: 0 })).toBe(0);
    expect(snapPrice(20, { lowestTier: 0 })).toBe(0);
    expect(snapPrice(30, { lowestTier: 0 })).toBe(50);
    expect(snapPrice(120, { lowestTier: 0 })).toBe(100);
  });

  it.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY]])('rejects %d with a clear error', (bad) => {
    expect(() => snapPrice(bad)).toThrow(RangeError);
  });
});

describe('nextPrice and previousPrice at band edges', () => {
  it.each([
    [150, 200],
    [950, 1_000],
    [1_000, 1_100],
    [9_900, 10_000],
    [10_000, 10_250],
    [10_250, 10_500],
    [49_750, 50_000],
    [50_000, 50_500],
    [99_500, 100_000],
    [100_000, 101_000],
    [975, 1_000],
    [1_020, 1_100],
    [0, 150],
    [MAX_PRICE, MAX_PRICE],
  ])('next after %d is %d', (price, next) => {
    expect(nextPrice(price)).toBe(next);
  });

  it.each([
    [200, 150],
    [1_000, 950],
    [1_100, 1_000],
    [10_000, 9_900],
    [10_250, 10_000],
    [50_000, 49_750],
    [50_500, 50_000],
    [100_000, 99_500],
    [101_000, 100_000],
    [10_100, 10_000],
    [160, 150],
    [150, 150],
    [0, 150],
    [MAX_PRICE + 5, MAX_PRICE],
  ])('previous before %d is %d', (price, previous) => {
    expect(previousPrice(price)).toBe(previous);
  });

  it('steps below 150 when the ladder starts at 0', () => {
    expect(previousPrice(150, { lowestTier: 0 })).toBe(100);
    expect(previousPrice(50, { lowestTier: 0 })).toBe(0);
    expect(previousPrice(0, { lowestTier: 0 })).toBe(0);
    expect(nextPrice(0, { lowestTier: 0 })).toBe(50);
  });

  it('round-trips every ladder price in both directions across all bands', () => {
    for (let price = 150; price < 200_000; price = nextPrice(price)) {
      expect(isValidPrice(price)).toBe(true);
      expect(previousPrice(nextPrice(price))).toBe(price);
    }
  });
});

describe('stepPrice', () => {
  it('moves several steps and stops at the ends of the ladder', () => {
    expect(stepPrice(950, 2)).toBe(1_100);
    expect(stepPrice(10_250, -3)).toBe(9_800);
    expect(stepPrice(200, -5)).toBe(150);
    expect(stepPrice(MAX_PRICE, 3)).toBe(MAX_PRICE);
    expect(stepPrice(1_000, 0)).toBe(1_000);
  });

  it('rejects fractional step counts', () => {
    expect(() => stepPrice(1_000, 1.5)).toThrow('steps must be a whole number');
  });
});
