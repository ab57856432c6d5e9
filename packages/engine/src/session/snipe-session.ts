import {
  type Configuration,
  CREDIT_CHECK_INTERVAL,
  type SnipeFilter,
  tooManyResultsFor,
} from '@tradedesk/domain';
import type { AuctionInfo, MarketSearch, RequestStats } from '@tradedesk/game-client';
import type { StopReason } from '../events.js';
import { fanOut, throttleRepeatedNotices } from '../fan-out.js';
import { backoffGuard, DEFAULT_BACKOFF } from '../guards/backoff-guard.js';
import { breakGuard } from '../guards/break-guard.js';
import { budgetGuard } from '../guards/budget-guard.js';
import { coinGuard } from '../guards/coin-guard.js';
import { durationGuard } from '../guards/duration-guard.js';
import { GuardManager, type GuardVerdict } from '../guards/guard.js';
import { safetyGuard } from '../guards/safety-guard.js';
import { thresholdsGuard } from '../guards/thresholds-guard.js';
import { DEFAULT_MAX_PRICE_AGE_MS } from '../pricing/freshness.js';
import { rotatedTo, runLog } from '../run-log.js';
import { CacheBuster } from '../strategies/cache-busting.js';
import { strategyFor } from '../strategies/create-strategy.js';
import { marketRulesOf } from '../strategies/market-rules.js';
import { MultiRarityStrategy } from '../strategies/multi-rarity.js';
import type { Strategy } from '../strategies/strategy.js';
import { BUY_MAX_REQUESTS, buyAndFollowUp, type BuyContext } from './buy.js';
import { CREDIT_CHECK_MAX_REQUESTS, housekeeping } from './housekeeping.js';
import type { GamePort } from '../ports.js';
import { parseSnipeFilter, validateSessionInput, type SnipeSessionOptions } from './options.js';
import { Pacing } from './pacing.js';
import { FilterRotation } from './rotation.js';
import { reactToError } from './react-to-error.js';
import { SessionReporter } from './reporter.js';
import { RunState } from './run-state.js';
import { accountStatusAfter, type RunSummary } from './summary.js';

/** Both rules, when both apply. */
function bothRules(
  first: ((auction: AuctionInfo) => boolean) | undefined,
  second: ((auction: AuctionInfo) => boolean) | undefined,
): ((auction: AuctionInfo) => boolean) | undefined {
  if (first === undefined || second === undefined) return first ?? second;
  return (auction) => first(auction) && second(auction);
}

/** Repeated run-log lines (a stale price, too many results …) reach the user once a minute. */
const DEFAULT_NOTICE_REPEAT_WINDOW_MS = 60_000;

/**
 * One account's snipe run: guards → (rotation) → search → pick → Buy Now → report → follow-up →
 * wait, until a guard ends it or `stop()` is called. All time and randomness come from the
 * injected clock and rng, so a seed replays a whole session.
 */
export class SnipeSession {
  private readonly options: SnipeSessionOptions;
  private readonly configuration: Configuration;
  /**
   * Which listings the run may buy, when anything rules some out: the market configuration's
   * player rules, and in a fleet the listings another account claimed or listed.
   */
  private readonly marketRules: ((auction: AuctionInfo) => boolean) | undefined;
  private readonly game: GamePort;
  private readonly pacing: Pacing;
  private readonly rotation: FilterRotation;
  private readonly buster: CacheBuster;
  private readonly abort = new AbortController();
  private readonly makeStrategy: (filter: SnipeFilter) => Strategy;
  private readonly report: SessionReporter;
  private pendingFilters: Strategy[] | undefined;
  private stopRequested = false;
  private fatal: { reason: StopReason; message: string } | undefined;
  private running: Promise<RunSummary> | undefined;
  private baseline: RequestStats = { requests: 0, searches: 0 };

