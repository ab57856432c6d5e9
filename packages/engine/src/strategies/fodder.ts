import { failedToFetchMarketPriceFor, type FodderFilter, unnamedPlayer } from '@tradedesk/domain';
import type { AuctionInfo, MarketPage, MarketSearch } from '@tradedesk/game-client';
import type { PriceQuote } from '../ports.js';
import { canReuseQuote, judgePrice } from '../pricing/freshness.js';
import { stalePriceFor } from '../run-log.js';
import { limitUnderMarket } from './buy-limit.js';
import { definitionIdOf } from './multi-rarity.js';
import {
  isBuyable,
  type Preparation,
  type PrepareContext,
  type Strategy,
  type Valuation,
} from './strategy.js';

/**
 * Fodder: gold or special cards of one rating (84–94), valued by the going price of that rating
 * and bought when Buy Now is under price × (1 − tax) − min profit (and within the price band).
 * The game cannot search by rating, so the rating is checked on each listing.
 */
export class FodderStrategy implements Strategy {
  readonly bustsCache = true;
  private limit = -1;
  private quote: PriceQuote | undefined;
  private fetchedAt: number | undefined;

  constructor(readonly filter: FodderFilter) {}

  get label(): string {
    return this.filter.label;
  }

  get subject(): string {
    return `${this.filter.player.rating} rated ${this.filter.player.quality}`;
  }

  get maxBuyNow(): number {
    return this.filter.player.maxPrice;
  }

  get minProfit() {
    return this.filter.player.minProfit;
  }

  get followUp() {
    return this.filter.followUp;
  }

  async prepare(context: PrepareContext): Promise<Preparation> {
    if (canReuseQuote(this.quote, this.fetchedAt, context.now, context.maxPriceAgeMs)) return { notices: [] };
    // A stale or missing price never drives a buy: nothing is searched this cycle, the next tries again.
    this.fetchedAt = context.now;
    this.limit = -1;
    this.quote = undefined;
    const { rating, quality } = this.filter.player;
    let quote: PriceQuote | undefined;
    try {
      quote = await context.prices.fodderPrice({ rating, quality, platform: context.platform });
    } catch {
      return { notices: [failedToFetchMarketPriceFor(this.subject)], skipCycle: true };
    }
    const verdict = judgePrice(quote, context.now, context.maxPriceAgeMs);
    if (verdict.state !== 'fresh') {
      const notice =
        verdict.state === 'stale'
          ? stalePriceFor(this.subject, verdict.ageMs)
          : failedToFetchMarketPriceFor(this.subject);
      return { notices: [notice], skipCycle: true };
    }
    this.quote = verdict.quote;
    this.limit = Math.min(this.filter.player.maxPrice, limitUnderMarket(verdict.quote.price, this.minProfit));
    return { notices: [] };
  }

  firstPage(): number {
    return 0;
  }

  search(): MarketSearch {
    const { quality, minPrice, maxPrice } = this.filter.player;
    const search: MarketSearch = { type: 'player' };
    if (quality === 'gold') search.level = 'gold';
    else search.special = true;
    if (minPrice > 0) search.minBuyNow = minPrice;
    if (maxPrice > 0) search.maxBuyNow = maxPrice;
    return search;
  }

  pick(auctions: readonly AuctionInfo[]): AuctionInfo | undefined {
    const { limit } = this;
    const { rating, minPrice } = this.filter.player;
    for (const auction of auctions) {
      if (
        auction.itemData.rating === rating &&
        auction.buyNowPrice <= limit &&
        auction.buyNowPrice >= minPrice &&
        isBuyable(auction)
      ) {
        return auction;
      }
    }
    return undefined;
  }

  nextPage(_page: MarketPage): number | undefined {
    return undefined;
  }

  valuation(auction: AuctionInfo): Valuation {
    return {
      playerName: this.quote?.playerName ?? unnamedPlayer(definitionIdOf(auction)),
      marketPrice: this.quote?.price ?? 0,
    };
  }
}
