import { randomIntInclusive, type MsRange, type NormalFilter, type Rng } from '@tradedesk/domain';
import type { AuctionInfo, MarketPage, MarketSearch } from '@tradedesk/game-client';
import { searchOfNormalFilter } from '../strategies/criteria.js';
import { isBuyable, type Preparation, type Strategy, type Valuation } from '../strategies/strategy.js';

/** The classic public autobuyer's default wait between searches (ckalgos README: 7–15 s). */
export const CLASSIC_SEARCH_WAIT_MS: MsRange = { min: 7_000, max: 15_000 };

/**
 * The benchmark's baseline only: the classic public autobuyer loop. The same query every time
 * (no cache-busting), first page only (no page jumps), a fixed random wait between searches,
 * and it buys the first listing at or under the max price, with no profit or price checks.
 */
export class ClassicAutobuyer implements Strategy {
  readonly bustsCache = false;

  constructor(
    readonly filter: NormalFilter,
    private readonly searchWaitMs: MsRange = CLASSIC_SEARCH_WAIT_MS,
  ) {}

  get label(): string {
    return this.filter.label;
  }

  get subject(): string {
    return this.filter.name !== '' ? this.filter.name : this.filter.label;
  }

  get maxBuyNow(): number {
    return this.filter.maxPrice;
  }

  get minProfit() {
    return this.filter.minProfit;
  }

  get followUp() {
    return this.filter.followUp;
  }

  async prepare(): Promise<Preparation> {
    return { notices: [] };
  }

  firstPage(): number {
    return 0;
  }

  search(): MarketSearch {
    return searchOfNormalFilter(this.filter, false);
  }

  pick(auctions: readonly AuctionInfo[]): AuctionInfo | undefined {
    return auctions.find((auction) => isBuyable(auction) && auction.buyNowPrice <= this.filter.maxPrice);
  }

  nextPage(_page: MarketPage): number | undefined {
    return undefined;
  }

  valuation(auction: AuctionInfo): Valuation {
    return {
      playerName: this.subject || `Player ${auction.itemData.assetId ?? auction.itemData.id}`,
      marketPrice: 0,
    };
  }

  cycleWaitMs(rng: Rng): number {
    return randomIntInclusive(this.searchWaitMs, rng);
  }
}
