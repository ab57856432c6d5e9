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
import type { FleetMember } from '../fleet/fleet.js';
import { SharedBacklogSweep } from '../fleet/fleet-sweep.js';
import { LookMarks } from '../fleet/look-marks.js';
import type { PriceQuote } from '../ports.js';
import { judgePrice } from '../pricing/freshness.js';
import { MarketLevel } from '../pricing/market-level.js';
import { runLog, skippedStalePrices } from '../run-log.js';
import { BacklogSweep, type SweepCursor } from './backlog-sweep.js';
import { limitUnderMarket } from './buy-limit.js';
import { searchOfCriteria } from './criteria.js';
import { ListingsPassedOver } from './passed-over.js';
import { FreshListingWatch, ONE_HOUR_S } from './fresh-listings.js';
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

/** Share of the request budget the backlog sweep may take (one page in six). */
const BACKLOG_BUDGET_SHARE = 1 / 6;
/** Sweep pages of a run without a request budget. */
const BACKLOG_PAGES_UNBUDGETED = 100;
/**
 * How far over a card's value its fair sellers ask, at the median (docs/decisions/snipe-engine.md):
 * the value is taken a little under the typical ask, so a rule on it stays on the safe side of
 * what the card sells for.
 */
const FAIR_ASK_PREMIUM = 1.035;
/** The limits follow the market's level once it moved by this much (a tenth of a percent). */
const LIMITS_FACTOR_STEP = 0.001;
/** Listings passed over earlier bought at most per cycle (each costs a Buy Now and its follow-up). */
const RECALLS_PER_CYCLE = 3;
/**
 * Pages one sweep step reads, within the page-jump threshold: the backlog's one-hour listings end
 * within the hour, so the sweep reads it at the pagination interval (~4 minutes) instead of two
 * paced pages a step (~17 minutes without a look at the newest listings).
 */
const SWEEP_PAGES_PER_STEP = 10;

/**
 * 59th Minute (multi-rarity): searches a rarity (or every priced rarity) in a price band and
 * buys a card when its Buy Now is under its price-database price × (1 − tax) − min profit.
 * A run first sweeps the listings that sat unsold before it (`BacklogSweep`), most expensive
 * first: one-hour listings among them end within the hour, and a sweep interleaved with looks
 * reached the cheaper bands after many had ended. Then every step looks at the newest listings
 * (where they sit in the results: `FreshListingWatch`), since rival snipers take a mispriced
 * one within seconds.
 */
export class MultiRarityStrategy implements Strategy {
  readonly bustsCache = true;
  /** Inclusive Buy Now limit per definition id (the price rule's, above the max Buy Now too), from fresh prices only. */
  private limits = new Map<number, number>();
  private quotes = new Map<number, PriceQuote>();
  /** Where the market trades relative to the price site, from the pages this run (its fleet) read. */
  private readonly marketLevel: MarketLevel;
  /** The market level the limits were computed with. */
  private limitsFactor = 1;
  private readonly passedOver = new ListingsPassedOver();
  /** The listing `pick` chose on the current page (bought or lost, it is not passed over). */
  private picked: number | undefined;
  private loadedAt: number | undefined;
  private warned = false;
  private pageLimit: number = MAX_PLAYER_PAGES_WARNING;
  private pageSize = 20;
  /** One watch per listing duration looked at (a lone run only ever looks at one hour's). */
  private readonly watches = new Map<number, FreshListingWatch>();
  /** The duration (s) whose newest listings the current look reads, and how many it found. */
  private mark = ONE_HOUR_S;
  private newAtMark = 0;
  private sweep: SweepCursor | undefined;
  private step: 'watch' | 'sweep' = 'watch';
  private sweepPages = 0;
  /** When the current step started and when the last look at the newest listings was. */
  private stepAt = 0;
  private lastLookAt: number | undefined;
  /** Seconds from the last look to this one (set once per look, read on each of its pages). */
  private sinceLastLookS = ONE_HOUR_S;

