/**
 * The engine's ports: everything it needs from the outside world. The agent plugs the real
 * game-client session, price service and socket in; tests plug the scripted market in.
 */
import type { Platform, PriceProvider, Rarity } from '@tradedesk/domain';
import type {
  AuctionInfo,
  BidResult,
  Credits,
  ItemData,
  ItemMove,
  Listing,
  MarketPage,
  MarketSearch,
  RequestStats,
  TransferPile,
} from '@tradedesk/game-client';
import type { EngineEvent } from './events.js';

export type { Clock } from './time/clock.js';
export type { Rng } from '@tradedesk/domain';

/**
 * The engine's one game port: every game call a run makes (GAME-PROTOCOL §2.2–2.5, the club and
 * the SBC calls), whatever its kind — a snipe session, a transfer side, the SBC solver bot. One
 * adapter fills it from a game-client session (`gamePortFromClient`) and one policy judges its
 * failures (`verdictOn`, game-call-policy.ts). Failures are game-client's typed errors
 * (`GameError` with a `kind`); the engine never looks at wire codes itself.
 */
export interface GamePort {
  /** GET `transfermarket` with §2.2 parameters; `page` is 0-based. */
  search(search: MarketSearch): Promise<MarketPage>;
  /** PUT `trade/{tradeId}/bid`; an amount equal to the Buy Now price buys at once. */
  bid(tradeId: number, amount: number): Promise<BidResult>;
  tradeStatus(tradeIds: number[]): Promise<{ auctions: AuctionInfo[]; credits: number | undefined }>;
  transferList(): Promise<TransferPile>;
  unassigned(): Promise<{ items: ItemData[]; duplicates: { itemId: number; duplicateItemId: number }[] }>;
  /** Throws DuplicateItemError / PileFullError when the game refuses the move. */
  moveItem(move: ItemMove): Promise<void>;
  /** Lists an item; returns the new trade id. */
  list(listing: Listing): Promise<number>;
  relistAll(): Promise<number[]>;
  clearSold(): Promise<void>;
  quickSell(itemId: number): Promise<{ totalCredits: number | undefined }>;
  credits(): Promise<Credits>;
  /** The account's club copies of one card version (a transfer's seller card, an SBC squad's). */
  clubItems(definitionId: number): Promise<ItemData[]>;
  /** Starts (or reopens) an SBC challenge. */
  startChallenge(challengeId: number): Promise<void>;
  /** Saves an SBC squad: `itemIds[slot]` (0 = empty). */
  saveSquad(challengeId: number, itemIds: readonly number[]): Promise<void>;
  /** Submits the saved squad; the game refuses it with the requirements it finds unmet. */
  submit(challengeId: number): Promise<void>;
  /** Requests and searches sent so far (game-client's transport counters). */
  requestCounters(): RequestStats;
  /**
   * Obtains a fresh session after a SessionExpiredError (the agent signs in again). Optional:
   * without it an expired session is fatal at once.
   */
  reauthenticate?(): Promise<void>;
}

/** A price-database price and where it came from. */
export interface PriceQuote {
  readonly price: number;
  readonly source: PriceProvider;
  /** When the price site observed it (epoch ms): the engine judges staleness with its own `now`. */
  readonly observedAt: number;
  /** The card's name, when the price database knows it (reports and run-log messages). */
  readonly playerName?: string;
}

/** Prices of one platform's cards, keyed by definition id. */
export type PriceTable = ReadonlyMap<number, PriceQuote>;

/** The price database (price sites via the server's price service). */
export interface PricePort {
  /** The price of one card version; undefined when the database does not know it. */
  playerPrice(query: {
    definitionId: number;
    rarity: Rarity;
    platform: Platform;
  }): Promise<PriceQuote | undefined>;
  /** Every price of one rarity, read from at most `maxPages` pages of the price database. */
  rarityPrices(query: {
    rarity: Exclude<Rarity, 'any'>;
    platform: Platform;
    maxPages: number;
  }): Promise<PriceTable>;
  /** The going price of fodder of one rating (gold or special). */
  fodderPrice(query: {
    rating: number;
    quality: 'gold' | 'special';
    platform: Platform;
  }): Promise<PriceQuote | undefined>;
}

/** Where the engine's events go. `emit` resolves once the event is taken (e.g. a purchase is stored). */
export interface EventSink {
  emit(event: EngineEvent): Promise<void>;
}
