import {
  MIN_PRICE,
  qualityIds,
  randomIntInclusive,
  rarityIds,
  stepPrice,
  type Quality,
  type Rarity,
  type Rng,
} from '@tradedesk/domain';
import { isGameError, type AuctionInfo, type MarketSearch } from '@tradedesk/game-client';
import type { Clock } from '../ports.js';
import type { TransferGame } from './ports.js';

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
  readonly game: TransferGame;
  readonly clock: Clock;
  readonly rng: Rng;
  /** Pause between two searches, ms. */
  readonly delay: { readonly min: number; readonly max: number };
  readonly maxSearches: number;
  readonly signal: AbortSignal;
}

/** How far below the target's prices the cache-busting minimums reach, in ladder steps. */
const BUSTING_STEPS = 9;

/**
 * The narrowest search that still shows the target: its card version, rarity and quality, Buy
 * Now at most its price and bid at most its starting bid. The minimums vary from search to search
 * (cache-busting: the game may answer an identical query from a cache) and never repeat in a row.
 */
export class TargetSearch {
  private previous = '';

  constructor(
    private readonly target: ListingTarget,
    private readonly rng: Rng,
  ) {}

  next(): MarketSearch {
    const { target } = this;
    for (;;) {
      const minBuyNow = this.below(target.buyNowPrice);
      const minBid = this.below(target.startingBid);
      const key = `${minBuyNow}/${minBid}`;
      if (key === this.previous && target.buyNowPrice > MIN_PRICE) continue;
      this.previous = key;
      return {
        definitionId: target.definitionId,
        ...qualityCriteria(target.quality),
        ...(target.rarity === 'any' ? {} : { rarityIds: [rarityIds[target.rarity]] }),
        minBuyNow,
        maxBuyNow: target.buyNowPrice,
        minBid,
        maxBid: target.startingBid,
      };
    }
  }

  private below(price: number): number {
    const steps = randomIntInclusive({ min: 0, max: BUSTING_STEPS }, this.rng);
    return Math.max(MIN_PRICE, stepPrice(price, -steps));
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
 * Searches until the listing with the target's trade id shows, at most `maxSearches` times with
 * the configured pause between. Only that trade id counts: a stranger's listing of the same card
 * at the same terms is never returned. A temporary game error costs a search and the next waits;
 * any other error is the caller's.
 */
export async function findListing(target: ListingTarget, options: FindListingOptions): Promise<FoundListing> {
  const criteria = new TargetSearch(target, options.rng);
  let searches = 0;
  let reauthenticated = false;
  while (searches < options.maxSearches && !options.signal.aborted) {
    if (searches > 0)
      await options.clock.sleep(randomIntInclusive(options.delay, options.rng), options.signal);
    if (options.signal.aborted) break;
    searches += 1;
    try {
      const page = await options.game.search(criteria.next());
      const listing = page.auctions.find((auction) => auction.tradeId === target.tradeId);
      if (listing !== undefined) return { listing, searches };
    } catch (error) {
      if (isGameError(error, 'session-expired') && options.game.reauthenticate && !reauthenticated) {
        reauthenticated = true;
        await options.game.reauthenticate();
        continue;
      }
      if (!isGameError(error) || error.category !== 'temporary') throw error;
    }
  }
  return { listing: undefined, searches };
}