  constructor(options: SnipeSessionOptions) {
    const { filters, configuration } = validateSessionInput(options);
    this.options = options;
    this.configuration = configuration;
    const { fleet } = options;
    this.marketRules = bothRules(
      marketRulesOf(configuration.market),
      fleet && ((auction: AuctionInfo) => fleet.mayBid(auction.tradeId)),
    );
    this.game = fleet ? fleet.watchGame(options.game) : options.game;
    this.makeStrategy = options.strategyFor ?? ((filter) => strategyFor(filter, fleet));
    this.report = new SessionReporter(
      throttleRepeatedNotices(
        fanOut([options.events], options.onSinkError),
        options.clock,
        options.noticeRepeatWindowMs ?? DEFAULT_NOTICE_REPEAT_WINDOW_MS,
      ),
      options.clock,
      options.accountId,
      () => this.counters(),
    );
    this.pacing = new Pacing(configuration, options.rng);
    this.buster = new CacheBuster(options.rng);
    const rotation = configuration.advanced.rotation;
    this.rotation = new FilterRotation(
      filters.map(this.makeStrategy),
      rotation.isEnabled ? rotation.requests : 0,
      0,
    );
  }

  /** Runs until the run ends; calling it again returns the same run. */
  run(): Promise<RunSummary> {
    this.running ??= this.execute();
    return this.running;
  }

  /** Ends the run within one engine step; a card being bought still gets its follow-up. */
  async stop(): Promise<RunSummary> {
    this.stopRequested = true;
    this.abort.abort();
    return this.run();
  }

  /** Runs with this one filter from the next step on (the dashboard's Switch Filter). */
  switchFilter(filter: unknown): void {
    this.pendingFilters = [this.makeStrategy(parseSnipeFilter(filter))];
  }

  /**
   * Requests and searches since this run started: the client's counters may include its sign-in
   * and earlier runs, and thresholds and the session row are per run.
   */
  private counters(): RequestStats {
    const total = this.game.requestCounters();
    return {
      requests: Math.max(0, total.requests - this.baseline.requests),
      searches: Math.max(0, total.searches - this.baseline.searches),
    };
  }

  /**
   * Whether the requests threshold still has room for `count` more requests. The guards stop the
   * run only between steps, and one step (a ten-page sweep step, a look that buys and recalls, a
   * coin check) sends several requests: each of them is started only when it fits, so a run never
   * spends more than its threshold, however it was paced.
   */
  private budgetFits(count: number): boolean {
    const { maxRequests } = this.configuration.time;
    return maxRequests <= 0 || this.counters().requests + count <= maxRequests;
  }

  private now(): number {
    return this.options.clock.now();
  }

  private sleep = (ms: number): Promise<void> => this.options.clock.sleep(ms, this.abort.signal);

  private buildGuards(): GuardManager {
    const { time, advanced } = this.configuration;
    const durationMs = this.pacing.runDurationMs();
    return new GuardManager([
      safetyGuard(),
      coinGuard(advanced.isCoinCheckEnabled),
      backoffGuard(this.options.backoff ?? DEFAULT_BACKOFF),
      thresholdsGuard(time),
      durationGuard(durationMs),
      breakGuard(this.pacing.breakFrequencyMs(), this.pacing.breakDurationMs(), this.options.rng),
      budgetGuard({
        budget: this.options.paceBudget === false ? 0 : time.maxRequests,
        durationMs,
      }),
    ]);
  }

