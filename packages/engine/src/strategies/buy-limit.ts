import {
  amountAfterTax,
  maxProfitableBuyNowExclusive,
  minProfitCoins,
  type MinProfit,
} from '@tradedesk/domain';

/**
 * The highest whole Buy Now still worth paying for a card valued at `marketPrice`: the spec's
 * rule is Buy Now < price × (1 − tax) − min profit, so the inclusive limit is one coin below.
 */
export function limitUnderMarket(marketPrice: number, minProfit: MinProfit): number {
  return Math.ceil(maxProfitableBuyNowExclusive(marketPrice, minProfit)) - 1;
}

/**
 * The highest Buy Now that still leaves the min profit when the follow-up resells at
 * `sellPrice`: profit after the 5% tax ≥ min profit (a percentage is of the sell price).
 */
export function limitForResale(sellPrice: number, minProfit: MinProfit): number {
  return amountAfterTax(sellPrice) - Math.ceil(minProfitCoins(minProfit, sellPrice));
}

/** Does the follow-up sell the card (so the min profit applies)? */
export function followUpSells(action: string): boolean {
  return action === 'list_on_transfer_list' || action === 'list_at_price_site_price';
}
