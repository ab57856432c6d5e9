import { randomIntInclusive, SNIPE_ATTEMPTS_PER_TRANSFER, type Rng } from '@tradedesk/domain';
import { isGameError, type AuctionInfo } from '@tradedesk/game-client';
import { verdictOn } from '../game-call-policy.js';
import type { Clock, GamePort } from '../ports.js';
import { stoppedReason, transferMessages } from './messages.js';

export type BuyOutcome =
  | { readonly bought: true; readonly itemId: number; readonly attempts: number }
  | { readonly bought: false; readonly reason: string; readonly attempts: number };

export interface BuyListingOptions {
  readonly clock: Clock;
  readonly rng: Rng;
  readonly delay: { readonly min: number; readonly max: number };
  readonly signal: AbortSignal;
  /** Buy Now attempts on this listing (default: the 3 snipe attempts of a transfer). */
  readonly attempts?: number;
}

/** Whether the item is in the account's unassigned pile: a Buy Now whose answer was lost went through. */
async function owns(game: GamePort, itemId: number): Promise<boolean> {
  try {
    return (await game.unassigned()).items.some((item) => item.id === itemId);
  } catch {
    return false;
  }
}

/**
 * Buys exactly this listing at its Buy Now. A refused or unanswered Buy Now is checked against
 * the buyer's unassigned pile before anything is concluded (the answer may be lost while the
 * coins moved); a temporary error is tried again after the search delay, up to `attempts`.
 */
export async function buyListing(
  game: GamePort,
  listing: AuctionInfo,
  options: BuyListingOptions,
): Promise<BuyOutcome> {
  const limit = options.attempts ?? SNIPE_ATTEMPTS_PER_TRANSFER;
  let reauthenticated = false;
  let reason: string = transferMessages.listingTaken;
  for (let attempt = 1; attempt <= limit; attempt += 1) {
    try {
      const result = await game.bid(listing.tradeId, listing.buyNowPrice);
      const bought = result.auctions.find((entry) => entry.tradeId === listing.tradeId);
      return { bought: true, itemId: bought?.itemData.id ?? listing.itemData.id, attempts: attempt };
    } catch (error) {
      if (!isGameError(error)) throw error;
      if (error.kind === 'not-enough-coins')
        return { bought: false, reason: error.message, attempts: attempt };
      const ambiguous =
        error.kind === 'outbid-or-not-allowed' ||
        error.kind === 'no-such-trade' ||
        error.category === 'temporary';
      if (ambiguous && (await owns(game, listing.itemData.id)))
        return { bought: true, itemId: listing.itemData.id, attempts: attempt };
      if (error.kind === 'outbid-or-not-allowed' || error.kind === 'no-such-trade')
        return { bought: false, reason: transferMessages.listingTaken, attempts: attempt };
      // The rest is the engine's one policy: sign in again once, a temporary failure is tried again.
      const { reauthenticate } = game;
      const verdict = verdictOn(error, reauthenticate !== undefined && !reauthenticated);
      if (verdict.do === 'reauthenticate' && reauthenticate) {
        reauthenticated = true;
        await reauthenticate.call(game);
        continue;
      }
      if (verdict.do !== 'wait-and-retry') return { bought: false, reason: error.message, attempts: attempt };
      reason = error.message;
      if (attempt < limit)
        await options.clock.sleep(randomIntInclusive(options.delay, options.rng), options.signal);
      if (options.signal.aborted)
        return { bought: false, reason: stoppedReason(options.signal, true), attempts: attempt };
    }
  }
  return { bought: false, reason, attempts: limit };
}
