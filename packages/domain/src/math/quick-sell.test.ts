import { describe, expect, it } from 'vitest';
import { quickSellDiscount } from './quick-sell.js';

describe('quickSellDiscount', () => {
  it.each([
    [0, 1_000],
    [29_999, 1_000],
    [30_000, 2_000],
    [49_999, 2_000],
    [50_000, 3_000],
    [99_999, 3_000],
    [100_000, 5_000],
    [149_999, 5_000],
    [150_000, 7_000],
    [199_999, 7_000],
    [200_000, 10_000],
    [799_999, 10_000],
    [800_000, 15_000],
    [15_000_000, 15_000],
  ])('a price of %i gives a discount of %i', (price, discount) => {
    expect(quickSellDiscount(price)).toBe(discount);
  });

  it('rejects a negative price', () => {
    expect(() => quickSellDiscount(-1)).toThrow('price must not be negative, got -1');
  });
});
