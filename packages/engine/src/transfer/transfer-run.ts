import {
  amountAfterTax,
  firstIssueMessage,
  MIN_PRICE,
  nextPrice,
  randomIntInclusive,
  SNIPE_ATTEMPTS_PER_TRANSFER,
  stepPrice,
  transferConfigSchema,
  transferFilterSchema,
  type TransferConfig,
  type TransferFilter,
} from '@tradedesk/domain';
import type { RunStopCause, TransferEvent } from '@tradedesk/domain/realtime';
import { isGameError } from '@tradedesk/game-client';
import { buyBackRefusal } from './buy-back.js';
import { buyListing } from './buy-listing.js';
import { findListing, type ListingTarget } from './find-listing.js';
import { stoppedReason, transferMessages } from './messages.js';
import type { GamePort } from '../ports.js';
import type { TransferRunOptions, TransferSide } from './ports.js';
import { syncAccounts, syncRefusal, type AccountRead } from './sync.js';

/** A new listing shows in search results only after a few seconds; the buyer waits this long first. */
export const LISTING_SETTLE_MS = 3_000;
/** Ladder steps below the Buy Now the seller's starting bid may sit (its fingerprint). */
const FINGERPRINT_STEPS = { min: 1, max: 12 };

/** Bad transfer input: nothing was sent to the game. */
export class TransferSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransferSetupError';
  }
}

/** How a run ended. */
export interface TransferSummary {
  readonly outcome: 'success' | 'failed';
  readonly reason: string | undefined;
  readonly price: number;
  readonly startedAt: number;
  readonly endedAt: number;
  /** The buyer's searches for the seller's listing. */
  readonly searches: number;
  /** Game requests of both accounts during the run. */
  readonly requests: number;
}

type EventBody = TransferEvent extends infer E ? (E extends TransferEvent ? Omit<E, 'at'> : never) : never;

/** A failure before any coins moved: the run ends with transfer-failed. */
class TransferFailure extends Error {}

/**
 * One coin transfer: sync both accounts → latency guard → the seller lists the card → the buyer
 * finds that exact listing (by trade id) and buys it → result → auto-list or auto buy-back.
 * Every step is an event; exactly one outcome (transfer-success or transfer-failed) per run. All
 * time and randomness come from the injected clock and rng, so a seed replays a run exactly.
 */
export class TransferRun {
  private readonly options: TransferRunOptions;
  private readonly filter: TransferFilter;
  private readonly configuration: TransferConfig;
  private readonly abort = new AbortController();
  private running: Promise<TransferSummary> | undefined;
  private searches = 0;

  constructor(options: TransferRunOptions) {
    const filter = transferFilterSchema.safeParse(options.filter);
    if (!filter.success) throw new TransferSetupError(firstIssueMessage(filter.error));
    const configuration = transferConfigSchema.safeParse(options.configuration);
    if (!configuration.success) throw new TransferSetupError(firstIssueMessage(configuration.error));
    if (options.buyer.accountId === options.seller.accountId)
      throw new TransferSetupError('Buyer and seller cannot be the same account');
    this.options = options;
    this.filter = filter.data;
    this.configuration = configuration.data;
  }

  /** Runs the transfer; calling it again returns the same run. */
  run(): Promise<TransferSummary> {
    this.running ??= this.execute();
    return this.running;
  }

  /**
   * Ends the run after the call in flight; the outcome event still follows and says why it stopped
   * (the first stop's cause: a later one changes nothing).
   */
  stop(cause: RunStopCause = 'user'): Promise<TransferSummary> {
    if (!this.stopped) this.abort.abort(cause);
    return this.run();
  }

  private get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  private now(): number {
    return this.options.clock.now();
  }

  private sleep(ms: number): Promise<void> {
    return this.options.clock.sleep(ms, this.abort.signal);
  }

  private emit(body: EventBody): Promise<void> {
    return this.options.events.emit({ ...body, at: this.now() } as TransferEvent);
  }

  private requestCount(): number {
    const { buyer, seller } = this.options;
    return buyer.game.requestCounters().requests + seller.game.requestCounters().requests;
  }

  private async execute(): Promise<TransferSummary> {
    const startedAt = this.now();
    const requestsBefore = this.requestCount();
    const price = this.filter.player.value;
    const summary = (outcome: 'success' | 'failed', reason?: string): TransferSummary => ({
      outcome,
      reason,
      price,
      startedAt,
      endedAt: this.now(),
      searches: this.searches,
      requests: this.requestCount() - requestsBefore,
    });
    let bought: { itemId: number; sellerCoins: number };
    try {
      bought = await this.transfer();
    } catch (error) {
      const reason = failureReason(error);
      await this.emit({ type: 'transfer-failed', filter: this.filter, reason });
      return summary('failed', reason);
    }
    const received = amountAfterTax(price);
    await this.emit({
      type: 'transfer-success',
      filter: this.filter,
      price,
      buyerPaid: price,
      sellerReceived: received,
      tax: price - received,
    });
    await this.followUp(bought.itemId, bought.sellerCoins + received);
    return summary('success');
  }

