import type { Platform } from '@tradedesk/domain';
import type { SessionStart } from '@tradedesk/domain/realtime';
import {
  seededRng,
  SnipeSession,
  systemClock,
  type Clock,
  type EngineEvent,
  type FleetMember,
  type GamePort,
  type PricePort,
  type RunSummary,
} from '@tradedesk/engine';
import {
  clubBadgeUrl,
  type GameClientConfig,
  type SelectedPersona,
  type TransportObserver,
} from '@tradedesk/game-client';
import { GameAccount } from './game-account.js';
import { HeadfulGame, runsHeadful, type HeadfulOptions } from './headful/headful-game.js';
import { observingGame, type ObservedPrices } from './observed-prices.js';
import { readUnassignedPurchases } from './unassigned-purchases.js';

/** Sends one event of this session and resolves once the server has stored it. */
export type EventLink = (event: EngineEvent) => Promise<void>;

export interface AccountSessionOptions {
  command: SessionStart;
  game: GameClientConfig;
  prices: PricePort;
  /** Sees every search page (the lowest Buy Now per card goes back to the price database). */
  observed?: ObservedPrices;
  send: EventLink;
  clock?: Clock;
  /** Timing hooks of the game client (the reaction benchmark). */
  observer?: TransportObserver;
  seed?: number;
  /** Lets a run whose Headless toggle is off open a real window on the game's web app. */
  headful?: HeadfulOptions;
  /** The run is this account's part of a fleet (the start command named one). */
  fleet?: FleetMember;
}

/** The notice a manual-login run shows while it waits for the user (spec: the run waits with a clear status). */
export const waitingForManualSignIn = 'Waiting for you to sign in to the game web app in the opened window';

/**
 * One game account's run: headless (sign in with game-client and call the game directly) or
 * headful (a window on the game's web app with the add-on, the same engine driving the page's
 * services), then the engine's SnipeSession over it; strategies, pacing, guards, events and
 * error reactions are the same in both. Construction validates the filters and configuration (SnipeSetupError);
 * nothing is sent to the game until `run`.
 */
export class AccountSession {
  readonly accountId: string;
  readonly leaseId: string;
  private readonly engine: SnipeSession;
  private readonly options: AccountSessionOptions;
  private readonly signIn: () => Promise<void>;
  private readonly game: Pick<GamePort, 'unassigned'>;
  private readonly headful: HeadfulGame | undefined;
  private stopped = false;

  constructor(options: AccountSessionOptions) {
    const { command } = options;
    this.options = options;
    this.accountId = command.accountId;
    this.leaseId = command.leaseId;
    const account = new GameAccount(command, options.game, options.observer, (persona) =>
      this.announceIdentity(persona),
    );
    this.headful = runsHeadful(command, options.headful)
      ? new HeadfulGame(options.headful, options.game, account, command, () =>
          options.send({
            type: 'notice',
            at: Date.now(),
            accountId: command.accountId,
            level: 'INFO',
            message: waitingForManualSignIn,
          }),
        )
      : undefined;
    const game = this.headful ? this.headful.gamePort() : account.gamePort();
    this.game = game;
    this.engine = new SnipeSession({
      accountId: command.accountId,
      platform: command.platform as Platform,
      filters: command.filters as never,
      configuration: command.configuration,
      ...(command.maxPriceAgeMs === undefined ? {} : { maxPriceAgeMs: command.maxPriceAgeMs }),
      game: options.observed ? observingGame(game, command.platform, options.observed) : game,
      prices: options.prices,
      clock: options.clock ?? systemClock,
      rng: seededRng(options.seed ?? Math.floor(Math.random() * 2 ** 31)),
      events: { emit: options.send },
      ...(options.fleet === undefined ? {} : { fleet: options.fleet }),
    });
    this.signIn = this.headful ? this.headful.signIn : account.signIn;
  }

  /** True when this run drives a window on the game's web app. */
  get isHeadful(): boolean {
    return this.headful !== undefined;
  }

  /** Signs in and runs until the run ends; a failed sign-in ends the run with status Error. */
  async run(): Promise<RunSummary | undefined> {
    try {
      return await this.runSignedIn();
    } finally {
      await this.headful?.close();
    }
  }

  private async runSignedIn(): Promise<RunSummary | undefined> {
    try {
      await this.signIn();
    } catch (error) {
      if (this.stopped) return undefined;
      const message = error instanceof Error ? error.message : 'Sign-in failed';
      const at = Date.now();
      const { accountId } = this;
      await this.options.send({
        type: 'account-update',
        at,
        accountId,
        status: 'error',
        coins: undefined,
        profits: 0,
      });
      await this.options.send({ type: 'stop', at, accountId, reason: 'error', message });
      return undefined;
    }
    if (this.options.command.readUnassignedPile === true) await this.reportUnassignedPurchases();
    // A stop during sign-in already ended the run; this returns that same run.
    return this.engine.run();
  }

  /**
   * Hands the server the bought cards waiting in the unassigned pile (the server asks after a
   * run lost with its agent), so a purchase whose event died with that agent is recorded now (the
   * server decides which are unrecorded). An empty pile is reported too: the server then stops
   * asking. A failed read costs only that check: the run goes on, and the server asks again at
   * the next start.
   */
  private async reportUnassignedPurchases(): Promise<void> {
    let items: Awaited<ReturnType<typeof readUnassignedPurchases>>;
    try {
      items = await readUnassignedPurchases(this.game);
    } catch {
      return;
    }
    await this.options.send({
      type: 'unassigned-purchases',
      at: Date.now(),
      accountId: this.accountId,
      items,
    });
  }

  /**
   * Tells the server who the account is in the game (club name, else persona; the club's crest),
   * after every sign-in, so a renamed club shows its new name at the next run.
   */
  private async announceIdentity(persona: SelectedPersona): Promise<void> {
    await this.options.send({
      type: 'identity',
      at: Date.now(),
      accountId: this.accountId,
      username: persona.clubName ?? persona.personaName,
      imageUrl: persona.badgeId === undefined ? '' : clubBadgeUrl(this.options.game, persona.badgeId),
    });
  }

  /** Ends within one engine step; a card being bought still gets its follow-up. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.engine.stop();
  }

  switchFilter(filter: unknown): void {
    this.engine.switchFilter(filter);
  }
}
