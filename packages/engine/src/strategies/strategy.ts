import type { FollowUp, MinProfit, Platform, Rng } from '@tradedesk/domain';
import type { AuctionInfo, MarketPage, MarketSearch } from '@tradedesk/game-client';
import type { PricePort } from '../ports.js';

/** What a strategy may use while it prepares a search cycle (never on the hot path). */
export interface PrepareContext {
  readonly platform: Platform;
  readonly prices: PricePort;
  readonly now: number;
  readonly maxPriceAgeMs: number;
  /** Page-jump threshold of the time configuration (0 = the 10-page default). */
  readonly maxPageJumps: number;
  /** Results per page the session asks for. */
  readonly pageSize: number;
  /** The run's request budget (the requests threshold); 0 = none. */
  readonly requestBudget: number;
}

/** Outcome of preparing a cycle: notices to show, and whether searching makes sense. */
export interface Preparation {
  readonly notices: readonly string[];
  /** Set when the cycle cannot run (no usable price, unknown player): the run ends with it. */
  readonly problem?: string;
  /** Set when this cycle should not search (e.g. the price is stale); the next one tries again. */
  readonly skipCycle?: boolean;
}

/** The card a buy was for: its name and the price used to value it. */
export interface Valuation {
  readonly playerName: string;
  /** Price-database price (or the follow-up's listing price) the buy was judged against; 0 if none. */
  readonly marketPrice: number;
}

/**
 * One way of sniping (normal, 59th minute, fodder, the benchmark's classic loop). The session
 * calls `prepare` before a cycle, then for each page `search` → game → `pick` → buy; `pick`
 * sits on the hot path between the search answer and the Buy Now, so it only compares numbers.
 */
export interface Strategy {
  readonly label: string;
  /** Name used in run-log messages ('Too many results for …'). */
  readonly subject: string;
  /** The filter's max Buy Now: the coin check's floor. */
  readonly maxBuyNow: number;
  readonly minProfit: MinProfit;
  readonly followUp: FollowUp;
  /** Whether cache-busting applies (the classic baseline turns it off). */
  readonly bustsCache: boolean;
  prepare(context: PrepareContext): Promise<Preparation>;
  /** Page to start the next cycle on. */
  firstPage(): number;
  /** The filter's search; the session adds the page, the page size and cache-busting. */
  search(): MarketSearch;
  /** Hot path: the listing to buy now, if any. */
  pick(auctions: readonly AuctionInfo[]): AuctionInfo | undefined;
  /** After a page: the next page of this cycle, or undefined to end the cycle. */
  nextPage(page: MarketPage, jumps: number): number | undefined;
  /**
   * Listings seen on earlier pages that are worth buying now (passed over before, or under a limit
   * that rose since): the session buys them by trade id at the end of a cycle, after its search.
   */
  recalled?(now: number): readonly AuctionInfo[];
  /** After a buy: name and value of the card (for reports and the follow-up). */
  valuation(auction: AuctionInfo): Valuation;
  /** Overrides the configured wait between search cycles (the classic baseline's fixed wait). */
  cycleWaitMs?(rng: Rng): number;
}

/** A listing someone else placed, with a Buy Now price. */
export function isBuyable(auction: AuctionInfo): boolean {
  return auction.buyNowPrice > 0 && auction.tradeOwner !== true;
}
