import { amountAfterTax, type MinProfit } from '@tradedesk/domain';
import { limitUnderMarket } from '../strategies/buy-limit.js';

/** A listing that appeared on the market during a benchmark run, with the card's true value. */
export interface ObservedListing {
  readonly tradeId: number;
  readonly buyNowPrice: number;
  /** What the card resells for (the price database's price). */
  readonly marketPrice: number;
}

export interface OracleRules {
  /** The filter's min Buy Now: a listing under it is one the run never searches for (none when absent). */
  readonly minBuyNow?: number;
  readonly maxBuyNow: number;
  readonly minProfit: MinProfit;
  /** Coins available; the oracle never spends more. */
  readonly coins: number;
}

export interface OracleResult {
  readonly tradeIds: readonly number[];
  /** Profit after tax of reselling every bought card at its market price. */
  readonly profit: number;
}

/**
 * The benchmark's oracle: what a sniper that saw every listing the instant it appeared and
 * never lost a race would have bought under the same rule (Buy Now < price × 0.95 − min
 * profit, within the filter's Buy Now band), most profitable first within the coins. Strategies are
 * scored by the share of this profit they capture.
 */
export function snipeOracle(listings: readonly ObservedListing[], rules: OracleRules): OracleResult {
  const worthBuying = listings
    .filter(
      (entry) =>
        entry.buyNowPrice > 0 &&
        entry.buyNowPrice >= (rules.minBuyNow ?? 0) &&
        entry.buyNowPrice <= rules.maxBuyNow,
    )
    .filter((entry) => entry.buyNowPrice <= limitUnderMarket(entry.marketPrice, rules.minProfit))
    .map((entry) => ({ entry, profit: amountAfterTax(entry.marketPrice) - entry.buyNowPrice }))
    .sort((a, b) => b.profit - a.profit || a.entry.tradeId - b.entry.tradeId);
  let coins = rules.coins;
  const tradeIds: number[] = [];
  let profit = 0;
  for (const { entry, profit: gain } of worthBuying) {
    if (entry.buyNowPrice > coins) continue;
    coins -= entry.buyNowPrice;
    tradeIds.push(entry.tradeId);
    profit += gain;
  }
  return { tradeIds, profit };
}
