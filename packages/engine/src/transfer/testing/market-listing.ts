/** The test market's listings: the record, how a viewer sees one, and whether a search finds it. */
import type { AuctionInfo, ItemData, MarketSearch } from '@tradedesk/game-client';

/** A listing on the shared market; `sellerId` 'stranger' is someone outside the user's accounts. */
export interface MarketListing {
  readonly tradeId: number;
  readonly sellerId: string;
  readonly item: ItemData;
  readonly startingBid: number;
  readonly buyNowPrice: number;
  currentBid: number;
  readonly visibleAt: number;
  readonly expiresAt: number;
  state: 'active' | 'closed' | 'expired';
}

/** How `viewer` sees a listing at `now` (expired once its time is up, whatever its state says). */
export function presentListing(listing: MarketListing, viewer: string, now: number): AuctionInfo {
  const active = listing.state === 'active' && listing.expiresAt > now;
  return {
    tradeId: listing.tradeId,
    tradeState: active ? 'active' : listing.state === 'active' ? 'expired' : listing.state,
    buyNowPrice: listing.buyNowPrice,
    startingBid: listing.startingBid,
    currentBid: listing.currentBid,
    expires: Math.max(0, Math.ceil((listing.expiresAt - now) / 1000)),
    tradeOwner: listing.sellerId === viewer,
    itemData: listing.item,
  };
}

/** Whether a search at `now` finds the listing: active, visible, unexpired and within every price filter. */
export function matchesSearch(listing: MarketListing, search: MarketSearch, now: number): boolean {
  const bidPrice = listing.currentBid > 0 ? listing.currentBid : listing.startingBid;
  return (
    listing.state === 'active' &&
    listing.visibleAt <= now &&
    listing.expiresAt > now &&
    (search.definitionId === undefined || listing.item.resourceId === search.definitionId) &&
    listing.buyNowPrice >= (search.minBuyNow ?? 0) &&
    listing.buyNowPrice <= (search.maxBuyNow ?? Infinity) &&
    bidPrice >= (search.minBid ?? 0) &&
    bidPrice <= (search.maxBid ?? Infinity)
  );
}
