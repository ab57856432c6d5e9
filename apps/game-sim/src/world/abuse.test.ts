import { describe, expect, it } from 'vitest';
import { abuseRulesSchema } from '../core/config.js';
import { GameError } from '../core/errors.js';
import { AbuseGuard } from './abuse.js';
import type { Account } from './types.js';

function account(): Account {
  return { id: 1, captchaPending: false, softBan: undefined } as Account;
}

function codeOf(action: () => void): number | 'ok' {
  try {
    action();
    return 'ok';
  } catch (error) {
    if (error instanceof GameError) return error.code;
    throw error;
  }
}

describe('abuse guard', () => {
  it('raises a captcha past the hourly captcha threshold and keeps blocking until solved', () => {
    const guard = new AbuseGuard(abuseRulesSchema.parse({ perMinute: 1_000, captchaPerHour: 10 }));
    const player = account();
    const start = Date.UTC(2026, 0, 1);
    const codes = Array.from({ length: 12 }, (_unused, call) =>
      codeOf(() => guard.admit(player, start + call * 10_000)),
    );
    expect(codes.slice(0, 10).every((code) => code === 'ok')).toBe(true);
    expect(codes[10]).toBe(458);
    expect(codes[11]).toBe(458);
    guard.solveCaptcha(player);
    expect(codeOf(() => guard.admit(player, start + 200_000))).toBe('ok');
  });

  it('soft-bans with 521 past the hourly budget and lifts the ban after its length', () => {
    const guard = new AbuseGuard(
      abuseRulesSchema.parse({ perMinute: 1_000, perHour: 5, captchaPerHour: 0, softBanMinutes: 30 }),
    );
    const player = account();
    const start = Date.UTC(2026, 0, 1);
    const codes = Array.from({ length: 7 }, (_unused, call) =>
      codeOf(() => guard.admit(player, start + call * 1_000)),
    );
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 521, 521]);
    expect(codeOf(() => guard.admit(player, start + 29 * 60_000))).toBe(521);
    expect(codeOf(() => guard.admit(player, start + 31 * 60_000))).toBe('ok');
  });

  it('answers the same calls alike whatever millisecond of a wall-clock second the world started at', () => {
    // 40 calls half a second in, then one a minute later: the minute's budget (40) is not exceeded
    // when counted from the world's start, so no start instant may turn the last call into a 429.
    function lastCall(origin: number) {
      const guard = new AbuseGuard(abuseRulesSchema.parse({ perMinute: 40 }), origin);
      const player = account();
      for (let call = 0; call < 40; call += 1) guard.admit(player, origin + 500);
      return codeOf(() => guard.admit(player, origin + 60_300));
    }
    const second = Date.UTC(2026, 0, 1);
    expect([lastCall(second), lastCall(second + 600)]).toEqual(['ok', 'ok']);
  });

  it('reports its busiest minute of admitted calls, which never passes the limit it is shown against', () => {
    const guard = new AbuseGuard(abuseRulesSchema.parse({ perMinute: 40, strikesToSoftBan: 100 }), 0);
    const player = account();
    // 40 calls late in one minute and 40 early in the next: 80 in a clock minute, 40 per window.
    for (let call = 0; call < 40; call += 1) guard.admit(player, 59_500);
    for (let call = 0; call < 40; call += 1) guard.admit(player, 119_100);
    expect(guard.peakPerMinute()).toBe(40);
    // A 41st call in that window is refused (429) and does not raise the peak.
    expect(codeOf(() => guard.admit(player, 119_200))).toBe(429);
    expect(guard.peakPerMinute()).toBe(40);
  });

  it('lets everything through when disabled, except a pending captcha', () => {
    const guard = new AbuseGuard(abuseRulesSchema.parse({ enabled: false, perMinute: 1 }));
    const player = account();
    expect(codeOf(() => guard.admit(player, 0))).toBe('ok');
    expect(codeOf(() => guard.admit(player, 1))).toBe('ok');
    player.captchaPending = true;
    expect(codeOf(() => guard.admit(player, 2))).toBe(458);
  });
});
