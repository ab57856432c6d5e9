import { describe, expect, it } from 'vitest';
import { seededRng } from '../time/rng.js';
import { backoffGuard } from './backoff-guard.js';
import { breakGuard } from './break-guard.js';
import { coinGuard } from './coin-guard.js';
import { durationGuard } from './duration-guard.js';
import { GuardManager, type Guard, type GuardView, type RecordedError } from './guard.js';
import { safetyGuard } from './safety-guard.js';
import { thresholdsGuard } from './thresholds-guard.js';

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

const error = (kind: RecordedError['kind'], at = 0, consecutive = 1, message = 'boom'): RecordedError => ({
  kind,
  code: 0,
  message,
  at,
  consecutive,
});

describe('duration guard', () => {
  it('ends the run with the execution-time text once the sniping duration has passed', () => {
    const guard = durationGuard(60_000);
    expect(guard.check(view(), 59_999)).toEqual({ action: 'continue' });
    expect(guard.check(view(), 60_000)).toEqual({
      action: 'stop',
      reason: 'execution-time',
      message: 'Snipe finished. Execution time exceeded.',
    });
  });

  it('refuses a duration that is not positive', () => {
    expect(() => durationGuard(0)).toThrow(RangeError);
  });
});

describe('thresholds guard', () => {
  const stop = {
    action: 'stop',
    reason: 'thresholds',
    message: 'Snipe finished. Thresholds limit exceeded.',
  };
  const guard = thresholdsGuard({ maxRequests: 100, maxSnipes: 3, maxSearches: 40 });

  it.each([
    ['requests', { requests: 100 }],
    ['snipes', { snipes: 3 }],
    ['searches', { searches: 40 }],
  ])('ends the run when the %s threshold is reached', (_name, counts) => {
    expect(guard.check(view(counts), 0)).toEqual(stop);
  });

  it('keeps going below every threshold, and treats 0 as no limit', () => {
    expect(guard.check(view({ requests: 99, snipes: 2, searches: 39 }), 0)).toEqual({ action: 'continue' });
    const unlimited = thresholdsGuard({ maxRequests: 0, maxSnipes: 0, maxSearches: 0 });
    expect(unlimited.check(view({ requests: 10_000, snipes: 500, searches: 9_000 }), 0)).toEqual({
      action: 'continue',
    });
  });
});

describe('coin guard', () => {
  const stop = {
    action: 'stop',
    reason: 'not-enough-coins',
    message: 'Snipe finished. Not enough coins to continue sniping.',
  };

  it('with the coin check on, stops when coins fall below the filter max price', () => {
    expect(coinGuard(true).check(view({ coins: 9_999 }), 0)).toEqual(stop);
    expect(coinGuard(true).check(view({ coins: 10_000 }), 0)).toEqual({ action: 'continue' });
  });

  it('with the coin check off, ignores a low balance', () => {
    expect(coinGuard(false).check(view({ coins: 10 }), 0)).toEqual({ action: 'continue' });
  });

  it('always stops when the game refused a buy for lack of coins', () => {
    expect(coinGuard(false).check(view({ lastError: error('not-enough-coins') }), 0)).toEqual(stop);
  });
});

describe('safety guard', () => {
  it.each([
    ['captcha', 'captcha', 'Encountered a captcha'],
    ['soft-ban', 'soft-ban', 'Encountered soft ban'],
    ['session-lost', 'session-expired', 'Your session has expired. Please refresh your webapp.'],
  ] as const)('stops on %s with its message', (kind, reason, message) => {
    expect(safetyGuard().check(view({ lastError: error(kind) }), 0)).toEqual({
      action: 'stop',
      reason,
      message,
    });
  });

  it('stops on a locked market with the game error text', () => {
    const locked = error(
      'market-locked',
      0,
      1,
      'Request failed with status code 494, and message Market locked',
    );
    expect(safetyGuard().check(view({ lastError: locked }), 0)).toEqual({
      action: 'stop',
      reason: 'market-locked',
      message: 'Request failed with status code 494, and message Market locked',
    });
  });

  it('lets every other situation pass', () => {
    expect(safetyGuard().check(view(), 0)).toEqual({ action: 'continue' });
    expect(safetyGuard().check(view({ lastError: error('throttled') }), 0)).toEqual({ action: 'continue' });
  });
});

