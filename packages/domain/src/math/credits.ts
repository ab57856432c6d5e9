import { requireNonNegative, requireNonNegativeInteger, requireRate } from './guards.js';

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

/** A price in cents after a discount (rounded to the nearest cent; defaults to the referral 30%). */
export function discountedCents(priceCents: number, discountRate: number = REFERRAL_DISCOUNT_RATE): number {
  requireNonNegativeInteger(priceCents, 'priceCents');
  requireRate(discountRate, 'discountRate');
  return Math.round(priceCents * (1 - discountRate));
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
