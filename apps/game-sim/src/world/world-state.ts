import type { WorldOptions } from '../core/config.js';
import type { Rng } from '../core/rng.js';
import type { CardDef, Platform } from './cards.js';
import type { EventQueue } from './event-queue.js';
import type { Ledger } from './ledger.js';
import type { MarketIndex } from './market-index.js';
import type { Account, Item, ItemPlace, Trade } from './types.js';
import type { MarketValues } from './values.js';

/** Terms of a new listing; the item must already be out of its pile. */
export interface ListingTerms {
  item: Item;
  platform: Platform;
  /** Account id, or 0 for a simulated seller. */
  sellerId: number;
  startingBid: number;
  buyNowPrice: number;
  /** Seconds. */
  duration: number;
  listedAt: number;
}

export interface IdCounters {
  item: number;
  trade: number;
  account: number;
}

/**
 * What the world's own workers (arrivals and rival buyers, settlement, snapshots) work on. `World`
 * implements it and calls them, so they depend on this shape rather than on the class.
 */
export interface WorldState {
  readonly options: WorldOptions;
  readonly rng: Rng;
  readonly cards: readonly CardDef[];
  readonly values: MarketValues;
  readonly index: MarketIndex;
  readonly ledger: Ledger;
  readonly events: EventQueue;
  readonly accounts: Map<number, Account>;
  readonly accountsByEmail: Map<string, Account>;
  readonly items: Map<number, Item>;
  readonly trades: Map<number, Trade>;
  readonly epoch: number;
  now(): number;
  idCounters(): IdCounters;
  restoreIdCounters(counters: IdCounters): void;
  newItem(cardIndex: number, ownerId: number, place: ItemPlace, untradeable?: boolean): Item;
  openListing(terms: ListingTerms): Trade;
  openTrade(trade: Trade): void;
}
