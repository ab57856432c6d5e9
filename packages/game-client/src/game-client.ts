import { createAccountApi, type AccountApi } from './api/account.js';
import { createClubApi, type ClubApi } from './api/club.js';
import { createMarketApi, type MarketApi } from './api/market.js';
import { createPilesApi, type PilesApi } from './api/piles.js';
import { createSbcApi, type SbcApi } from './api/sbc.js';
import { parseGameClientConfig, type GameClientConfig } from './config.js';
import { createGameCaller } from './game-http.js';
import { GameSession, type SessionInfo } from './session.js';
import type { Credentials } from './sign-in/access-token.js';
import { Transport, type RequestStats, type TransportObserver } from './transport.js';

export interface GameClientOptions {
  config: GameClientConfig;
  /** Timing hooks: request sent, response's last byte received. */
  observer?: TransportObserver;
  /** Monotonic clock for the observer (ms). */
  now?: () => number;
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
  /** Epoch milliseconds used to tell when the access token expires; defaults to `Date.now`. */
  wallClock?: () => number;
}

/**
 * One game account's connection: headless sign-in, the UT session (re-authenticated once on 401),
 * typed endpoint groups, and request counters.
 */
export class GameClient {
  readonly config: GameClientConfig;
  /** Search, bid / Buy Now, trade status, watchlist, price limits. */
  readonly market: MarketApi;
  /** Transfer list, watchlist, unassigned, moves, listing, relist, clear, quick sell. */
  readonly piles: PilesApi;
  /** Coins and the start-up account summary. */
  readonly account: AccountApi;
  /** The club and card versions. */
  readonly club: ClubApi;
  /** Squad-building challenges. */
  readonly sbc: SbcApi;
  private readonly transport: Transport;
  private readonly session: GameSession;

  constructor(options: GameClientOptions) {
    this.config = parseGameClientConfig(options.config);
    this.transport = new Transport({
      timeoutMs: this.config.requestTimeoutMs,
      ...(options.observer === undefined ? {} : { observer: options.observer }),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    this.session = new GameSession(this.transport, this.config, options.wallClock);
    const call = createGameCaller({
      config: this.config,
      transport: this.transport,
      sid: () => this.session.sid,
      reauthenticate: () => this.session.reauthenticate(),
    });
    this.market = createMarketApi(call, this.config);
    this.piles = createPilesApi(call);
    this.account = createAccountApi(call);
    this.club = createClubApi(call, this.config);
    this.sbc = createSbcApi(call);
  }

  /** Signs in with email, password and an 8-character backup code on a configured platform. */
  signIn(credentials: Credentials, platform: string): Promise<SessionInfo> {
    return this.session.signIn(credentials, platform);
  }

  /** Ends the UT session. */
  signOut(): Promise<void> {
    return this.session.signOut();
  }

  /** Who is signed in, or undefined. */
  get sessionInfo(): SessionInfo | undefined {
    return this.session.info;
  }

  /**
   * The UT session id (`X-UT-SID`) while signed in: a browser handed it joins this very session
   * (Launch Webapp, headful runs), so the account signs in once, through `signIn`.
   */
  get sessionId(): string | undefined {
    return this.session.sid;
  }

  get isSignedIn(): boolean {
    return this.session.sid !== undefined;
  }

  /** Requests and searches sent since the last reset. */
  get stats(): RequestStats {
    return this.transport.stats;
  }

  resetStats(): void {
    this.transport.resetStats();
  }
}
