import { describe, expect, it } from 'vitest';
import { budgetGuard, DEFAULT_BUDGET_PACING, type BudgetPacingSettings } from './budget-guard.js';
import type { GuardView } from './guard.js';

const view = (overrides: Partial<GuardView> = {}): GuardView => ({
  startedAt: 0,
  requests: 0,
  searches: 0,
  snipes: 0,
  lostSnipes: 0,
  unpacedRequests: 0,
  coins: 50_000,
  maxBuyNow: 10_000,
  lastError: undefined,
  ...overrides,
});

/** 600 requests over an hour: the even pace is one request every 6 s. */
const settings = (overrides: Partial<BudgetPacingSettings> = {}): BudgetPacingSettings => ({
  ...DEFAULT_BUDGET_PACING,
  richFactor: 0.5,
  deadFactor: 2,
  richWindowMs: 60_000,
  deadAfterSearches: 10,
  budget: 600,
  durationMs: 3_600_000,
  ...overrides,
});

const pauseUntil = (until: number) => expect.objectContaining({ action: 'pause', reason: 'pace', until });

describe('budget guard', () => {
  it('never paces a run without a request budget', () => {
    const guard = budgetGuard(settings({ budget: 0 }));
    expect(guard.check(view(), 0)).toEqual({ action: 'continue' });
    expect(guard.check(view({ requests: 50, searches: 50 }), 1_000)).toEqual({ action: 'continue' });
  });

  it('spreads an even query over the whole run: a cycle of 10 requests waits for 10 × the even pace', () => {
    const guard = budgetGuard(settings({ deadAfterSearches: 100 }));
    // A buy attempt long ago: the market is neither rich nor is the query dead.
    guard.check(view({ lostSnipes: 1 }), 0);
    // 10 requests in 100 s is slower than the pace (5.9 s each): no pause.
    expect(guard.check(view({ requests: 10, searches: 10, lostSnipes: 1 }), 100_000)).toEqual({
      action: 'continue',
    });
    // 10 more by 105 s: 580 requests left for 3,495 s, so the cycle that began at 100 s waits for 10 of those.
    expect(guard.check(view({ requests: 20, searches: 11, lostSnipes: 1 }), 105_000)).toEqual(
      pauseUntil(100_000 + Math.round(10 * (3_495_000 / 580))),
    );
  });

  it('keeps pausing until the pace allows, then lets the next cycle run', () => {
    const guard = budgetGuard(settings());
    guard.check(view(), 0);
    const first = guard.check(view({ requests: 6, searches: 1, snipes: 1 }), 1_000);
    expect(first.action).toBe('pause');
    const until = first.action === 'pause' ? first.until : 0;
    expect(guard.check(view({ requests: 6, searches: 1, snipes: 1 }), until - 1)).toEqual(pauseUntil(until));
    expect(guard.check(view({ requests: 6, searches: 1, snipes: 1 }), until)).toEqual({ action: 'continue' });
  });

  it('spends faster while the market is rich and slower once the query is dead', () => {
    const rich = budgetGuard(settings());
    rich.check(view(), 0);
    // A buy just happened: half the even pace (594 left for 3,599 s).
    expect(rich.check(view({ requests: 6, searches: 1, snipes: 1 }), 1_000)).toEqual(
      pauseUntil(Math.round(6 * 0.5 * (3_599_000 / 594))),
    );

    const dead = budgetGuard(settings({ deadAfterSearches: 10 }));
    dead.check(view({ searches: 10 }), 0);
    // Ten searches and no listing worth buying: twice the even pace.
    expect(dead.check(view({ requests: 6, searches: 11 }), 1_000)).toEqual(
      pauseUntil(Math.round(6 * 2 * (3_599_000 / 594))),
    );
  });

  it('a new query counts as rich until it has had its searches, and the richness fades with time', () => {
    const guard = budgetGuard(settings());
    guard.check(view(), 0);
    expect(guard.check(view({ requests: 6, searches: 1 }), 1_000)).toEqual(
      pauseUntil(Math.round(6 * 0.5 * (3_599_000 / 594))),
    );
    const fresh = budgetGuard(settings());
    fresh.check(view({ snipes: 1 }), 0);
    fresh.check(view({ snipes: 1, requests: 1, searches: 1 }), 500_000); // 500 s after the buy
    // Neither rich (the buy is older than the window) nor dead (1 search since): the even pace,
    // for the mean cycle so far ((1 + 6) / 2 requests).
    expect(fresh.check(view({ snipes: 1, requests: 7, searches: 2 }), 501_000)).toEqual(
      pauseUntil(500_000 + Math.round(3.5 * (3_099_000 / 593))),
    );
  });

  it('keeps an even cadence: a cycle that bought waits the mean cycle share, not its own requests', () => {
    const guard = budgetGuard(settings({ richFactor: 1, deadFactor: 1 }));
    guard.check(view(), 0);
    let until = 0;
    for (let cycle = 1; cycle <= 9; cycle += 1) {
      const verdict = guard.check(view({ requests: cycle, searches: cycle }), until + 1_000);
      until = verdict.action === 'pause' ? verdict.until : until + 1_000;
    }
    // Nine one-request cycles, then one of 1 search + Buy Now + listing: a mean of 1.2 requests.
    const verdict = guard.check(view({ requests: 12, searches: 10, snipes: 1 }), until + 1_000);
    const even = (3_600_000 - (until + 1_000)) / (600 - 12);
    expect(verdict).toEqual(pauseUntil(until + Math.round(1.2 * even)));
  });

  it('leaves the requests of a one-off catch-up step (a backlog sweep) out of the pace', () => {
    const guard = budgetGuard(settings({ richFactor: 1, deadFactor: 1 }));
    guard.check(view(), 0);
    // Two sweep pages and nothing else since the last check: nothing to pace.
    expect(guard.check(view({ requests: 2, searches: 2, unpacedRequests: 2 }), 1_000)).toEqual({
      action: 'continue',
    });
    // They still count against the budget: the next paced request waits for 3,598 s / 597.
    expect(guard.check(view({ requests: 3, searches: 3, unpacedRequests: 2 }), 2_000)).toEqual(
      pauseUntil(1_000 + Math.round(3_598_000 / 597)),
    );
  });

  it('never pauses past the end of the budget or the run', () => {
    const guard = budgetGuard(settings());
    guard.check(view(), 0);
    expect(guard.check(view({ requests: 600, searches: 100 }), 1_000)).toEqual({ action: 'continue' });
    const late = budgetGuard(settings());
    late.check(view(), 3_599_000);
    expect(late.check(view({ requests: 10, searches: 10 }), 3_600_000)).toEqual({ action: 'continue' });
  });
});
