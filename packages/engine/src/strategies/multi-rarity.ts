import {
  MAX_PLAYER_PAGES_WARNING,
  MAX_PRICE_DATABASE_PAGES,
  rarityValues,
  unnamedPlayer,
  type FollowUp,
  type Rarity,
  type RarityFilter,
} from '@tradedesk/domain';
import type { AuctionInfo, MarketPage, MarketSearch } from '@tradedesk/game-client';
import type { PriceQuote } from '../ports.js';
import { judgePrice } from '../pricing/freshness.js';
import { runLog, skippedStalePrices } from '../run-log.js';
import { limitUnderMarket } from './buy-limit.js';
import { searchOfCriteria } from './criteria.js';
import {
  isBuyable,
  type Preparation,
  type PrepareContext,
  type Strategy,
  type Valuation,
} from './strategy.js';

type PricedRarity = Exclude<Rarity, 'any'>;
const pricedRarities = rarityValues.filter((rarity): rarity is PricedRarity => rarity !== 'any');

/** The definition id a listing's card version has. */
export function definitionIdOf(auction: AuctionInfo): number {
  return auction.itemData.resourceId ?? auction.itemData.definitionId ?? auction.itemData.id;
}

/**
 * 59th Minute (multi-rarity): searches a rarity (or every priced rarity) in a price band, walks
 * toward the last result pages where the newest listings sit, and buys a card when its Buy Now
 * is under its price-database price × (1 − tax) − min profit.
 */
export class MultiRarityStrategy implements Strategy {
  readonly bustsCache = true;
  /** Inclusive Buy Now limit per definition id, from fresh prices only. */
  private limits = new Map<number, number>();
  private quotes = new Map<number, PriceQuote>();
  private loadedAt: number | undefined;
  private lastPage = 0;
  private warned = false;
  private pageLimit: number = MAX_PLAYER_PAGES_WARNING;

  constructor(readonly filter: RarityFilter) {}

  get label(): string {
    return this.filter.label;
  }

  get subject(): string {
    return this.filter.label;
  }

  get maxBuyNow(): number {
    return this.filter.maxPrice;
  }

  get minProfit() {
    return this.filter.minProfit;
  }

  /**
   * One fixed listing price cannot fit every card a 59th Minute search buys, so its listing
   * follow-up lists each card at its own price-database price (docs/decisions.md).
   */
  get followUp(): FollowUp {
    const { followUp } = this.filter;
    return followUp.action === 'list_on_transfer_list'
      ? { ...followUp, action: 'list_at_price_site_price', percentage: 100 }
      : followUp;
  }

  private get rarities(): readonly PricedRarity[] {
    return this.filter.rarity === 'any' ? pricedRarities : [this.filter.rarity];
  }

  async prepare(context: PrepareContext): Promise<Preparation> {
    const notices: string[] = [];
    this.pageLimit = context.maxPageJumps > 0 ? context.maxPageJumps : MAX_PLAYER_PAGES_WARNING;
    if (!this.warned && context.maxPageJumps > MAX_PLAYER_PAGES_WARNING) notices.push(runLog.pageWarning);
    this.warned = true;
    if (this.loadedAt === undefined || context.now - this.loadedAt > context.maxPriceAgeMs) {
      const stale = await this.loadPrices(context);
      if (stale > 0) notices.push(skippedStalePrices(stale, this.label));
    }
    if (this.limits.size === 0) {
      return { notices: [...notices, runLog.unableToFetchMarketData], skipCycle: true };
    }
    return { notices };
  }

  /** Loads every rarity's table; returns how many prices were too old to use. */
  private async loadPrices(context: PrepareContext): Promise<number> {
    let stale = 0;
    this.limits = new Map();
    this.quotes = new Map();
    for (const rarity of this.rarities) {
      const table = await context.prices.rarityPrices({
        rarity,
        platform: context.platform,
        maxPages: MAX_PRICE_DATABASE_PAGES[rarity],
      });
      for (const [definitionId, quote] of table) {
        const state = judgePrice(quote, context.now, context.maxPriceAgeMs).state;
        if (state !== 'fresh') {
          if (state === 'stale') stale += 1;
          continue;
        }
        const limit = Math.min(this.filter.maxPrice, limitUnderMarket(quote.price, this.filter.minProfit));
        if (limit < this.filter.minPrice || limit <= 0) continue;
        this.limits.set(definitionId, limit);
        this.quotes.set(definitionId, quote);
      }
    }
    this.loadedAt = this.limits.size > 0 ? context.now : undefined;
    return stale;
  }

  firstPage(): number {
    return this.lastPage;
  }

  search(): MarketSearch {
    return searchOfCriteria(this.filter);
  }

  pick(auctions: readonly AuctionInfo[]): AuctionInfo | undefined {
    const { limits } = this;
    const floor = this.filter.minPrice;
    for (const auction of auctions) {
      const limit = limits.get(definitionIdOf(auction));
      if (
        limit !== undefined &&
        auction.buyNowPrice <= limit &&
        auction.buyNowPrice >= floor &&
        isBuyable(auction)
      ) {
        return auction;
      }
    }
    return undefined;
  }

  /**
   * Walks toward the newest listings: forward while the game says a next page exists, one page
   * back when a page came back empty (listings expired), at most the page-jump threshold per
   * cycle. The next cycle starts on the last page with results, or on page 0 after the last page.
   */
  nextPage(page: MarketPage, jumps: number): number | undefined {
    const canJump = jumps < this.pageLimit;
    if (page.auctions.length === 0 && page.page > 0) {
      this.lastPage = page.page - 1;
      return canJump ? this.lastPage : undefined;
    }
    // At the end of the results the walk starts over from the first page next cycle: the pages
    // behind it hold the listings that sat unsold since the walk passed (docs/decisions.md).
    this.lastPage = page.hasNextPage ? page.page : 0;
    return page.hasNextPage && canJump ? page.page + 1 : undefined;
  }

  valuation(auction: AuctionInfo): Valuation {
    const quote = this.quotes.get(definitionIdOf(auction));
    return {
      playerName: quote?.playerName ?? unnamedPlayer(definitionIdOf(auction)),
      marketPrice: quote?.price ?? 0,
    };
  }
}
