import { amountAfterTax, TAX_RATE } from '../math/tax.js';
import { nextPrice, previousPrice, snapPrice } from '../math/price-ladder.js';
import { COINS_PER_UNIT } from '../math/credits.js';

/**
 * The marketplace's cut of what a buyer pays (spec 001 §9 leaves the value open;
 * docs/decisions/coin-market.md): 5% of the order plus a flat 30 cents per order, so the seller's payout is
 * floor(paid × (1 − 0.05) − 30) cents, never below 0.
 */
export const MARKETPLACE_TAX_RATE = 0.05;
export const MARKETPLACE_FEE_CENTS = 30;

/** The smallest order: a delivery moves at least this many coins. */
export const MIN_ORDER_COINS = 1_000;

/** The lowest Buy Now a delivery listing can have: it must exceed a starting bid of at least 150. */
export const MIN_DELIVERY_PRICE = 200;

/** A listing's euro price per 100,000 coins as whole cents. */
export function euroToCents(euro: number): number {
  return Math.round(euro * 100);
}

/** What `coins` cost at `centsPerUnit` per 100,000 coins, rounded up to the cent. */
export function orderAmountCents(coins: number, centsPerUnit: number): number {
  return Math.ceil((coins * centsPerUnit) / COINS_PER_UNIT);
}

/** The seller's payout for `paidCents` released to them: floor(paid × (1 − tax) − fee), at least 0. */
export function sellerPayoutCents(paidCents: number): number {
  if (paidCents <= 0) return 0;
  return Math.max(
    0,
    amountAfterTax(paidCents, { taxRate: MARKETPLACE_TAX_RATE, fee: MARKETPLACE_FEE_CENTS }),
  );
}

/**
 * The part of an order's money the delivery earned: all of it when at least the ordered coins
 * arrived, otherwise the delivered share rounded down (the buyer's refund gets the cent).
 */
export function earnedCents(amountCents: number, coinsOrdered: number, coinsDelivered: number): number {
  if (coinsDelivered >= coinsOrdered) return amountCents;
  if (coinsDelivered <= 0) return 0;
  return Math.floor((amountCents * coinsDelivered) / coinsOrdered);
}

/** Coins an account can sell: its balance above the minimum it keeps. */
export function sellableCoins(balance: number, minimumBalance: number): number {
  return Math.max(0, balance - minimumBalance);
}

/** One account a delivery may draw on, with the coins it can still pay. */
export interface DeliverySource {
  readonly accountId: string;
  readonly coins: number;
}

/** One transfer of a delivery: the account pays `price` for the buyer's card, the buyer gets `receives`. */
export interface DeliveryLeg {
  readonly accountId: string;
  readonly price: number;
  readonly receives: number;
}

/** The highest ladder price at or below `limit` (0 when none). */
function ladderAtMost(limit: number): number {
  if (limit < MIN_DELIVERY_PRICE) return 0;
  const snapped = snapPrice(limit);
  return snapped > limit ? previousPrice(snapped) : snapped;
}

/** The lowest ladder price whose after-tax amount reaches `coins`. */
function ladderReaching(coins: number): number {
  let price = Math.max(MIN_DELIVERY_PRICE, snapPrice(Math.ceil(coins / (1 - TAX_RATE))));
  while (amountAfterTax(price) < coins) price = nextPrice(price);
  return price;
}

/**
 * Splits a delivery of `coins` over the sources, in order: each transfer's price is a game price
 * the account can pay (and at most `maxLegPrice`, the card's price range), the 5% game tax is
 * the seller's, so the buyer receives at least `coins`. Undefined when the sources cannot.
 */
export function planDelivery(
  coins: number,
  sources: readonly DeliverySource[],
  maxLegPrice = Number.POSITIVE_INFINITY,
): DeliveryLeg[] | undefined {
  const legs: DeliveryLeg[] = [];
  let missing = coins;
  for (const source of sources) {
    let left = source.coins;
    while (missing > 0) {
      const cap = ladderAtMost(Math.min(left, maxLegPrice));
      if (cap === 0) break;
      const price = Math.min(cap, ladderReaching(missing));
      const receives = amountAfterTax(price);
      legs.push({ accountId: source.accountId, price, receives });
      missing -= receives;
      left -= price;
    }
    if (missing <= 0) return legs;
  }
  return undefined;
}

/** The most coins the sources can deliver (what a buyer may order from them), 0 when none. */
export function maxDeliverableCoins(sources: readonly DeliverySource[], maxLegPrice?: number): number {
  let low = 0;
  let high = sources.reduce((sum, source) => sum + Math.max(0, source.coins), 0);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (planDelivery(middle, sources, maxLegPrice)) low = middle;
    else high = middle - 1;
  }
  return low;
}