  /** In a fleet, the market's level and the backlog sweep are the fleet's, shared by its accounts. */
  constructor(
    readonly filter: RarityFilter,
    private readonly fleet?: FleetMember,
  ) {
    this.marketLevel = fleet
      ? fleet.shared('market-level', () => new MarketLevel(FAIR_ASK_PREMIUM))
      : new MarketLevel(FAIR_ASK_PREMIUM);
  }

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
   * follow-up lists each card at its own price-database price (docs/decisions/snipe-engine.md).
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
    this.pageSize = context.pageSize;
    this.stepAt = context.now;
    this.sweep ??= this.sweepOf(
      context.requestBudget > 0
        ? Math.floor(context.requestBudget * BACKLOG_BUDGET_SHARE)
        : BACKLOG_PAGES_UNBUDGETED,
    );
    if (!this.warned && context.maxPageJumps > MAX_PLAYER_PAGES_WARNING) notices.push(runLog.pageWarning);
    this.warned = true;
    if (this.loadedAt === undefined || context.now - this.loadedAt > context.maxPriceAgeMs) {
      const stale = await this.loadPrices(context);
      if (stale > 0) notices.push(skippedStalePrices(stale, this.label));
    } else if (Math.abs(this.marketLevel.factor() - this.limitsFactor) >= LIMITS_FACTOR_STEP) {
      this.computeLimits();
    }
    if (this.limits.size === 0) {
      return { notices: [...notices, runLog.unableToFetchMarketData], skipCycle: true };
    }
    return { notices };
  }

  /**
   * The backlog sweep: this run's own, or its share of the fleet's (one sweep of the band's pages
   * for all the accounts, each adding its page budget to it).
   */
  private sweepOf(pages: number): SweepCursor {
    const { minPrice, maxPrice } = this.filter;
    const { fleet } = this;
    if (fleet === undefined) return new BacklogSweep(minPrice, maxPrice, pages);
    const sweep = fleet.shared(
      `backlog-sweep:${minPrice}-${maxPrice}`,
      () => new SharedBacklogSweep(minPrice, maxPrice, 0),
    );
    sweep.addPages(pages);
    const share = sweep.share();
    fleet.whenLeaving(() => share.release());
    return share;
  }

  /** Loads every rarity's table; returns how many prices were too old to use. */
  private async loadPrices(context: PrepareContext): Promise<number> {
    let stale = 0;
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
        this.quotes.set(definitionId, quote);
      }
    }
    this.computeLimits();
    this.loadedAt = this.limits.size > 0 ? context.now : undefined;
    return stale;
  }

  /** Each card's Buy Now limit: its price-site price moved to the market's level, under the rule. */
  private computeLimits(): void {
    this.limitsFactor = this.marketLevel.factor();
    this.limits = new Map();
    for (const [definitionId, quote] of this.quotes) {
      // Not capped at the max Buy Now: `pick` compares margins, and a margin is the buy's profit.
      const limit = limitUnderMarket(quote.price * this.limitsFactor, this.filter.minProfit);
      if (limit < this.filter.minPrice || limit <= 0) continue;
      this.limits.set(definitionId, limit);
    }
  }

  /** Chooses the step: the backlog sweep until it is done, then looks at the newest listings. */
  firstPage(): number {
    this.sweepPages = 0;
    if (this.sweep !== undefined && !this.sweep.done) {
      this.step = 'sweep';
      return this.sweep.current.page;
    }
    this.step = 'watch';
    this.newAtMark = 0;
    if (this.fleet === undefined) {
      this.sinceLastLookS =
        this.lastLookAt === undefined ? ONE_HOUR_S : (this.stepAt - this.lastLookAt) / 1000;
    } else {
      // The fleet decides which duration's newest listings this look reads (`LookMarks`).
      ({ mark: this.mark, sinceLastLookS: this.sinceLastLookS } = this.fleet
        .shared('look-marks', () => new LookMarks())
        .take(this.stepAt));
    }
    return this.watchOf(this.mark).page(this.pageSize, this.stepAt);
  }

  private watchOf(mark: number): FreshListingWatch {
    let watch = this.watches.get(mark);
    if (watch === undefined) {
      watch = new FreshListingWatch(mark, { inFleet: this.fleet !== undefined });
      this.watches.set(mark, watch);
    }
    return watch;
  }

  search(): MarketSearch {
    const search = searchOfCriteria(this.filter);
    if (this.step !== 'sweep' || this.sweep === undefined) return search;
    const { minBuyNow, maxBuyNow } = this.sweep.current;
    return { ...search, minBuyNow, maxBuyNow };
  }

  /**
   * The listing with the widest margin under its limit: a page can hold two buyable listings and
   * only one is bought before the next search, by when rivals have taken the other.
   */
  pick(auctions: readonly AuctionInfo[]): AuctionInfo | undefined {
    const { limits } = this;
    const { minPrice: floor, maxPrice: ceiling } = this.filter;
    let best: AuctionInfo | undefined;
    let bestMargin = -1;
    for (const auction of auctions) {
      const limit = limits.get(definitionIdOf(auction));
      if (
        limit !== undefined &&
        auction.buyNowPrice <= limit &&
        auction.buyNowPrice >= floor &&
        auction.buyNowPrice <= ceiling &&
        limit - auction.buyNowPrice > bestMargin &&
        isBuyable(auction)
      ) {
        best = auction;
        bestMargin = limit - auction.buyNowPrice;
      }
    }
    this.picked = best?.tradeId;
    return best;
  }

  /**
   * A look at the newest listings reads the page where they sit (walking there if they moved,
   * and one page back if new ones spilled onto it); a sweep step reads the backlog's next pages.
   * Both stay within the page-jump threshold.
   */
  nextPage(page: MarketPage, jumps: number): number | undefined {
    const canJump = jumps < this.pageLimit;
    this.learnFrom(page);
    if (this.step === 'sweep' && this.sweep !== undefined) {
      this.sweep.advance(page);
      this.sweepPages += 1;
      return !this.sweep.done && this.sweepPages < SWEEP_PAGES_PER_STEP && canJump
        ? this.sweep.current.page
        : undefined;
    }
    const watch = this.watchOf(this.mark);
    if (this.fleet !== undefined) this.newAtMark += this.countNew(page);
    const next = watch.observe(page, this.sinceLastLookS);
    if (next === undefined || !canJump) {
      watch.finishLook(this.stepAt);
      this.lastLookAt = this.stepAt;
      this.fleet
        ?.shared('look-marks', () => new LookMarks())
        .noteFound(this.mark, this.sinceLastLookS, this.newAtMark);
      return undefined;
    }
    return next;
  }

  /** Listings on the page shown since the last look at the current mark. */
  private countNew(page: MarketPage): number {
    const newest = this.mark - this.sinceLastLookS;
    return page.auctions.filter(({ expires }) => expires <= this.mark && expires > newest).length;
  }

  /** Off the hot path, after a page was picked from: the market's level and what was passed over. */
  private learnFrom(page: MarketPage): void {
    // Picked now after it was passed over on an earlier page: bought or lost, it is not recalled.
    if (this.picked !== undefined) this.passedOver.forget(this.picked);
    for (const auction of page.auctions) {
      // The fleet's own listings say nothing about the market, and are never a bargain for it.
      if (this.fleet?.isFleetListing(auction.tradeId) === true) continue;
      const definitionId = definitionIdOf(auction);
      const quote = this.quotes.get(definitionId);
      if (quote === undefined) continue;
      const { buyNowPrice } = auction;
      this.marketLevel.observe(buyNowPrice, quote.price);
      const inBand = buyNowPrice >= this.filter.minPrice && buyNowPrice <= this.filter.maxPrice;
      if (auction.tradeId !== this.picked && inBand && isBuyable(auction))
        this.passedOver.note(auction, definitionId, this.limits.get(definitionId), this.stepAt);
    }
    this.picked = undefined;
  }

  recalled(now: number): readonly AuctionInfo[] {
    return this.passedOver.take((definitionId) => this.limits.get(definitionId), now, RECALLS_PER_CYCLE);
  }

  valuation(auction: AuctionInfo): Valuation {
    const quote = this.quotes.get(definitionIdOf(auction));
    return {
      playerName: quote?.playerName ?? unnamedPlayer(definitionIdOf(auction)),
      marketPrice: quote?.price ?? 0,
    };
  }
}
