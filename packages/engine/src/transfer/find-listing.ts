import {
  MIN_PRICE,
  nextPrice,
  previousPrice,
  qualityIds,
  randomIntInclusive,
  rarityIds,
  stepPrice,
  type Quality,
  type Rarity,
  type Rng,
} from '@tradedesk/domain';
import type { AuctionInfo, MarketSearch } from '@tradedesk/game-client';
import { verdictOn } from '../game-call-policy.js';
import type { Clock, GamePort } from '../ports.js';

/** One listing the flow means to buy, and the terms that narrow the search to it. */
export interface ListingTarget {
  readonly tradeId: number;
  readonly definitionId: number;
  readonly rarity: Rarity;
  readonly quality: Quality;
  readonly startingBid: number;
  readonly buyNowPrice: number;
}

export interface FindListingOptions {
  readonly game: GamePort;
  readonly clock: Clock;
  readonly rng: Rng;
  /** Pause between two searches, ms. */
  readonly delay: { readonly min: number; readonly max: number };
  readonly maxSearches: number;
  readonly signal: AbortSignal;
}

/** How far below the target's Buy Now the cache-busting minimum reaches, in ladder steps. */
const BUSTING_STEPS = 9;
/** Pages one search attempt may read when the first is full of older look-alikes. */
export const MAX_PAGES_PER_SEARCH = 5;

/**
 * The narrowest search that still shows the target: its card version, rarity and quality, Buy
 * Now at most its price and a bid of exactly its starting bid (the seller's fingerprint). The min
 * Buy Now varies from search to search (cache-busting: the game may answer an identical query
 * from a cache) and never repeats in a row.
 */
export class TargetSearch {
  private previous = 0;

  constructor(
    private readonly target: ListingTarget,
    private readonly rng: Rng,
  ) {}

  next(): MarketSearch {
    const { target } = this;
    let minBuyNow = this.below(target.buyNowPrice);
    // A repeat moves to a neighbouring rung instead of drawing again: no loop that a
    // generator repeating itself could keep going.
    if (minBuyNow === this.previous) minBuyNow = this.neighbourWithinRange(minBuyNow);
    this.previous = minBuyNow;
    return {
      definitionId: target.definitionId,
      ...qualityCriteria(target.quality),
      ...(target.rarity === 'any' ? {} : { rarityIds: [rarityIds[target.rarity]] }),
      minBuyNow,
      maxBuyNow: target.buyNowPrice,
      minBid: target.startingBid,
      maxBid: target.startingBid,
    };
  }

  private below(price: number): number {
    const steps = randomIntInclusive({ min: 0, max: BUSTING_STEPS }, this.rng);
    return Math.max(MIN_PRICE, stepPrice(price, -steps));
  }

  /** The rung below `price` within the busting range, else the one above (itself when alone). */
  private neighbourWithinRange(price: number): number {
    const lowest = Math.max(MIN_PRICE, stepPrice(this.target.buyNowPrice, -BUSTING_STEPS));
    if (price > lowest) return previousPrice(price);
    const above = nextPrice(price);
    return above <= this.target.buyNowPrice ? above : price;
  }
}

function qualityCriteria(quality: Quality): Pick<MarketSearch, 'level' | 'special'> {
  if (quality === 'special') return { special: true };
  if (quality === 'any' || qualityIds[quality] < 0) return {};
  return { level: quality };
}

/** What a search for one listing came to. */
export interface FoundListing {
  /** The listing with exactly the target's trade id, or undefined. */
  readonly listing: AuctionInfo | undefined;
  readonly searches: number;
}

/**
 * Searches until the listing with the target's trade id shows, at most `maxSearches` attempts with
 * the configured pause between. Results come soonest-expiry first, so a page full of older
 * look-alikes sends the same attempt on to the next page (up to MAX_PAGES_PER_SEARCH), where the
 * newer listings are. Only that trade id counts: a stranger's listing of the same card at the same
 * terms is never returned. A temporary game error costs an attempt; any other error is the caller's.
 */
export async function findListing(target: ListingTarget, options: FindListingOptions): Promise<FoundListing> {
  const criteria = new TargetSearch(target, options.rng);
  let searches = 0;
  let attempts = 0;
  let reauthenticated = false;
  while (attempts < options.maxSearches && !options.signal.aborted) {
    if (attempts > 0)
      await options.clock.sleep(randomIntInclusive(options.delay, options.rng), options.signal);
    if (options.signal.aborted) break;
    attempts += 1;
    try {
      const search = criteria.next();
      for (let page = 0; page < MAX_PAGES_PER_SEARCH; page += 1) {
        searches += 1;
        const answer = await options.game.search({ ...search, page });
        const listing = answer.auctions.find((auction) => auction.tradeId === target.tradeId);
        if (listing !== undefined) return { listing, searches };
        if (!answer.hasNextPage) break;
      }
    } catch (error) {
      const { reauthenticate } = options.game;
      const verdict = verdictOn(error, reauthenticate !== undefined && !reauthenticated);
      if (verdict.do === 'reauthenticate' && reauthenticate) {
        reauthenticated = true;
        await reauthenticate.call(options.game);
        continue;
      }
      if (verdict.do !== 'wait-and-retry') throw error;
    }
  }
  return { listing: undefined, searches };
}
