import { formatCoins, previousPrice, stepPrice } from '@tradedesk/domain';
import {
  maxSbcBuyNow,
  stopCauseOf,
  type RunStopCause,
  type SbcCommandChallenge,
  type SbcCommandPlayer,
  type SbcEvent,
} from '@tradedesk/domain/realtime';
import { definitionIdOf, isGameError } from '@tradedesk/game-client';
import { verdictOn } from '../game-call-policy.js';
import type { Clock, GamePort } from '../ports.js';
import type { SbcEventSink } from './ports.js';

/** The solver modal's settings as a run uses them. */
export interface SbcRunSettings {
  /** Milliseconds between two market searches. */
  readonly searchSpeed: number;
  /** Searches per card before the run gives up on it. */
  readonly maxPurchaseAttempts: number;
  /** List the cards bought but not submitted when the run ends. */
  readonly enableAutoList: boolean;
  /** Ladder steps above the solution price for those listings. */
  readonly numOfSteps: number;
  /** How many times every challenge is solved. */
  readonly numOfRepititions: number;
}

export interface SbcRunOptions {
  readonly game: GamePort;
  readonly challenges: readonly SbcCommandChallenge[];
  readonly settings: SbcRunSettings;
  readonly clock: Clock;
  readonly events: SbcEventSink;
  /**
   * Least time between two game calls of the run (default MIN_CALL_INTERVAL_MS): the game answers
   * 429 past 40 calls a minute and soft-bans after three 429s, so a run stays well under it.
   */
  readonly minCallIntervalMs?: number;
}

/** 30 game calls a minute at most: under the game's 40 (GAME-PROTOCOL §3). */
export const MIN_CALL_INTERVAL_MS = 2_000;
/** After a 429 the rolling minute must pass before the next call. */
const THROTTLE_WAIT_MS = 60_000;
/** Tries of one game call that failed for a temporary reason (throttled, server error). */
const CALL_TRIES = 3;

/** A run that cannot go on; its message is the run's `error` description. */
class SbcRunFailure extends Error {}
class SbcRunStopped extends Error {}

/** A card bought by this run and still in the club (not yet submitted). */
interface BoughtCard {
  readonly itemId: number;
  readonly player: SbcCommandPlayer;
}

const LISTING_SECONDS = 3600;

/**
 * The SBC solver bot: for every repetition and challenge it takes the solution's cards from the
 * club (cards the account owns first), buys each missing one at Buy Now no higher than the
 * solution price plus SBC_PRICE_TOLERANCE_PERCENT, moves it to the club, saves the squad and
 * submits. A stop ends the run between two game calls: every bought card is already in the club,
 * so the piles stay consistent. Exactly one terminal event (`finish`, `stopped`, `error`) ends it.
 */
