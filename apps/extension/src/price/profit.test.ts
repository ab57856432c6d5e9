import { describe, expect, it } from 'vitest';
import { overlayProfit } from './profit.js';

describe('overlayProfit', () => {
  it('is the database price after the 5% tax less the listed Buy Now', () => {
    // 9,400 sells for 8,930 after tax; bought at 500.
    expect(overlayProfit(9_400, 500)).toBe(8_430);
    // 1,000 sells for 950: buying at 1,000 loses 50.
    expect(overlayProfit(1_000, 1_000)).toBe(-50);
  });

  it('is unknown without a database price or a Buy Now', () => {
    expect(overlayProfit(null, 500)).toBeUndefined();
    expect(overlayProfit(9_400, undefined)).toBeUndefined();
  });
});
