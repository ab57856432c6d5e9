import { CONTINUE, type Guard, type GuardVerdict } from './guard.js';

/**
 * A cycle counts at most this many requests in the typical cycle's cost: a longer one (a backlog
 * sweep step of ten pages, a look that bought several listings) is a one-off whose cost the
 * recomputed pace takes from what is left, instead of a gap after every later cycle.
 */
const TYPICAL_CYCLE_MAX_REQUESTS = 4;

/**
 * How much each new cycle weighs in the typical cycle's cost (a moving average). The mean of
 * every cycle kept the ten sweep steps in the cost for the rest of the run: the looks after the
 * sweep waited too long, and the budget they left came back as a rush in the last minutes. At
 * 0.1 the sweep has faded after ~20 looks (~5 minutes); the 12-seed bench chose it over the
 * mean and over the mean of the cycles since the last long one (docs/decisions/snipe-engine.md).
 */
const NEW_CYCLE_WEIGHT = 0.1;

export interface BudgetPacingSettings {
  /** The run's request budget (the requests threshold); 0 turns pacing off. */
  readonly budget: number;
  /** How long the run lasts: the budget is spread over all of it. */
  readonly durationMs: number;
}

/**
 * Spends the request budget over the whole run instead of in its first minutes: after each
 * search cycle the run waits the typical cycle's share of the pace that would spend the rest of the
 * budget evenly over the rest of the run. Listings arrive at a steady rate and a rival takes a
 * mispriced one a few seconds after it shows, whenever that is, so an even cadence catches the
 * most; the pace is recomputed from what is left, so a cheap stretch is spent later. It only
 * reads the run's own request counter and the clock the caller passes; a run without a budget
 * is never paced.
 */
export function budgetGuard(settings: BudgetPacingSettings): Guard {
  /** Requests at the last check, and when the cycle that followed it may start. */
  let last: { requests: number; at: number } | undefined;
  let pausedUntil: number | undefined;
  /** The typical cycle's requests: a moving average of the cycles so far, each capped. */
  let typicalCycleRequests: number | undefined;

  return {
    name: 'budget',
    description: 'Spreads the request budget evenly over the whole run.',
    check(view, now): GuardVerdict {
      if (settings.budget <= 0 || !(settings.durationMs > 0)) return CONTINUE;
      if (pausedUntil !== undefined && now < pausedUntil) return pace(pausedUntil);
      pausedUntil = undefined;
      const previous = last;
      last = { requests: view.requests, at: now };
      if (previous === undefined) return CONTINUE;
      const spent = view.requests - previous.requests;
      const remainingRequests = settings.budget - view.requests;
      const runEnd = view.startedAt + settings.durationMs;
      const remainingMs = runEnd - now;
      if (spent <= 0 || remainingRequests <= 0 || remainingMs <= 0) return CONTINUE;
      // Every cycle waits the typical cycle's share, not its own: a cycle that bought (or walked
      // pages) costs more requests, and paying them at once would leave a gap in the searches
      // just when listings keep arriving at the same rate. The spread evens the cadence out.
      const cycleRequests = Math.min(spent, TYPICAL_CYCLE_MAX_REQUESTS);
      typicalCycleRequests =
        typicalCycleRequests === undefined
          ? cycleRequests
          : typicalCycleRequests + NEW_CYCLE_WEIGHT * (cycleRequests - typicalCycleRequests);
      const until = Math.min(
        runEnd,
        previous.at + Math.round(typicalCycleRequests * (remainingMs / remainingRequests)),
      );
      if (now >= until) return CONTINUE;
      pausedUntil = until;
      last = { requests: view.requests, at: until };
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
