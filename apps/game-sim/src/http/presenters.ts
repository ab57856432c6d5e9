import { amountAfterTax } from '@tradedesk/domain';
import { groupsOf } from '../sbc/requirements.js';
import { isWatcher, type Account, type Item, type Trade } from '../world/types.js';
import type { World } from '../world/world.js';
import { platformOf } from '../world/trading.js';

const PILE_NUMBERS: Record<string, number> = { trade: 5, listed: 5, unassigned: 6, club: 7, won: 5, sbc: 7 };

/** `itemData` of an item (GAME-PROTOCOL §2.8). */
export function presentItem(world: World, item: Item, viewer?: Account): Record<string, unknown> {
  const card = world.card(item.cardIndex);
  const limits = world.values.limits(item.cardIndex, viewer ? platformOf(viewer) : 'ps', world.now());
  return {
    id: item.id,
    timestamp: Math.floor(world.now() / 1000),
    formation: 'f433',
    untradeable: item.untradeable,
    untradeableCount: item.untradeable ? 1 : 0,
    assetId: card.baseId,
    rating: card.rating,
    itemType: 'player',
    resourceId: card.definitionId,
    owners: 1,
    discardValue: card.discardValue,
    itemState: item.place === 'listed' ? 'forSale' : 'free',
    cardsubtypeid: card.special ? 3 : card.rarityId === 1 ? 2 : 1,
    lastSalePrice: item.lastSalePrice,
    injuryType: 'none',
    injuryGames: 0,
    preferredPosition: card.position,
    possiblePositions: card.positions,
    contract: 7,
    teamid: card.clubId,
    rareflag: card.rarityId,
    playStyle: item.playStyle,
    leagueId: card.leagueId,
    nation: card.nationId,
    pile: PILE_NUMBERS[item.place] ?? 0,
    loyaltyBonus: 0,
    marketDataMinPrice: limits.minPrice,
    marketDataMaxPrice: limits.maxPrice,
    resourceGameYear: 2026,
    groups: groupsOf(card),
    guidAssetId: '',
    ...(card.synthetic ? { synthetic: true } : {}),
  };
}

function bidStateOf(trade: Trade, viewer: Account | undefined): string {
  if (!viewer) return 'none';
  if (trade.highestBidderId === viewer.id) return trade.outcome === 'buyNow' ? 'buyNow' : 'highest';
  return isWatcher(trade, viewer.id) && trade.offers > 0 ? 'outbid' : 'none';
}

/** `auctionInfo` of a trade as `viewer` sees it. */
export function presentTrade(
  world: World,
  trade: Trade,
  viewer: Account | undefined,
): Record<string, unknown> {
  const now = world.now();
  const item = world.items.get(trade.itemId);
  const ended = trade.state !== 'active' || trade.expiresAt <= now;
  const sold = trade.state === 'closed';
  return {
    tradeId: trade.tradeId,
    tradeIdStr: String(trade.tradeId),
    tradeState: trade.state,
    bidState: bidStateOf(trade, viewer),
    buyNowPrice: trade.buyNowPrice,
    startingBid: trade.startingBid,
    currentBid: trade.currentBid,
    offers: trade.offers,
    expires: ended ? -1 : Math.max(0, Math.ceil((trade.expiresAt - now) / 1000)),
    watched: viewer ? viewer.watchlist.has(trade.tradeId) : false,
    tradeOwner: viewer ? trade.sellerId === viewer.id : false,
    sellerName: 'FIFA UT',
    sellerId: 0,
    sellerEstablished: 0,
    confidenceValue: 100,
    coinsProcessed: sold && viewer && trade.sellerId === viewer.id ? amountAfterTax(trade.currentBid) : 0,
    itemData: item
      ? presentItem(world, item, viewer)
      : { id: trade.itemId, resourceId: world.card(trade.cardIndex).definitionId },
  };
}

/** A transfer-list entry for an item that is not (or no longer) on the market. */
export function presentUnlisted(world: World, item: Item, viewer: Account): Record<string, unknown> {
  const trade = item.tradeId ? world.trades.get(item.tradeId) : undefined;
  if (trade && trade.state === 'expired' && item.place === 'trade') return presentTrade(world, trade, viewer);
  return {
    tradeId: 0,
    tradeIdStr: '0',
    // Never listed (or taken back): the game sends null for both, not a state.
    tradeState: null,
    bidState: null,
    buyNowPrice: 0,
    startingBid: 0,
    currentBid: 0,
    offers: 0,
    expires: 0,
    watched: false,
    tradeOwner: true,
    sellerName: 'FIFA UT',
    sellerId: 0,
    sellerEstablished: 0,
    confidenceValue: 100,
    coinsProcessed: 0,
    itemData: presentItem(world, item, viewer),
  };
}

/** `currencies` and `bidTokens` that accompany coin balances. */
export function presentCredits(account: Account): Record<string, unknown> {
  return {
    credits: account.coins,
    currencies: [
      { name: 'COINS', funds: account.coins, finalFunds: account.coins },
      { name: 'POINTS', funds: 0, finalFunds: 0 },
      { name: 'DRAFT_TOKEN', funds: 0, finalFunds: 0 },
    ],
    unopenedPacks: { preOrderPacks: 0, recoveredPacks: 0 },
    bidTokens: {},
  };
}
