import type { AuctionInfo } from '@tradedesk/game-client';

/** Listings over their limit by at most this share of it are kept: a later limit may take them. */
const NEAR_SHARE = 0.06;
/** Listings kept at most (the oldest leave first). */
const KEPT_LISTINGS = 300;

interface PassedOverListing {
  readonly auction: AuctionInfo;
  readonly definitionId: number;
  /** When the listing ends (ms). */
  readonly endsAt: number;
}

/**
 * Listings a search showed that the run did not buy: a second one under its limit on the same
 * page (one Buy Now per page), or one just over its card's limit. Fairly priced listings are left
 * alone by rival snipers and often stay for the rest of their hour, so the ones a limit takes
 * (now, or after it rose: the market's level learned, a fresher price) are bought later by their
 * trade id, without finding them in the results again. One sold meanwhile costs a lost Buy Now.
 */
export class ListingsPassedOver {
  private readonly kept = new Map<number, PassedOverListing>();

  /** A listing bought (or lost) since it was passed over: recalling it would spend a Buy Now for nothing. */
  forget(tradeId: number): void {
    this.kept.delete(tradeId);
  }

  /** Notes a listing shown at `now` and not bought; `limit` undefined: its card is never bought. */
  note(auction: AuctionInfo, definitionId: number, limit: number | undefined, now: number): void {
    if (limit === undefined || auction.buyNowPrice > limit * (1 + NEAR_SHARE)) return;
    this.kept.delete(auction.tradeId);
    if (this.kept.size >= KEPT_LISTINGS) {
      const oldest = this.kept.keys().next();
      if (oldest.done !== true) this.kept.delete(oldest.value);
    }
    this.kept.set(auction.tradeId, { auction, definitionId, endsAt: now + auction.expires * 1_000 });
  }

  /**
   * Up to `max` kept listings still on the market at `now` that the limits take, widest margin
   * first; they leave the list, as do the ended ones.
   */
  take(limitOf: (definitionId: number) => number | undefined, now: number, max: number): AuctionInfo[] {
    const buyable: { tradeId: number; auction: AuctionInfo; margin: number }[] = [];
    for (const [tradeId, listing] of this.kept) {
      if (listing.endsAt <= now) {
        this.kept.delete(tradeId);
        continue;
      }
      const limit = limitOf(listing.definitionId);
      if (limit !== undefined && listing.auction.buyNowPrice <= limit)
        buyable.push({ tradeId, auction: listing.auction, margin: limit - listing.auction.buyNowPrice });
    }
    const taken = buyable.sort((a, b) => b.margin - a.margin).slice(0, max);
    for (const { tradeId } of taken) this.kept.delete(tradeId);
    return taken.map(({ auction }) => auction);
  }
}
