import type { AuctionInfo } from '@tradedesk/game-client';

export interface ListingSpec {
  readonly tradeId: number;
  readonly buyNowPrice: number;
  /** Definition id of the card version. */
  readonly definitionId: number;
  readonly startingBid?: number;
  readonly rating?: number;
  readonly rareflag?: number;
  /** Seconds left (default 3,540: a 59th-minute listing). */
  readonly expires?: number;
  readonly discardValue?: number;
  readonly itemId?: number;
  readonly tradeOwner?: boolean;
}

/** A market listing as game-client returns it. */
export function listing(spec: ListingSpec): AuctionInfo {
  return {
    tradeId: spec.tradeId,
    tradeState: 'active',
    bidState: 'none',
    buyNowPrice: spec.buyNowPrice,
    startingBid: spec.startingBid ?? 150,
    currentBid: 0,
    expires: spec.expires ?? 3540,
    tradeOwner: spec.tradeOwner ?? false,
    itemData: {
      id: spec.itemId ?? spec.tradeId + 1_000_000,
      assetId: spec.definitionId % 2 ** 24,
      resourceId: spec.definitionId,
      rating: spec.rating ?? 85,
      rareflag: spec.rareflag ?? 1,
      discardValue: spec.discardValue ?? 700,
    },
  };
}
