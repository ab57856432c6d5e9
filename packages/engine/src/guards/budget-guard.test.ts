import { describe, expect, it } from 'vitest';
import { budgetGuard, type BudgetPacingSettings } from './budget-guard.js';
import type { GuardView } from './guard.js';

const view = (overrides: Partial<GuardView> = {}): GuardView => ({
  startedAt: 0,
  requests: 0,
  searches: 0,
  snipes: 0,
  lostSnipes: 0,
  coins: 50_000,
  maxBuyNow: 10_000,
  lastError: undefined,
  ...overrides,
});

/** 600 requests over an hour: the even pace is one request every 6 s. */
const settings = (overrides: Partial<BudgetPacingSettings> = {}): BudgetPacingSettings => ({
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

  it('spreads an even query over the whole run: a cycle of 4 requests waits for 4 × the even pace', () => {
    const guard = budgetGuard(settings());
    guard.check(view({ lostSnipes: 1 }), 0);
    // 4 requests in 100 s is slower than the pace (6 s each): no pause.
    expect(guard.check(view({ requests: 4, searches: 4, lostSnipes: 1 }), 100_000)).toEqual({
      action: 'continue',
    });
    // 4 more by 105 s: 592 requests left for 3,495 s, so the cycle that began at 100 s waits for 4 of those.
    expect(guard.check(view({ requests: 8, searches: 5, lostSnipes: 1 }), 105_000)).toEqual(
      pauseUntil(100_000 + Math.round(4 * (3_495_000 / 592))),
    );
  });

  it('keeps pausing until the pace allows, then lets the next cycle run', () => {
    const guard = budgetGuard(settings());
    guard.check(view(), 0);
    const first = guard.check(view({ requests: 4, searches: 1, snipes: 1 }), 1_000);
    expect(first.action).toBe('pause');
    const until = first.action === 'pause' ? first.until : 0;
    expect(guard.check(view({ requests: 4, searches: 1, snipes: 1 }), until - 1)).toEqual(pauseUntil(until));
    expect(guard.check(view({ requests: 4, searches: 1, snipes: 1 }), until)).toEqual({ action: 'continue' });
  });

  it('paces the same whatever the market did: buys and searches without one change nothing', () => {
    const quiet = budgetGuard(settings());
    quiet.check(view(), 0);
    const busy = budgetGuard(settings());
    busy.check(view({ snipes: 3 }), 0);
    const expected = pauseUntil(Math.round(4 * (3_599_000 / 596)));
    expect(quiet.check(view({ requests: 4, searches: 100 }), 1_000)).toEqual(expected);
    expect(busy.check(view({ requests: 4, searches: 1, snipes: 4 }), 1_000)).toEqual(expected);
  });

  it('keeps an even cadence: a cycle that bought waits the typical cycle share, not its own requests', () => {
    const guard = budgetGuard(settings());
    guard.check(view(), 0);
    let until = 0;
    for (let cycle = 1; cycle <= 9; cycle += 1) {
      const verdict = guard.check(view({ requests: cycle, searches: cycle }), until + 1_000);
      until = verdict.action === 'pause' ? verdict.until : until + 1_000;
    }
    // Nine one-request cycles, then one of 1 search + Buy Now + listing: 1 + 0.1 × (3 − 1) = 1.2.
    const verdict = guard.check(view({ requests: 12, searches: 10, snipes: 1 }), until + 1_000);
    const even = (3_600_000 - (until + 1_000)) / (600 - 12);
    expect(verdict).toEqual(pauseUntil(until + Math.round(1.2 * even)));
  });

  it('takes a long cycle (a ten-page sweep step) from what is left, not as a gap after every later look', () => {
    const guard = budgetGuard(settings());
    guard.check(view(), 0);
    // The sweep step: 10 pages in 25 s, slower than the pace, so the next cycle starts at once.
    expect(guard.check(view({ requests: 10, searches: 10 }), 25_000)).toEqual({ action: 'continue' });
    // A one-page look: the typical cycle counts the sweep step as 4 requests and the look weighs
    // 0.1, so the look waits 3.7 × the even pace of what is left (589 requests over 3,574 s), not 10 ×.
    const verdict = guard.check(view({ requests: 11, searches: 11 }), 26_000);
    const even = (3_600_000 - 26_000) / (600 - 11);
    expect(verdict).toEqual(pauseUntil(25_000 + Math.round(3.7 * even)));
  });

  it('returns to an even pace after a run of long cycles, and spends the budget by the end without a rush', () => {
    // An hour's run of 600 requests: ten sweep steps of 10 pages, then one-page looks, every eighth
    // of them a buy (3 requests); a request takes 1 s and 2.5 s pass between cycles. The run never
    // sends more than its budget (the session's own rule), so the last cycle that would not fit ends it.
    const guard = budgetGuard(settings());
    const requestTimes: number[] = [];
    let now = 0;
    for (let cycle = 0; now < 3_600_000; cycle += 1) {
      const verdict = guard.check(view({ requests: requestTimes.length }), now);
      if (verdict.action === 'pause') {
        now = verdict.until;
        cycle -= 1;
        continue;
      }
      const cost = cycle < 10 ? 10 : cycle % 8 === 0 ? 3 : 1;
      if (requestTimes.length + cost > 600) break;
      for (let request = 0; request < cost; request += 1) requestTimes.push(now + request * 1_000);
      now += cost * 1_000 + 2_500;
    }
    const perFiveMinutes = Array.from(
      { length: 12 },
      (_, window) => requestTimes.filter((at) => Math.floor(at / 300_000) === window).length,
    );
    // Ten minutes after the sweep the pace is even again: every five minutes spend alike, none
    // under-spent early and none rushed at the end (the mean of all cycles read 32 … 60).
    const evenAgain = perFiveMinutes.slice(2);
    expect(Math.max(...evenAgain) / Math.min(...evenAgain)).toBeLessThan(1.15);
    expect(requestTimes.length).toBeGreaterThan(600 - 3);
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