  private async execute(): Promise<RunSummary> {
    const state = new RunState(this.now());
    this.baseline = { ...this.game.requestCounters() }; // a copy: a client may hand out its live counters
    if (this.stopRequested) return this.finish(state, 'user', runLog.stoppedByUser);
    const guards = this.buildGuards();
    await this.report.account(state, 'active');
    await this.report.session(state, null);
    // The first coin read and pile housekeeping start the run's background tasks: a fault there
    // (not a game error, which the guards judge) ends the run with the spec's text.
    if (this.budgetFits(CREDIT_CHECK_MAX_REQUESTS))
      await this.attempt(state, () => this.checkCredits(state), runLog.backgroundTasksFailed);
    let searchesAtCreditCheck = this.counters().searches;
    this.rotation.restart(this.counters().requests);

    for (;;) {
      if (this.fatal !== undefined) return this.finish(state, this.fatal.reason, this.fatal.message);
      if (this.stopRequested) return this.finish(state, 'user', runLog.stoppedByUser);
      await this.applyFilterChanges();
      const strategy = this.rotation.current;
      const verdict = guards.check(state.view(this.counters(), strategy.maxBuyNow), this.now());
      if (verdict.action === 'stop') return this.finish(state, verdict.reason, verdict.message);
      if (verdict.action === 'pause') {
        await this.pause(state, verdict);
        continue;
      }
      if (!(await this.takeFleetTurn())) continue;
      await this.attempt(state, () => this.cycle(state, strategy));
      const { searches } = this.counters();
      if (
        searches - searchesAtCreditCheck >= CREDIT_CHECK_INTERVAL &&
        !this.stopRequested &&
        this.budgetFits(CREDIT_CHECK_MAX_REQUESTS)
      ) {
        searchesAtCreditCheck = searches;
        await this.attempt(state, () => this.checkCredits(state));
      }
      await this.report.session(state, null);
      if (!this.stopRequested)
        await this.sleep(strategy.cycleWaitMs?.(this.options.rng) ?? this.pacing.cycleWaitMs());
    }
  }

  /**
   * In a fleet, waits until this account's look falls between the other accounts' looks; false
   * when a stop came during the wait.
   */
  private async takeFleetTurn(): Promise<boolean> {
    const { fleet } = this.options;
    if (fleet === undefined) return true;
    const waitMs = fleet.lookWaitMs(this.now());
    if (waitMs > 0) await this.sleep(waitMs);
    if (this.stopRequested) return false;
    fleet.noteLook(this.now());
    return true;
  }

  /** Switch filter and rotation take effect between steps, never inside one. */
  private async applyFilterChanges(): Promise<void> {
    const { requests } = this.counters();
    if (this.pendingFilters !== undefined) {
      this.rotation.replace(this.pendingFilters, requests);
      this.pendingFilters = undefined;
      return;
    }
    const turned = this.rotation.turnIfDue(requests);
    if (turned !== undefined) await this.report.notice('INFO', rotatedTo(turned.label));
  }

  private async pause(state: RunState, verdict: Extract<GuardVerdict, { action: 'pause' }>): Promise<void> {
    const waitMs = Math.max(0, verdict.until - this.now());
    if (verdict.reason === 'pace') {
      await this.sleep(waitMs);
      return;
    }
    if (verdict.reason === 'backoff') {
      await this.report.notice('ERROR', verdict.message);
      await this.sleep(waitMs);
      return;
    }
    await this.report.breakStart(verdict.until);
    await this.report.notice('BREAK_START', verdict.message);
    await this.report.account(state, 'break');
    await this.sleep(waitMs);
    // Every break that starts also ends, even when a stop cut it short.
    await this.report.breakEnd();
    await this.report.notice('BREAK_END', runLog.breakEnded);
    if (!this.stopRequested) await this.report.account(state, 'active');
  }

  /** Runs one step; game errors become state the guards react to (the taxonomy decides). */
  private async attempt(state: RunState, step: () => Promise<void>, faultMessage?: string): Promise<void> {
    try {
      await step();
    } catch (error) {
      const stop = await reactToError(error, state, this.game, this.report, () => this.now());
      this.fatal ??= stop && faultMessage !== undefined ? { ...stop, message: faultMessage } : stop;
    }
  }

  private async checkCredits(state: RunState): Promise<void> {
    state.coins = (await this.game.credits()).coins;
    await housekeeping(this.game, () => this.sleep(this.pacing.requestPauseMs()));
    await this.report.account(state, 'active');
  }

