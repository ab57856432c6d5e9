import { CONTINUE, type Guard, type GuardVerdict } from './guard.js';

export interface BudgetPacingSettings {
  /** The run's request budget (the requests threshold); 0 turns pacing off. */
  readonly budget: number;
  /** How long the run lasts: the budget is spread over all of it. */
  readonly durationMs: number;
  /** Pace factor while the market is rich (below 1: requests come faster than the even pace). */
  readonly richFactor: number;
  /** Pace factor while the query is dead (above 1: slower, keeping requests for later). */
  readonly deadFactor: number;
  /** A buy attempt (won or lost) in this window makes the market rich. */
  readonly richWindowMs: number;
  /** This many searches in a row without a buy attempt make the query dead. */
  readonly deadAfterSearches: number;
}

export const DEFAULT_BUDGET_PACING: Omit<BudgetPacingSettings, 'budget' | 'durationMs'> = {
  richFactor: 1,
  deadFactor: 1,
  richWindowMs: 180_000,
  deadAfterSearches: 60,
};

export type MarketMood = 'rich' | 'even' | 'dead';

/**
 * Spends the request budget over the whole run instead of in its first minutes: after each
 * search cycle the run waits until the requests it just made are "earned" at the pace that
 * would spend the rest of the budget evenly over the rest of the run. It speeds up while the
 * market is rich (a listing worth buying turned up recently) and slows down on a dead query
 * (many searches without one), so the requests a dead stretch saves are spent later. Requests of
 * one-off catch-up steps (a backlog sweep) count against the budget but are not paced. It only
 * reads the run's own counters (requests, searches, buy attempts) and the clock the caller
 * passes; a run without a budget is never paced.
 */
export function budgetGuard(settings: BudgetPacingSettings): Guard {
  /** Paced requests (all but the unpaced catch-up steps') at the last check. */
  let last: { requests: number; at: number } | undefined;
  let lastAttempt: { attempts: number; at: number; searches: number } | undefined;
  let pausedUntil: number | undefined;
  /** Paced cycles so far and their requests: a cycle's cost is their mean. */
  let cycles = 0;
  let cycleRequests = 0;

  const moodAt = (now: number, searches: number): MarketMood => {
    // A new query is presumed rich until it has had its chance: the listings that sat unsold
    // before the run started are there for the taking only while they last.
    if (lastAttempt === undefined) return searches >= settings.deadAfterSearches ? 'dead' : 'rich';
    if (now - lastAttempt.at <= settings.richWindowMs) return 'rich';
    return searches - lastAttempt.searches >= settings.deadAfterSearches ? 'dead' : 'even';
  };

  return {
    name: 'budget',
    description: 'Spreads the request budget over the whole run: faster when rich, slower on a dead query.',
    check(view, now): GuardVerdict {
      if (settings.budget <= 0 || !(settings.durationMs > 0)) return CONTINUE;
      const attempts = view.snipes + view.lostSnipes;
      if (attempts > (lastAttempt?.attempts ?? 0))
        lastAttempt = { attempts, at: now, searches: view.searches };
      if (pausedUntil !== undefined && now < pausedUntil) return pace(pausedUntil);
      pausedUntil = undefined;
      const paced = view.requests - view.unpacedRequests;
      const previous = last;
      last = { requests: paced, at: now };
      if (previous === undefined) return CONTINUE;
      const spent = paced - previous.requests;
      const remainingRequests = settings.budget - view.requests;
      const remainingMs = view.startedAt + settings.durationMs - now;
      if (spent <= 0 || remainingRequests <= 0 || remainingMs <= 0) return CONTINUE;
      // Every cycle waits the mean cycle's share, not its own: a cycle that bought (or walked
      // pages) costs more requests, and paying them at once would leave a gap in the searches
      // just when listings keep arriving at the same rate. The spread evens the cadence out.
      cycles += 1;
      cycleRequests += spent;
      const mood = moodAt(now, view.searches);
      const factor = mood === 'rich' ? settings.richFactor : mood === 'dead' ? settings.deadFactor : 1;
      const runEnd = view.startedAt + settings.durationMs;
      const until = Math.min(
        runEnd,
        previous.at + Math.round((cycleRequests / cycles) * factor * (remainingMs / remainingRequests)),
      );
      if (now >= until) return CONTINUE;
      pausedUntil = until;
      last = { requests: paced, at: until };
      return pace(until);
    },
  };
}

const pace = (until: number): GuardVerdict => ({
  action: 'pause',
  reason: 'pace',
  until,
  message: 'Pacing the request budget',
});