describe('backoff guard', () => {
  const guard = backoffGuard({ stepMs: 10_000, maxWaitMs: 25_000, maxConsecutive: 3 });

  it('pauses with "Rate limited" after throttling, longer for each one in a row, capped', () => {
    expect(guard.check(view({ lastError: error('throttled', 1_000, 1) }), 1_000)).toEqual({
      action: 'pause',
      reason: 'backoff',
      until: 11_000,
      message: 'Rate limited',
    });
    expect(guard.check(view({ lastError: error('throttled', 1_000, 2) }), 1_000)).toMatchObject({
      until: 21_000,
    });
    expect(guard.check(view({ lastError: error('throttled', 1_000, 3) }), 1_000)).toMatchObject({
      until: 26_000,
    });
  });

  it('continues once the wait is over, and stops when it keeps happening', () => {
    expect(guard.check(view({ lastError: error('throttled', 0, 1) }), 10_000)).toEqual({
      action: 'continue',
    });
    expect(guard.check(view({ lastError: error('throttled', 0, 4) }), 0)).toEqual({
      action: 'stop',
      reason: 'error',
      message: 'Rate limited',
    });
  });

  it('uses the error text for a lost connection', () => {
    const lost = error('network-error', 0, 1, "Unable to connect to the game's servers");
    expect(guard.check(view({ lastError: lost }), 0)).toMatchObject({
      message: "Unable to connect to the game's servers",
    });
  });
});

describe('break guard', () => {
  it('takes a break after the working time and resumes after the break duration', () => {
    const guard = breakGuard({ min: 600_000, max: 600_000 }, { min: 60_000, max: 60_000 }, seededRng(1));
    expect(guard.check(view(), 599_999)).toEqual({ action: 'continue' });
    expect(guard.check(view(), 600_000)).toEqual({
      action: 'pause',
      reason: 'break',
      until: 660_000,
      message: 'Taking a break',
    });
    expect(guard.check(view(), 630_000)).toMatchObject({ action: 'pause', until: 660_000 });
    expect(guard.check(view(), 660_000)).toEqual({ action: 'continue' });
    expect(guard.check(view(), 1_259_999)).toEqual({ action: 'continue' });
    expect(guard.check(view(), 1_260_000)).toMatchObject({ action: 'pause', until: 1_320_000 });
  });

  it('draws working time and break length within the ranges', () => {
    const guard = breakGuard({ min: 1_000, max: 2_000 }, { min: 300, max: 400 }, seededRng(7));
    let now = 0;
    while (guard.check(view(), now).action === 'continue') now += 1;
    expect(now).toBeGreaterThanOrEqual(1_000);
    expect(now).toBeLessThanOrEqual(2_000);
    const pause = guard.check(view(), now);
    expect(pause.action === 'pause' && pause.until - now).toBeGreaterThanOrEqual(300);
    expect(pause.action === 'pause' && pause.until - now).toBeLessThanOrEqual(400);
  });
});

describe('guard manager', () => {
  const pauseUntil = (name: string, until: number): Guard => ({
    name,
    description: 'pauses',
    check: () => ({ action: 'pause', reason: 'break', until, message: name }),
  });

  it('prefers a stop over any pause, and the longest pause among pauses', () => {
    const manager = new GuardManager([pauseUntil('a', 5), pauseUntil('b', 9), durationGuard(1)]);
    expect(manager.check(view(), 10)).toMatchObject({ action: 'stop', reason: 'execution-time' });
    expect(new GuardManager([pauseUntil('a', 5), pauseUntil('b', 9)]).check(view(), 0)).toMatchObject({
      until: 9,
    });
  });

  it('refuses guards without a description and guards registered twice', () => {
    expect(() => new GuardManager([{ ...pauseUntil('a', 1), description: ' ' }])).toThrow(
      'Every guard needs a name and a description',
    );
    expect(() => new GuardManager([pauseUntil('a', 1), pauseUntil('a', 2)])).toThrow(
      'Guard a is registered twice',
    );
  });
});

describe('safety guard, other operational errors', () => {
  it('stops on a full unassigned pile with the game text, and leaves lack of coins to the coin guard', () => {
    const full = error(
      'pile-full',
      0,
      1,
      'Request failed with status code 473, and message Destination Full',
    );
    expect(safetyGuard().check(view({ lastError: full }), 0)).toEqual({
      action: 'stop',
      reason: 'error',
      message: 'Request failed with status code 473, and message Destination Full',
    });
    expect(safetyGuard().check(view({ lastError: error('not-enough-coins') }), 0)).toEqual({
      action: 'continue',
    });
  });
});
