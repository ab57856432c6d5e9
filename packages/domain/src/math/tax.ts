import type { NumberUnit } from '../enums/units.js';
import { requireNonNegative, requireRate } from './guards.js';

/** The game keeps 5% of every sale (spec §9 of both documents, GAME-PROTOCOL §4.3). */
export const TAX_RATE = 0.05;

/** Options for the amount received after a sale. */
export interface TaxOptions {
  /** Tax rate in [0, 1); defaults to TAX_RATE. */
  readonly taxRate?: number;
  /** A flat fee taken after the tax; defaults to 0. */
  readonly fee?: number;
}

// Rates are applied in basis points so floor(1,000 × 0.95) is 950, never 949.99… → 949.
const BASIS_POINTS = 10_000;

/**
 * What the seller's side receives from a sale at `price` (the transfer tool calls it "Buyer
 * Receives", the buyer of the card relisting it): floor(price × (1 − tax) − fee).
 */
export function amountAfterTax(price: number, options?: TaxOptions): number {
  requireNonNegative(price, 'price');
  // Above this the product below overflows to Infinity; no price or amount comes near it.
  if (price > Number.MAX_SAFE_INTEGER)
    throw new RangeError(`price must be at most ${Number.MAX_SAFE_INTEGER}, got ${price}`);
  const rate = requireRate(options?.taxRate ?? TAX_RATE, 'taxRate');
  const fee = requireNonNegative(options?.fee ?? 0, 'fee');
  return Math.floor((price * keptBasisPoints(rate) - fee * BASIS_POINTS) / BASIS_POINTS);
}

function keptBasisPoints(taxRate: number): number {
  return BASIS_POINTS - Math.round(taxRate * BASIS_POINTS);
}

/** The Tax Calculator's two figures: the tax the game keeps and what the seller receives. */
export interface TaxBreakdown {
  readonly tax: number;
  readonly receives: number;
}

/** Splits a sale price into tax (price − received) and the amount received. */
export function taxBreakdown(price: number, options?: TaxOptions): TaxBreakdown {
  const receives = amountAfterTax(price, options);
  return { tax: price - receives, receives };
}

/** Profit of a snipe: what reselling at `sellPrice` brings after tax, minus what was paid. */
export function snipeProfit(buyPrice: number, sellPrice: number, options?: TaxOptions): number {
  requireNonNegative(buyPrice, 'buyPrice');
  return amountAfterTax(sellPrice, options) - buyPrice;
}

/** A minimum profit: a percentage of the market price, or a fixed number of coins. */
export interface MinProfit {
  readonly value: number;
  readonly unit: NumberUnit;
}

/** The minimum profit in coins for a card whose market price is `marketPrice`. */
export function minProfitCoins(minProfit: MinProfit, marketPrice: number): number {
  requireNonNegative(marketPrice, 'marketPrice');
  const value = requireNonNegative(minProfit.value, 'minProfit.value');
  if (minProfit.unit === 'fixed') return value;
  if (minProfit.unit === 'percentage') return (marketPrice * value) / 100;
  throw new RangeError(`minProfit.unit must be 'percentage' or 'fixed', got ${String(minProfit.unit)}`);
}

/**
 * The highest Buy Now still strictly worth buying at, as an exclusive bound: a listing is bought
 * when its Buy Now is below market price × (1 − tax) − min profit.
 */
export function maxProfitableBuyNowExclusive(
  marketPrice: number,
  minProfit: MinProfit,
  options?: Pick<TaxOptions, 'taxRate'>,
): number {
  const rate = requireRate(options?.taxRate ?? TAX_RATE, 'taxRate');
  const afterTax = (marketPrice * keptBasisPoints(rate)) / BASIS_POINTS;
  return afterTax - minProfitCoins(minProfit, marketPrice);
}

/**
 * The 59th-minute buy rule: buy when Buy Now < market price × (1 − tax) − min profit, where a
 * percentage min profit is a percentage of the market price.
 */
export function isProfitableBuy(
  buyNow: number,
  marketPrice: number,
  minProfit: MinProfit,
  options?: Pick<TaxOptions, 'taxRate'>,
): boolean {
  requireNonNegative(buyNow, 'buyNow');
  return buyNow < maxProfitableBuyNowExclusive(marketPrice, minProfit, options);
}
