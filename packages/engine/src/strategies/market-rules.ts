import type { MarketConfig } from '@tradedesk/domain';
import type { AuctionInfo } from '@tradedesk/game-client';
import { definitionIdOf } from './multi-rarity.js';

/**
 * The market configuration's player rules (docs/decisions/snipe-engine.md): with exclusion purchase on, a
 * listed player is never bought when excluded, nor above its price when the price is above 0.
 * Answers undefined when nothing applies, so the hot path skips the check entirely.
 */
export function marketRulesOf(
  market: MarketConfig | undefined,
): ((auction: AuctionInfo) => boolean) | undefined {
  if (!market?.isExclusionPurchaseEnabled) return undefined;
  const rules = new Map<number, { isExcluded: boolean; price: number }>();
  for (const player of market.players) {
    if (player.isExcluded || player.price > 0)
      rules.set(player.id, { isExcluded: player.isExcluded, price: player.price });
  }
  if (rules.size === 0) return undefined;
  return (auction) => {
    const rule = rules.get(definitionIdOf(auction));
    if (rule === undefined) return true;
    return !rule.isExcluded && (rule.price === 0 || auction.buyNowPrice <= rule.price);
  };
}
