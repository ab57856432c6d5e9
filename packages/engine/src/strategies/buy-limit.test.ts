import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amountAfterTax, isProfitableBuy, minProfitCoins, type MinProfit } from '@tradedesk/domain';
import { limitForResale, limitUnderMarket } from './buy-limit.js';

const minProfits = fc.oneof(
  fc.record({ value: fc.integer({ min: 0, max: 100 }), unit: fc.constant<MinProfit['unit']>('percentage') }),
  fc.record({ value: fc.integer({ min: 0, max: 50_000 }), unit: fc.constant<MinProfit['unit']>('fixed') }),
);
const prices = fc.integer({ min: 150, max: 5_000_000 });

describe('buy limits', () => {
  it('the limit under market is the highest Buy Now the spec rule still buys', () => {
    fc.assert(
      fc.property(prices, minProfits, (price, minProfit) => {
        const limit = limitUnderMarket(price, minProfit);
        if (limit < 0) {
          expect(isProfitableBuy(0, price, minProfit)).toBe(false);
          return;
        }
        expect(isProfitableBuy(limit, price, minProfit)).toBe(true);
        expect(isProfitableBuy(limit + 1, price, minProfit)).toBe(false);
      }),
    );
  });

  it('buying at the resale limit keeps at least the min profit after the 5% tax', () => {
    fc.assert(
      fc.property(prices, minProfits, (sellPrice, minProfit) => {
        const limit = limitForResale(sellPrice, minProfit);
        const profit = amountAfterTax(sellPrice) - limit;
        expect(profit).toBeGreaterThanOrEqual(minProfitCoins(minProfit, sellPrice));
        expect(profit - 1).toBeLessThan(minProfitCoins(minProfit, sellPrice));
      }),
    );
  });
});
