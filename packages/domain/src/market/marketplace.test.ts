import { describe, expect, it } from 'vitest';
import {
  earnedCents,
  maxDeliverableCoins,
  orderAmountCents,
  planDelivery,
  sellerPayoutCents,
  sellableCoins,
} from './marketplace.js';

describe('marketplace money', () => {
  it('prices an order per 100,000 coins, rounding up to the cent', () => {
    expect(orderAmountCents(200_000, 250)).toBe(500);
    expect(orderAmountCents(150_001, 100)).toBe(151);
  });

  it('pays the seller floor(paid × 0.95 − 30 cents), never below 0', () => {
    expect(sellerPayoutCents(500)).toBe(445);
    expect(sellerPayoutCents(10)).toBe(0);
    expect(sellerPayoutCents(0)).toBe(0);
  });

  it('earns all of the order for a full delivery and the delivered share otherwise', () => {
    expect(earnedCents(500, 200_000, 200_100)).toBe(500);
    expect(earnedCents(500, 200_000, 142_500)).toBe(356);
    expect(earnedCents(500, 200_000, 0)).toBe(0);
  });

  it('sells only what is above the minimum balance', () => {
    expect(sellableCoins(150_000, 10_000)).toBe(140_000);
    expect(sellableCoins(5_000, 10_000)).toBe(0);
  });
});

describe('planDelivery', () => {
  it('lets the buyer receive at least the ordered coins after the 5% game tax', () => {
    const legs = planDelivery(200_000, [{ accountId: 'a', coins: 500_000 }]);
    expect(legs).toEqual([{ accountId: 'a', price: 211_000, receives: 200_450 }]);
  });

  it('splits across accounts, each paying only what it can, in game prices', () => {
    const legs = planDelivery(200_000, [
      { accountId: 'a', coins: 150_000 },
      { accountId: 'b', coins: 150_000 },
    ]);
    expect(legs?.map((leg) => leg.accountId)).toEqual(['a', 'b']);
    expect(legs?.[0]).toEqual({ accountId: 'a', price: 150_000, receives: 142_500 });
    expect(legs?.reduce((sum, leg) => sum + leg.receives, 0)).toBeGreaterThanOrEqual(200_000);
    expect(legs?.[1]?.price).toBeLessThanOrEqual(150_000);
  });

  it('keeps every transfer within the card’s price range', () => {
    const legs = planDelivery(200_000, [{ accountId: 'a', coins: 400_000 }], 120_000) ?? [];
    expect(legs.length).toBe(2);
    expect(Math.max(...legs.map((leg) => leg.price))).toBeLessThanOrEqual(120_000);
  });

  it('keeps every transfer within the card’s Buy Now range, the last one held up by its lowest price', () => {
    const legs = planDelivery(25_000, [{ accountId: 'a', coins: 400_000 }], 20_000, 3_000) ?? [];
    expect(legs.map((leg) => leg.price)).toEqual([20_000, 6_400]);
    expect(legs.reduce((sum, leg) => sum + leg.receives, 0)).toBeGreaterThanOrEqual(25_000);
    expect(planDelivery(1_000, [{ accountId: 'a', coins: 400_000 }], 20_000, 3_000)).toEqual([
      { accountId: 'a', price: 3_000, receives: 2_850 },
    ]);
    expect(planDelivery(1_000, [{ accountId: 'a', coins: 2_000 }], 20_000, 3_000)).toBeUndefined();
  });

  it('knows the most the accounts can deliver', () => {
    const sources = [
      { accountId: 'a', coins: 150_000 },
      { accountId: 'b', coins: 150_000 },
    ];
    const most = maxDeliverableCoins(sources);
    expect(planDelivery(most, sources)).toBeDefined();
    expect(planDelivery(most + 1, sources)).toBeUndefined();
    expect(most).toBeGreaterThan(280_000);
  });

  it('refuses what the accounts cannot pay', () => {
    expect(planDelivery(200_000, [{ accountId: 'a', coins: 150_000 }])).toBeUndefined();
  });
});
