import { requireNonNegative, requireNonNegativeInteger, requireRate, requireSafeCount } from './guards.js';

/** A coin transfer costs 1 credit when it succeeds and nothing when it fails. */
export const CREDITS_PER_SUCCESSFUL_TRANSFER = 1;

/** The result of one coin transfer, as far as credits are concerned. */
export type TransferOutcome = 'success' | 'failed';

/** Credits charged for a transfer with this outcome. */
export function transferCreditCost(outcome: TransferOutcome): number {
  if (outcome === 'success') return CREDITS_PER_SUCCESSFUL_TRANSFER;
  if (outcome === 'failed') return 0;
  throw new RangeError(`outcome must be 'success' or 'failed', got ${String(outcome)}`);
}

/** Transfers need credits above zero. */
export function canStartTransfer(credits: number): boolean {
  return typeof credits === 'number' && Number.isFinite(credits) && credits > 0;
}

/** The balance after a transfer; a success with no credits left is refused rather than going negative. */
export function creditsAfterTransfer(credits: number, outcome: TransferOutcome): number {
  requireNonNegative(credits, 'credits');
  const cost = transferCreditCost(outcome);
  if (cost > credits) throw new RangeError(`Not enough credits: ${credits} held, ${cost} needed`);
  return credits - cost;
}

/** A valid referral code gives 30% off at checkout. */
export const REFERRAL_DISCOUNT_RATE = 0.3;

/** Rates are applied in basis points (1/100 of a percent), so the arithmetic stays in whole numbers. */
const BASIS_POINTS = 10_000;

/**
 * A price in cents after a discount (defaults to the referral 30%): the exact discounted amount
 * rounded to the nearest cent, a half cent up. Computed in integers: `priceCents * 0.7` in floating
 * point lands just below the half for some totals (41,965 × 0.7 = 29,375.4999…) and would round a
 * cent short of the rule. The server charges with this function and the calculators show it.
 */
export function discountedCents(priceCents: number, discountRate: number = REFERRAL_DISCOUNT_RATE): number {
  requireSafeCount(priceCents, 'priceCents');
  requireRate(discountRate, 'discountRate');
  const keptBasisPoints = BASIS_POINTS - Math.round(discountRate * BASIS_POINTS);
  const scaled = priceCents * keptBasisPoints;
  requireSafeCount(scaled, 'priceCents × kept basis points');
  const halfUp = scaled + BASIS_POINTS / 2;
  // Whole-number division: take the remainder off first so the quotient is exact.
  return (halfUp - (halfUp % BASIS_POINTS)) / BASIS_POINTS;
}

/** The coin calculator sells units of 100,000 coins, 0 to 100 of them. */
export const COINS_PER_UNIT = 100_000;
export const MIN_COIN_UNITS = 0;
export const MAX_COIN_UNITS = 100;

/** Coins delivered for `quantity` calculator units. */
export function coinsForUnits(quantity: number): number {
  checkQuantity(quantity);
  return quantity * COINS_PER_UNIT;
}

function checkQuantity(quantity: number): void {
  requireNonNegativeInteger(quantity, 'quantity');
  if (quantity > MAX_COIN_UNITS) {
    throw new RangeError(`quantity must be between ${MIN_COIN_UNITS} and ${MAX_COIN_UNITS}, got ${quantity}`);
  }
}

/**
 * The coin calculator's price in cents: quantity × the discounted unit price (the unit price is
 * per 100,000 coins; `discountRate` 0 means no discount).
 */
export function coinCalculatorPriceCents(quantity: number, unitPriceCents: number, discountRate = 0): number {
  checkQuantity(quantity);
  return quantity * discountedCents(unitPriceCents, discountRate);
}

/** Checkout is disabled at quantity 0. */
export function canCheckoutCoins(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity > MIN_COIN_UNITS && quantity <= MAX_COIN_UNITS;
}
