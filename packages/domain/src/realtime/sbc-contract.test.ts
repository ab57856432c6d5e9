import { describe, expect, it } from 'vitest';
import { nextPrice } from '../math/price-ladder.js';
import { maxSbcBuyNow } from './sbc-contract.js';

describe('the most the SBC bot pays for a card', () => {
  it('allows at least the next game price: under 1,000 coins 10 % is less than one step', () => {
    // A card the price database puts at 300 lists at 350 on the market: 330 bought nothing.
    expect(maxSbcBuyNow(300)).toBe(350);
    expect(maxSbcBuyNow(500)).toBe(550);
  });

  it('keeps the 10 % tolerance where it is more than a step', () => {
    expect(maxSbcBuyNow(20_000)).toBe(22_000);
    expect(maxSbcBuyNow(1_000)).toBe(1_100);
  });

  it('is never below the next price on the whole ladder', () => {
    for (let price = 150; price < 200_000; price = nextPrice(price))
      expect(maxSbcBuyNow(price)).toBeGreaterThanOrEqual(nextPrice(price));
  });
});
