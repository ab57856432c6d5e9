import { snipeProfit } from '@tradedesk/domain';

/**
 * The profit of buying at the listed Buy Now and reselling at the price-database price, after the
 * game's 5% tax (the domain's tax math); undefined without either price.
 */
export function overlayProfit(
  databasePrice: number | null,
  buyNowPrice: number | undefined,
): number | undefined {
  if (databasePrice === null || buyNowPrice === undefined) return undefined;
  return snipeProfit(buyNowPrice, databasePrice);
}
