import { amountAfterTax, TAX_RATE } from '../math/tax.js';
import { MAX_PRICE, nextPrice, previousPrice, snapPrice } from '../math/price-ladder.js';
import { COINS_PER_UNIT } from '../math/credits.js';
import { requireFinite, requireNonNegative, requireSafeCount } from '../math/guards.js';

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
  requireSafeCount(coins, 'coins');
  requireSafeCount(centsPerUnit, 'centsPerUnit');
  return Math.ceil((coins * centsPerUnit) / COINS_PER_UNIT);
}

/** The seller's payout for `paidCents` released to them: floor(paid × (1 − tax) − fee), at least 0. */
export function sellerPayoutCents(paidCents: number): number {
  requireFinite(paidCents, 'paidCents');
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
  requireSafeCount(amountCents, 'amountCents');
  requireSafeCount(coinsOrdered, 'coinsOrdered');
  requireSafeCount(coinsDelivered, 'coinsDelivered');
  if (coinsDelivered >= coinsOrdered) return amountCents;
  if (coinsDelivered <= 0) return 0;
  return Math.floor((amountCents * coinsDelivered) / coinsOrdered);
}

/** Coins an account can sell: its balance above the minimum it keeps. */
export function sellableCoins(balance: number, minimumBalance: number): number {
  requireNonNegative(balance, 'balance');
  requireNonNegative(minimumBalance, 'minimumBalance');
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

/**
 * The most transfers one delivery makes. Each is a listing and a purchase in the game, so an
 * order that needs more is refused as above what the listing can deliver; the bound also ends
 * every loop over a delivery's legs whatever the amounts (docs/decisions/coin-market.md).
 */
export const MAX_DELIVERY_LEGS = 50;

/** What one transfer at the game's highest price brings the buyer (the most one leg delivers). */
export const MAX_LEG_RECEIVES = amountAfterTax(MAX_PRICE);

/** The most coins any delivery can move: MAX_DELIVERY_LEGS transfers at the highest price. */
export const MAX_DELIVERABLE_COINS = MAX_DELIVERY_LEGS * MAX_LEG_RECEIVES;

/** The highest ladder price at or below `limit` (0 when none). */
function ladderAtMost(limit: number): number {
  if (limit < MIN_DELIVERY_PRICE) return 0;
  const snapped = snapPrice(limit);
  return snapped > limit ? previousPrice(snapped) : snapped;
}

/**
 * The lowest delivery price whose after-tax amount reaches `coins`; MAX_PRICE when no game
 * price does (the leg then moves MAX_LEG_RECEIVES and the rest goes to further legs).
 */
export function lowestPriceReceiving(coins: number): number {
  requireFinite(coins, 'coins');
  if (coins > MAX_LEG_RECEIVES) return MAX_PRICE;
  const price = Math.max(MIN_DELIVERY_PRICE, snapPrice(Math.max(0, Math.ceil(coins / (1 - TAX_RATE)))));
  // snapPrice lands at most half a step below the exact price, so one step up always reaches it.
  return amountAfterTax(price) >= coins ? price : nextPrice(price);
}

function checkSources(sources: readonly DeliverySource[]): void {
  for (const source of sources) requireFinite(source.coins, 'source.coins');
}

function checkMaxLegPrice(maxLegPrice: number): void {
  if (Number.isNaN(maxLegPrice)) throw new RangeError('maxLegPrice must be a number, got NaN');
}

/** The lowest delivery price at or above `limit` (a card's lowest Buy Now, on the ladder). */
function ladderAtLeast(limit: number): number {
  requireNonNegative(limit, 'minLegPrice');
  if (limit > MAX_PRICE) return Number.POSITIVE_INFINITY; // no game price is that high
  const snapped = snapPrice(Math.max(MIN_DELIVERY_PRICE, limit));
  return snapped < limit ? nextPrice(snapped) : snapped;
}

/**
 * Splits a delivery of `coins` over the sources, in order: each transfer's price is a game price
 * the account can pay, within [`minLegPrice`, `maxLegPrice`] (the card's Buy Now range: the game
 * refuses a listing outside it), the 5% game tax is the seller's, so the buyer receives at least
 * `coins` (a last transfer held up by the card's lowest price brings a little more). Undefined
 * when the sources cannot, or not within MAX_DELIVERY_LEGS transfers. `coins` must be a whole
 * number ≥ 0.
 */
export function planDelivery(
  coins: number,
  sources: readonly DeliverySource[],
  maxLegPrice = Number.POSITIVE_INFINITY,
  minLegPrice = MIN_DELIVERY_PRICE,
): DeliveryLeg[] | undefined {
  requireSafeCount(coins, 'coins');
  checkSources(sources);
  checkMaxLegPrice(maxLegPrice);
  const floor = ladderAtLeast(minLegPrice);
  if (coins === 0) return [];
  if (coins > MAX_DELIVERABLE_COINS) return undefined;
  const legs: DeliveryLeg[] = [];
  let missing = coins;
  for (const source of sources) {
    let left = source.coins;
    // Every pass adds a leg, so the legs' bound ends the loop whatever the balances.
    while (missing > 0 && legs.length < MAX_DELIVERY_LEGS) {
      const cap = ladderAtMost(Math.min(left, maxLegPrice));
      if (cap === 0 || cap < floor) break;
      const price = Math.max(floor, Math.min(cap, lowestPriceReceiving(missing)));
      const receives = amountAfterTax(price);
      legs.push({ accountId: source.accountId, price, receives });
      missing -= receives;
      left -= price;
    }
    if (missing <= 0) return legs;
    if (legs.length >= MAX_DELIVERY_LEGS) return undefined;
  }
  return undefined;
}

/**
 * The most coins the sources can deliver (what a buyer may order from them), 0 when none: a
 * binary search over [0, MAX_DELIVERABLE_COINS], about 30 bounded plans.
 */
export function maxDeliverableCoins(
  sources: readonly DeliverySource[],
  maxLegPrice?: number,
  minLegPrice?: number,
): number {
  checkSources(sources);
  let low = 0;
  let high = Math.min(
    MAX_DELIVERABLE_COINS,
    Math.floor(sources.reduce((sum, source) => sum + Math.max(0, source.coins), 0)),
  );
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (planDelivery(middle, sources, maxLegPrice, minLegPrice)) low = middle;
    else high = middle - 1;
  }
  return low;
}
