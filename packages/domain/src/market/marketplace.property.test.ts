import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountAfterTax } from '../math/tax.js';
import {
  isValidPrice,
  MAX_PRICE,
  nextPrice,
  previousPrice,
  snapPrice,
  stepPrice,
} from '../math/price-ladder.js';
import {
  earnedCents,
  lowestPriceReceiving,
  MAX_DELIVERABLE_COINS,
  MAX_DELIVERY_LEGS,
  MAX_LEG_RECEIVES,
  maxDeliverableCoins,
  MIN_DELIVERY_PRICE,
  orderAmountCents,
  planDelivery,
  sellableCoins,
  sellerPayoutCents,
} from './marketplace.js';

/** The amounts no form should send, beside the ordinary ones. */
const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  999_999_999,
  2_147_483_648,
  0.5,
];

/** Any number at all: the hostile ones, whole numbers of every size and every double. */
const anyNumber = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.integer({ min: -1_000, max: 20_000_000 }),
  fc.maxSafeInteger(),
  fc.double(),
);

/** Runs `call`; a RangeError (the domain's refusal of bad input) counts as an answer too. */
function answerOf<T>(call: () => T): T | RangeError {
  try {
    return call();
  } catch (error) {
    if (error instanceof RangeError) return error;
    throw error;
  }
}

/** A card's Buy Now range as the price database gives it (min below max, on the ladder). */
const priceRangeArb = fc
  .tuple(fc.integer({ min: 150, max: 5_000_000 }), fc.integer({ min: 2, max: 40 }))
  .map(([low, steps]) => ({ min: snapPrice(low), max: stepPrice(snapPrice(low), steps) }));

const sourcesArb = fc.array(fc.record({ accountId: fc.constantFrom('a', 'b', 'c'), coins: anyNumber }), {
  maxLength: 6,
});

describe('price and delivery functions over the whole numeric range', () => {
  it('answer every amount with a game price or a RangeError', () => {
    fc.assert(
      fc.property(
        anyNumber,
        fc.oneof(fc.integer({ min: -20_000, max: 20_000 }), fc.constantFrom(1e9, -1e9)),
        (price, steps) => {
          for (const answer of [
            answerOf(() => snapPrice(price)),
            answerOf(() => nextPrice(price)),
            answerOf(() => previousPrice(price)),
            answerOf(() => stepPrice(snapPrice(Math.abs(price) % 1e9 || 0), steps)),
            answerOf(() => lowestPriceReceiving(price)),
          ])
            if (!(answer instanceof RangeError)) expect(isValidPrice(answer)).toBe(true);
          // stepPrice moves along the ladder from where it is told: a move from anywhere lands on it.
          const moved = answerOf(() => stepPrice(price, steps));
          if (!(moved instanceof RangeError) && steps !== 0) expect(isValidPrice(moved)).toBe(true);
        },
      ),
    );
  });

  it('finds the lowest price that brings any amount a single transfer can bring', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_LEG_RECEIVES }), (coins) => {
        const price = lowestPriceReceiving(coins);
        expect(amountAfterTax(price)).toBeGreaterThanOrEqual(coins);
        if (price > MIN_DELIVERY_PRICE) expect(amountAfterTax(previousPrice(price))).toBeLessThan(coins);
      }),
    );
    expect(lowestPriceReceiving(999_999_999)).toBe(MAX_PRICE);
    expect(lowestPriceReceiving(1e308)).toBe(MAX_PRICE);
  });

  it('plans any order over any accounts as legs that deliver it, or refuses it', () => {
    fc.assert(
      fc.property(
        anyNumber,
        sourcesArb,
        fc.oneof(fc.constant(undefined), anyNumber),
        fc.oneof(fc.constant(undefined), anyNumber),
        (coins, sources, maxLegPrice, minLegPrice) => {
          const plan = answerOf(() => planDelivery(coins, sources, maxLegPrice, minLegPrice));
          if (plan === undefined || plan instanceof RangeError) return;
          expect(plan.length).toBeLessThanOrEqual(MAX_DELIVERY_LEGS);
          expect(plan.reduce((sum, leg) => sum + leg.receives, 0)).toBeGreaterThanOrEqual(coins);
          for (const leg of plan) {
            expect(isValidPrice(leg.price)).toBe(true);
            // Within the card's Buy Now range: the game refuses a listing outside it.
            expect(leg.price).toBeLessThanOrEqual(maxLegPrice ?? Number.POSITIVE_INFINITY);
            expect(leg.price).toBeGreaterThanOrEqual(minLegPrice ?? 0);
            expect(leg.receives).toBe(amountAfterTax(leg.price));
          }
          for (const source of sources) {
            const paid = plan
              .filter((leg) => leg.accountId === source.accountId)
              .reduce((sum, leg) => sum + leg.price, 0);
            const held = sources
              .filter((other) => other.accountId === source.accountId)
              .reduce((sum, other) => sum + Math.max(0, other.coins), 0);
            expect(paid).toBeLessThanOrEqual(held);
          }
        },
      ),
    );
  });

  it('knows the most any accounts can deliver, and that amount plans while one more does not', () => {
    fc.assert(
      fc.property(sourcesArb, fc.oneof(fc.constant(undefined), priceRangeArb), (sources, range) => {
        const most = answerOf(() => maxDeliverableCoins(sources, range?.max, range?.min));
        if (most instanceof RangeError) return;
        expect(most).toBeGreaterThanOrEqual(0);
        expect(most).toBeLessThanOrEqual(MAX_DELIVERABLE_COINS);
        expect(planDelivery(most, sources, range?.max, range?.min)).toBeDefined();
        expect(planDelivery(most + 1, sources, range?.max, range?.min)).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it('refuses an order of 999,999,999 coins even from accounts that hold far more (the freeze of issue 26)', () => {
    const rich = [{ accountId: 'a', coins: 1e308 }];
    expect(planDelivery(999_999_999, rich)).toBeUndefined();
    expect(planDelivery(999_999_999, [{ accountId: 'a', coins: 2_000_000_000 }])).toBeUndefined();
    expect(maxDeliverableCoins(rich)).toBe(MAX_DELIVERABLE_COINS);
    expect(planDelivery(MAX_DELIVERABLE_COINS, rich)).toHaveLength(MAX_DELIVERY_LEGS);
  });

  it('answers the money functions with a finite amount or a RangeError', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, (first, second, third) => {
        for (const answer of [
          answerOf(() => orderAmountCents(first, second)),
          answerOf(() => sellerPayoutCents(first)),
          answerOf(() => earnedCents(first, second, third)),
          answerOf(() => sellableCoins(first, second)),
          answerOf(() => amountAfterTax(first)),
        ])
          if (!(answer instanceof RangeError)) expect(Number.isFinite(answer)).toBe(true);
      }),
    );
  });
});