  /** Sync, guard, list and buy; throws a TransferFailure (or a game error) when nothing was bought. */
  private async transfer(): Promise<{ itemId: number; sellerCoins: number }> {
    const { buyer, seller } = this.options;
    const [buyerRead, sellerRead] = await this.sync();
    const refusal = syncRefusal(buyerRead, sellerRead, this.filter);
    if (refusal !== null) throw new TransferFailure(refusal);
    if (this.stopped) throw new TransferFailure(stoppedReason(this.abort.signal, false));
    await this.guardLatency(seller);

    const listing = await this.list(sellerRead);
    const target: ListingTarget = {
      tradeId: listing.tradeId,
      definitionId: this.filter.player.id,
      rarity: this.filter.player.rarity,
      quality: this.filter.player.quality,
      startingBid: listing.startingBid,
      buyNowPrice: this.filter.player.value,
    };
    const outcome = await this.buy(buyer.game, target);
    if (!outcome.bought) {
      await this.emit({ type: 'purchase-skipped', reason: outcome.reason, searches: this.searches });
      throw new TransferFailure(transferMessages.notBought(outcome.reason));
    }
    await this.emit({
      type: 'purchase-success',
      tradeId: listing.tradeId,
      price: target.buyNowPrice,
      searches: this.searches,
      attempts: outcome.attempts,
    });
    // The sold entry would hold a transfer-list slot; its coins are credited already.
    await seller.game.clearSold().catch(() => undefined);
    return { itemId: outcome.itemId, sellerCoins: sellerRead.snapshot.coins };
  }

  private async sync(): Promise<[AccountRead, AccountRead]> {
    const { buyer, seller, screenshot } = this.options;
    const read = await syncAccounts({
      buyer,
      seller,
      filter: this.filter,
      screenshots: this.configuration.screenshot,
      ...(screenshot === undefined ? {} : { screenshot }),
    });
    await this.emit({ type: 'sync-result', buyer: read.buyer.snapshot, seller: read.seller.snapshot });
    return [read.buyer, read.seller];
  }

  private async guardLatency(seller: TransferSide): Promise<void> {
    const safe = this.configuration.safeLatency;
    if (safe <= 0) return;
    const latencyMs = await measureLatency(seller.game, () => this.now());
    const isAboveSafe = latencyMs > safe;
    await this.emit({ type: 'latency-result', accountId: seller.accountId, latencyMs, isAboveSafe });
    if (isAboveSafe) throw new TransferFailure(transferMessages.latencyAboveSafe(latencyMs, safe));
  }

  /** The seller's listing: resumed when a live one at the price exists, else listed now. */
  private async list(sellerRead: AccountRead): Promise<{ tradeId: number; startingBid: number }> {
    const { player } = this.filter;
    const card = sellerRead.snapshot.card;
    if (card === null) throw new TransferFailure(transferMessages.sellerLacksCard(player.name));
    if (player.value < nextPrice(MIN_PRICE)) throw new TransferFailure(transferMessages.priceTooLow);
    await this.emit({ type: 'list-player', price: player.value, duration: player.duration });
    const live = sellerRead.tradepile.find(
      (entry) => entry.itemData.id === card.itemId && entry.tradeState === 'active',
    );
    let listing: { tradeId: number; startingBid: number };
    if (live) listing = { tradeId: live.tradeId, startingBid: live.startingBid };
    else {
      const { game } = this.options.seller;
      // A fingerprint: an unusual starting bid that strangers' copies rarely share.
      const steps = randomIntInclusive(FINGERPRINT_STEPS, this.options.rng);
      const startingBid = Math.max(MIN_PRICE, stepPrice(player.value, -steps));
      try {
        if (card.pile === 'club') await game.moveItem({ itemId: card.itemId, pile: 'trade' });
        const tradeId = await game.list({
          itemId: card.itemId,
          startingBid,
          buyNowPrice: player.value,
          duration: player.duration,
        });
        listing = { tradeId, startingBid };
      } catch (error) {
        if (!isGameError(error)) throw error;
        throw new TransferFailure(transferMessages.listingRefused(error.message));
      }
    }
    await this.emit({
      type: 'list-success',
      tradeId: listing.tradeId,
      price: player.value,
      duration: player.duration,
    });
    return listing;
  }

