import {
  failedToFetchMarketPriceFor,
  type NormalFilter,
  rarityLabels,
  unableToFindDetailsFor,
  unableToFindPlayerInRarity,
  unnamedPlayer,
} from '@tradedesk/domain';
import type { AuctionInfo, MarketPage, MarketSearch } from '@tradedesk/game-client';
import type { PriceQuote } from '../ports.js';
import { canReuseQuote, judgePrice } from '../pricing/freshness.js';
import { stalePriceFor } from '../run-log.js';
import { limitForResale, limitUnderMarket } from './buy-limit.js';
import { definitionIdOf } from './multi-rarity.js';
import { searchOfNormalFilter } from './criteria.js';
import {
  isBuyable,
  type Preparation,
  type PrepareContext,
  type Strategy,
  type Valuation,
} from './strategy.js';

const NO_BUY = -1;

/**
 * Normal filter: a named player (every version of its base id) or plain criteria, bought at or
 * under the max Buy Now. When the follow-up resells, the min profit after tax must remain;
 * listing at the price site's price values the card by that (fresh) price instead of a max.
 */
export class NormalStrategy implements Strategy {
  readonly bustsCache = true;
  private limit = NO_BUY;
  private quote: PriceQuote | undefined;
  private fetchedAt: number | undefined;

  constructor(readonly filter: NormalFilter) {}

  get label(): string {
    return this.filter.label;
  }

  get subject(): string {
    return this.filter.name !== '' ? this.filter.name : this.filter.label;
  }

  get maxBuyNow(): number {
    return this.listsAtPriceSite ? this.limit : this.filter.maxPrice;
  }

  get minProfit() {
    return this.filter.minProfit;
  }

  get followUp() {
    return this.filter.followUp;
  }

  private get listsAtPriceSite(): boolean {
    return this.filter.followUp.action === 'list_at_price_site_price';
  }

  async prepare(context: PrepareContext): Promise<Preparation> {
    const { filter } = this;
    const playerId = filter.playerId ?? 0;
    if (filter.name !== '' && playerId <= 0)
      return { notices: [], problem: unableToFindDetailsFor(filter.name) };
    if (this.listsAtPriceSite) return this.prepareFromPrice(context, playerId);
    this.limit =
      filter.followUp.action === 'list_on_transfer_list'
        ? Math.min(filter.maxPrice, limitForResale(filter.followUp.buyNowPrice, filter.minProfit))
        : filter.maxPrice;
    return { notices: [] };
  }

  private async prepareFromPrice(context: PrepareContext, definitionId: number): Promise<Preparation> {
    if (canReuseQuote(this.quote, this.fetchedAt, context.now, context.maxPriceAgeMs)) return { notices: [] };
    // A stale or missing price never drives a buy: nothing is searched this cycle, the next tries again.
    this.fetchedAt = context.now;
    this.limit = NO_BUY;
    this.quote = undefined;
    let quote: PriceQuote | undefined;
    try {
      quote = await context.prices.playerPrice({
        definitionId,
        rarity: this.filter.rarity,
        platform: context.platform,
      });
    } catch {
      return { notices: [failedToFetchMarketPriceFor(this.subject)], skipCycle: true };
    }
    const verdict = judgePrice(quote, context.now, context.maxPriceAgeMs);
    if (verdict.state === 'missing') {
      const rarity = rarityLabels[this.filter.rarity];
      return { notices: [unableToFindPlayerInRarity(this.subject, rarity)], skipCycle: true };
    }
    if (verdict.state === 'stale') {
      return { notices: [stalePriceFor(this.subject, verdict.ageMs)], skipCycle: true };
    }
    this.quote = verdict.quote;
    this.limit = limitUnderMarket(verdict.quote.price, this.filter.minProfit);
    return { notices: [] };
  }

  firstPage(): number {
    return 0;
  }

  search(): MarketSearch {
    const search = searchOfNormalFilter(this.filter, this.listsAtPriceSite);
    if (this.listsAtPriceSite && this.limit > 0) search.maxBuyNow = this.limit;
    return search;
  }

  pick(auctions: readonly AuctionInfo[]): AuctionInfo | undefined {
    const { limit } = this;
    // Cache-busting may widen the search below the filter's min price: those listings are skipped.
    const floor = this.filter.minPrice;
    if (this.filter.searchOption === 'top_to_bottom') {
      for (const auction of auctions) {
        if (auction.buyNowPrice <= limit && auction.buyNowPrice >= floor && isBuyable(auction))
          return auction;
      }
      return undefined;
    }
    let cheapest: AuctionInfo | undefined;
    for (const auction of auctions) {
      const price = auction.buyNowPrice;
      if (
        price <= limit &&
        price >= floor &&
        price < (cheapest?.buyNowPrice ?? Infinity) &&
        isBuyable(auction)
      ) {
        cheapest = auction;
      }
    }
    return cheapest;
  }

  nextPage(_page: MarketPage): number | undefined {
    return undefined;
  }

  valuation(auction: AuctionInfo): Valuation {
    const fallback = unnamedPlayer(definitionIdOf(auction));
    const playerName = this.filter.name !== '' ? this.filter.name : (this.quote?.playerName ?? fallback);
    const marketPrice =
      this.quote?.price ??
      (this.filter.followUp.action === 'list_on_transfer_list' ? this.filter.followUp.buyNowPrice : 0);
    return { playerName, marketPrice };
  }
}