  /** One search cycle of the current filter: one page, or a walk over pages (59th Minute). */
  private async cycle(state: RunState, strategy: Strategy): Promise<void> {
    const preparation = await strategy
      .prepare({
        platform: this.options.platform,
        prices: this.options.prices,
        now: this.now(),
        maxPriceAgeMs: this.options.maxPriceAgeMs ?? DEFAULT_MAX_PRICE_AGE_MS,
        maxPageJumps: this.configuration.time.maxPageJumps,
        pageSize: this.configuration.advanced.numOfSearchResults,
        requestBudget: this.configuration.time.maxRequests,
      })
      .catch(() => ({ notices: [runLog.unableToFetchMarketData], skipCycle: true }) as const);
    for (const message of preparation.notices) await this.report.notice('INFO', message);
    if ('problem' in preparation && preparation.problem !== undefined) {
      this.fatal = { reason: 'error', message: preparation.problem };
      return;
    }
    if (preparation.skipCycle === true) return;

    const buyContext = this.buyContext(state, strategy);
    const { numOfSearchResults } = this.configuration.advanced;
    const { maxSearchResults } = this.configuration.time;
    let page = strategy.firstPage();
    for (let jumps = 0; this.budgetFits(1); jumps += 1) {
      // Decided before the search: the hot path between its answer and the Buy Now stays as it was.
      const buyFits = this.budgetFits(1 + BUY_MAX_REQUESTS);
      const base = strategy.bustsCache ? this.buster.apply(strategy.search()) : strategy.search();
      const search: MarketSearch = { ...base, page, pageSize: numOfSearchResults };
      const result = await this.game.search(search);
      // Hot path: one comparison, one scan, then the Buy Now request.
      const tooMany = maxSearchResults > 0 && result.auctions.length > maxSearchResults;
      const auctions = this.marketRules ? result.auctions.filter(this.marketRules) : result.auctions;
      const target =
        tooMany || this.stopRequested || !buyFits ? undefined : this.claimed(strategy.pick(auctions));
      if (target !== undefined) await buyAndFollowUp(buyContext, strategy, target);
      state.recordSuccess();
      if (tooMany) await this.report.notice('INFO', tooManyResultsFor(strategy.subject));
      const next = this.stopRequested ? undefined : strategy.nextPage(result, jumps);
      if (next === undefined) break;
      await this.sleep(this.pacing.paginationWaitMs());
      if (this.stopRequested) return;
      page = next;
    }
    // After the search: a look at the newest listings is never delayed by buying older ones.
    for (const auction of strategy.recalled?.(this.now()) ?? []) {
      if (this.stopRequested || !this.budgetFits(BUY_MAX_REQUESTS)) return;
      if ((this.marketRules === undefined || this.marketRules(auction)) && this.claimed(auction))
        await buyAndFollowUp(buyContext, strategy, auction);
    }
  }

  /** The listing, once this account holds it in its fleet (always, outside a fleet). */
  private claimed(auction: AuctionInfo | undefined): AuctionInfo | undefined {
    const { fleet } = this.options;
    return auction === undefined || fleet === undefined || fleet.claim(auction.tradeId) ? auction : undefined;
  }

  private buyContext(state: RunState, strategy: Strategy): BuyContext {
    // Mask Snipes hides names in shared messages, except for 59th Minute runs (spec 000 §2).
    const maskNames =
      this.configuration.advanced.isSnipesMasked && !(strategy instanceof MultiRarityStrategy);
    return {
      maskNames,
      accountId: this.options.accountId,
      platform: this.options.platform,
      game: this.game,
      state,
      pacing: this.pacing,
      now: () => this.now(),
      emit: this.report.emit,
      sleep: this.sleep,
    };
  }

  private async finish(state: RunState, reason: StopReason, message: string): Promise<RunSummary> {
    this.options.fleet?.leave();
    await this.report.account(state, accountStatusAfter(reason));
    await this.report.session(state, this.now());
    await this.report.stop(reason, message);
    const counters = this.counters();
    return {
      reason,
      message,
      requests: counters.requests,
      searches: counters.searches,
      snipes: state.snipes,
      lostSnipes: state.lostSnipes,
      profits: state.profits,
      coins: state.coins,
    };
  }
}