  /** Waits for the listing to show, finds it by trade id and buys it. */
  private async buy(game: GamePort, target: ListingTarget) {
    await this.sleep(this.options.listingSettleMs ?? LISTING_SETTLE_MS);
    if (this.stopped)
      return { bought: false as const, reason: stoppedReason(this.abort.signal, true), attempts: 0 };
    const maxSearches = SNIPE_ATTEMPTS_PER_TRANSFER * (1 + this.configuration.retries);
    const found = await findListing(target, { ...this.pacing(), game, maxSearches });
    this.searches += found.searches;
    if (found.listing === undefined) {
      const reason = this.stopped
        ? stoppedReason(this.abort.signal, true)
        : transferMessages.listingNotFound(found.searches);
      return { bought: false as const, reason, attempts: 0 };
    }
    return buyListing(game, found.listing, this.pacing());
  }

  private pacing() {
    const { clock, rng } = this.options;
    return { clock, rng, delay: this.configuration.delay, signal: this.abort.signal };
  }

  /** Auto-list or auto buy-back (mutually exclusive); neither changes the outcome already sent. */
  private async followUp(itemId: number, sellerCoins: number): Promise<void> {
    const { player } = this.filter;
    if (player.enableAutoList) await this.autoList(itemId);
    else if (player.enableAutoBuyBack) await this.buyBack(itemId, sellerCoins);
  }

  private async autoList(itemId: number): Promise<void> {
    const { player } = this.filter;
    await this.sleep(player.delay);
    if (this.stopped) return this.emit({ type: 'auto-list-skipped', reason: transferMessages.stopped });
    await this.emit({ type: 'auto-list-start', bidPrice: player.bidPrice, buyNowPrice: player.buyNowPrice });
    try {
      const tradeId = await this.options.buyer.game.list({
        itemId,
        startingBid: player.bidPrice,
        buyNowPrice: player.buyNowPrice,
        duration: player.duration,
      });
      await this.emit({
        type: 'auto-list-success',
        tradeId,
        price: player.buyNowPrice,
        bidPrice: player.bidPrice,
        duration: player.duration,
      });
    } catch (error) {
      await this.emit({ type: 'auto-list-skipped', reason: failureReason(error) });
    }
  }

  private async buyBack(itemId: number, sellerCoins: number): Promise<void> {
    const { player } = this.filter;
    const terms = {
      isProtected: this.configuration.isBuyBackProtectionEnabled,
      transferPrice: player.value,
      buyNowPrice: player.buyNowPrice,
      sellerCoins,
    };
    const skip = (reason: string) => this.emit({ type: 'buy-back-skipped', reason });
    const before = buyBackRefusal(terms);
    if (before !== null) return skip(before);
    await this.sleep(player.delay);
    if (this.stopped) return skip(transferMessages.stopped);
    await this.emit({ type: 'buy-back-start', bidPrice: player.bidPrice, buyNowPrice: player.buyNowPrice });
    try {
      const tradeId = await this.options.buyer.game.list({
        itemId,
        startingBid: player.bidPrice,
        buyNowPrice: player.buyNowPrice,
        duration: player.buyBackDuration,
      });
      await this.sleep(this.options.listingSettleMs ?? LISTING_SETTLE_MS);
      if (this.stopped) return skip(transferMessages.stopped);
      const target: ListingTarget = {
        tradeId,
        definitionId: player.id,
        rarity: player.rarity,
        quality: player.quality,
        startingBid: player.bidPrice,
        buyNowPrice: player.buyNowPrice,
      };
      const { game } = this.options.seller;
      const maxSearches = SNIPE_ATTEMPTS_PER_TRANSFER * (1 + this.configuration.retries);
      const found = await findListing(target, { ...this.pacing(), game, maxSearches });
      if (found.listing === undefined) return skip(transferMessages.buyBackNotFound(found.searches));
      const refusal = buyBackRefusal({ ...terms, listing: found.listing });
      if (refusal !== null) return skip(refusal);
      const outcome = await buyListing(game, found.listing, this.pacing());
      if (!outcome.bought) return skip(outcome.reason);
      await this.emit({
        type: 'buy-back-success',
        tradeId,
        price: player.buyNowPrice,
        duration: player.buyBackDuration,
      });
    } catch (error) {
      await skip(failureReason(error));
    }
  }
}

/** The round trip of one light call (the coin balance), ms on the run's clock. */
export async function measureLatency(game: GamePort, now: () => number): Promise<number> {
  const started = now();
  await game.credits();
  return Math.max(0, Math.round(now() - started));
}

function failureReason(error: unknown): string {
  if (error instanceof TransferFailure) return error.message;
  if (isGameError(error)) return transferMessages.gameError(error.message);
  return error instanceof Error && error.message !== '' ? error.message : 'Unexpected error';
}