export class SbcRun {
  private readonly abort = new AbortController();
  private costs = 0;
  private solved = 0;
  private readonly bought: BoughtCard[] = [];
  private finished: Promise<void> | undefined;
  private lastCallAt = Number.NEGATIVE_INFINITY;
  private lastSearchAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: SbcRunOptions) {}

  /** Runs to the end; resolves after the terminal event was taken. */
  run(): Promise<void> {
    this.finished ??= this.execute();
    return this.finished;
  }

  /**
   * Asks the run to stop after the call in flight; resolves when it ended. Its `stopped` event
   * carries the cause (the first stop's: a later one changes nothing).
   */
  async stop(cause: RunStopCause = 'user'): Promise<void> {
    if (!this.stopped) this.abort.abort(cause);
    await this.finished;
  }

  private get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  private at() {
    return this.options.clock.now();
  }

  private notify(description: string, submittedItemIds?: number[]): Promise<void> {
    return this.options.events.emit({
      type: 'notification',
      at: this.at(),
      description,
      ...(submittedItemIds === undefined ? {} : { submittedItemIds }),
    });
  }

  private checkStop(): void {
    if (this.stopped) throw new SbcRunStopped();
  }

  private get interval(): number {
    return this.options.minCallIntervalMs ?? MIN_CALL_INTERVAL_MS;
  }

  /** A paced call that a stop does not cut short (auto-list runs after a stop too). */
  private async pacedAfterStop<T>(request: (game: GamePort) => Promise<T>): Promise<T> {
    const wait = this.lastCallAt + this.interval - this.options.clock.now();
    if (wait > 0) await this.options.clock.sleep(wait);
    this.lastCallAt = this.options.clock.now();
    return request(this.options.game);
  }

  /** Waits until `at` (or a stop), then throws if the run was stopped. */
  private async waitUntil(at: number): Promise<void> {
    const wait = at - this.options.clock.now();
    if (wait > 0) await this.options.clock.sleep(wait, this.abort.signal);
    this.checkStop();
  }

  /**
   * One paced game call: at least `minCallIntervalMs` after the previous one; what a failure leads to
   * is the engine's one policy (`verdictOn`): a temporary failure (429, 5xx) is tried again after a
   * wait, an expired session signs in again once, anything else ends the call.
   */
  private async call<T>(request: (game: GamePort) => Promise<T>, tries = CALL_TRIES): Promise<T> {
    const { game } = this.options;
    let reauthenticated = false;
    for (let attempt = 1; ; attempt += 1) {
      await this.waitUntil(this.lastCallAt + this.interval);
      this.lastCallAt = this.options.clock.now();
      try {
        return await request(game);
      } catch (error) {
        const { reauthenticate } = game;
        const verdict = verdictOn(error, reauthenticate !== undefined && !reauthenticated);
        if (attempt >= tries) throw error;
        if (verdict.do === 'reauthenticate' && reauthenticate) {
          reauthenticated = true;
          await reauthenticate.call(game);
          continue;
        }
        if (verdict.do !== 'wait-and-retry') throw error;
        await this.waitUntil(
          this.options.clock.now() + (verdict.throttled ? THROTTLE_WAIT_MS : this.interval),
        );
      }
    }
  }

  private async execute(): Promise<void> {
    const { settings, challenges } = this.options;
    let terminal: SbcEvent;
    try {
      for (let repetition = 1; repetition <= settings.numOfRepititions; repetition += 1)
        for (const challenge of challenges) await this.solve(challenge, repetition);
      terminal = { type: 'finish', at: this.at(), costs: this.costs, solved: this.solved };
    } catch (error) {
      const totals = { costs: this.costs, solved: this.solved };
      if (error instanceof SbcRunStopped)
        terminal = { type: 'stopped', at: this.at(), ...totals, cause: stopCauseOf(this.abort.signal) };
      else
        terminal = {
          type: 'error',
          at: this.at(),
          description: error instanceof Error && error.message !== '' ? error.message : String(error),
          ...totals,
        };
    }
    if (settings.enableAutoList) await this.listLeftovers();
    await this.options.events.emit(terminal);
  }

  private async solve(challenge: SbcCommandChallenge, repetition: number): Promise<void> {
    const used = new Set<number>();
    const squad = Array<number>(11).fill(0);
    for (const player of challenge.players) {
      this.checkStop();
      const itemId = await this.ownedCopy(player, used);
      const placed = itemId ?? (await this.buy(player));
      used.add(placed);
      squad[player.slot] = placed;
    }
    this.checkStop();
    await this.call((game) => game.startChallenge(challenge.challengeId));
    await this.call((game) => game.saveSquad(challenge.challengeId, squad));
    try {
      await this.call((game) => game.submit(challenge.challengeId));
    } catch (error) {
      if (!isGameError(error) || error.category === 'temporary') throw error;
      // The game names what it finds unmet (e.g. 'Requirements not met: TEAM_RATING').
      throw new SbcRunFailure(`The game refused the squad for ${challenge.name}: ${error.reason}`);
    }
    // Submitted cards are gone from the club: they are no longer leftovers.
    for (let index = this.bought.length - 1; index >= 0; index -= 1)
      if (used.has(this.bought[index]?.itemId ?? 0)) this.bought.splice(index, 1);
    this.solved += 1;
    const round = this.options.settings.numOfRepititions > 1 ? ` (${repetition})` : '';
    await this.notify(`Submitted ${challenge.name}${round}`, [...used]);
  }

  /** A club copy of the card not placed yet in this squad (the account's own cards come first). */
  private async ownedCopy(player: SbcCommandPlayer, used: ReadonlySet<number>): Promise<number | undefined> {
    const items = await this.call((game) => game.clubItems(player.definitionId));
    const copy = items.find((item) => definitionIdOf(item) === player.definitionId && !used.has(item.id));
    if (copy) await this.notify(`Using ${player.name} from the club`);
    return copy?.id;
  }

  /** Buys the card at Buy Now within the price limit, in at most `maxPurchaseAttempts` searches. */
  private async buy(player: SbcCommandPlayer): Promise<number> {
    const { settings } = this.options;
    const maxBuyNow = maxSbcBuyNow(player.price);
    for (let attempt = 1; attempt <= settings.maxPurchaseAttempts; attempt += 1) {
      // Search speed: the least time between two market searches of the run.
      await this.waitUntil(this.lastSearchAt + settings.searchSpeed);
      this.lastSearchAt = this.options.clock.now();
      const page = await this.call((game) => game.search({ definitionId: player.definitionId, maxBuyNow }));
      const listing = page.auctions
        .filter((auction) => auction.buyNowPrice > 0 && auction.buyNowPrice <= maxBuyNow)
        .sort((a, b) => a.buyNowPrice - b.buyNowPrice)[0];
      if (!listing) continue;
      let bought: Awaited<ReturnType<GamePort['bid']>>;
      try {
        // Never tried again: a Buy Now whose answer was lost may have gone through.
        bought = await this.call((game) => game.bid(listing.tradeId, listing.buyNowPrice), 1);
      } catch (error) {
        if (!isGameError(error)) throw error;
        if (error.kind === 'not-enough-coins')
          throw new SbcRunFailure(`Not enough coins to buy ${player.name}`);
        continue; // someone else bought it first: search again
      }
      const itemId =
        bought.auctions.find((auction) => auction.tradeId === listing.tradeId)?.itemData.id ??
        listing.itemData.id;
      this.costs += listing.buyNowPrice;
      this.bought.push({ itemId, player });
      // Into the club at once, so a stop leaves nothing in the unassigned pile.
      await this.call((game) => game.moveItem({ itemId, pile: 'club' }));
      await this.notify(`Bought ${player.name} for ${formatCoins(listing.buyNowPrice, false)} coins`);
      return itemId;
    }
    throw new SbcRunFailure(
      `Could not buy ${player.name} for at most ${formatCoins(maxBuyNow, false)} coins in ${settings.maxPurchaseAttempts} attempts`,
    );
  }

  /** Auto-list: cards bought but not submitted go to the transfer list, `numOfSteps` steps above their price. */
  private async listLeftovers(): Promise<void> {
    const { settings } = this.options;
    for (const card of this.bought.splice(0)) {
      const buyNowPrice = stepPrice(Math.max(card.player.price, 200), settings.numOfSteps);
      try {
        await this.pacedAfterStop((game) => game.moveItem({ itemId: card.itemId, pile: 'trade' }));
        await this.pacedAfterStop((game) =>
          game.list({
            itemId: card.itemId,
            startingBid: previousPrice(buyNowPrice),
            buyNowPrice,
            duration: LISTING_SECONDS,
          }),
        );
        await this.notify(`Listed ${card.player.name} for ${formatCoins(buyNowPrice, false)} coins`);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await this.notify(`Could not list ${card.player.name}: ${reason}`);
      }
    }
  }
}
