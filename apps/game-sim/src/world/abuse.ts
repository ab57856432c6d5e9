import type { AbuseRules } from '../core/config.js';
import { gameErrors, type GameError } from '../core/errors.js';
import type { Account } from './types.js';

const SECONDS_PER_HOUR = 3600;

/** Per-second request counters of one account over the last hour. */
class RequestWindow {
  private readonly counts = new Uint32Array(SECONDS_PER_HOUR);
  private readonly stamps = new Float64Array(SECONDS_PER_HOUR);
  strikes: number[] = [];

  record(nowSecond: number): void {
    const slot = nowSecond % SECONDS_PER_HOUR;
    if (this.stamps[slot] !== nowSecond) {
      this.stamps[slot] = nowSecond;
      this.counts[slot] = 0;
    }
    this.counts[slot] = (this.counts[slot] ?? 0) + 1;
  }

  countSince(nowSecond: number, seconds: number): number {
    let total = 0;
    for (let back = 0; back < seconds; back += 1) {
      const second = nowSecond - back;
      const slot = ((second % SECONDS_PER_HOUR) + SECONDS_PER_HOUR) % SECONDS_PER_HOUR;
      if (this.stamps[slot] === second) total += this.counts[slot] ?? 0;
    }
    return total;
  }
}

/**
 * The game's abuse controls as configurable rules (GAME-PROTOCOL §3, §5.2): per-minute budget
 * answered with 429, repeated 429s escalate to a 512 soft ban, the hourly budget to a 521 soft
 * ban, heavy hourly use raises a 458 captcha that blocks every game call until solved.
 */
export class AbuseGuard {
  private readonly windows = new Map<number, RequestWindow>();
  /** Errors the admin API queued for an account's next game calls (tests of 426, 5xx, ...). */
  private readonly forced = new Map<number, { error: GameError; remaining: number }>();
  /** The most calls any one per-minute window held when a call was admitted (reports read it). */
  private admittedPeak = 0;

  /**
   * `origin` is where the per-second counters start (the world's epoch), so a seeded world counts
   * a call in the same second whatever the wall-clock millisecond it started at.
   */
  constructor(
    private readonly rules: AbuseRules,
    private readonly origin = 0,
  ) {}

  /** Makes the account's next `count` game calls answer `error` (0 clears it). */
  forceErrors(account: Account, error: GameError, count: number): void {
    if (count > 0) this.forced.set(account.id, { error, remaining: count });
    else this.forced.delete(account.id);
  }

  /** Game calls still to be answered with a forced error. */
  forcedRemaining(account: Account): number {
    return this.forced.get(account.id)?.remaining ?? 0;
  }

  /** Throws the game error for this call, or records it as allowed. `now` comes from the caller. */
  admit(account: Account, now: number): void {
    const forced = this.forced.get(account.id);
    if (forced) {
      forced.remaining -= 1;
      if (forced.remaining <= 0) this.forced.delete(account.id);
      throw forced.error;
    }
    if (account.captchaPending) throw gameErrors.captcha();
    if (account.softBan) {
      if (account.softBan.until > now) throw gameErrors.softBan(account.softBan.code);
      account.softBan = undefined;
    }
    if (!this.rules.enabled) return;
    const second = Math.floor((now - this.origin) / 1000);
    const window = this.windowOf(account.id);
    window.record(second);
    const lastHour = window.countSince(second, SECONDS_PER_HOUR);
    if (lastHour > this.rules.perHour) {
      this.ban(account, now, 521);
      throw gameErrors.softBan(521);
    }
    if (this.rules.captchaPerHour > 0 && lastHour > this.rules.captchaPerHour) {
      account.captchaPending = true;
      throw gameErrors.captcha();
    }
    if (window.countSince(second, 60) > this.rules.perMinute) {
      window.strikes = window.strikes.filter((at) => at > now - SECONDS_PER_HOUR * 1000);
      window.strikes.push(now);
      if (window.strikes.length >= this.rules.strikesToSoftBan) {
        this.ban(account, now, 512);
        throw gameErrors.softBan(512);
      }
      throw gameErrors.tooManyRequests();
    }
    this.admittedPeak = Math.max(this.admittedPeak, window.countSince(second, 60));
  }

  /**
   * The busiest per-minute window of admitted calls so far, as the limit counts it: never above
   * `perMinute`, since a call that would pass it is refused (a rehearsal shows this figure).
   */
  peakPerMinute(): number {
    return this.admittedPeak;
  }

  /** Starts a soft ban now (admin trigger or escalation). */
  ban(account: Account, now: number, code: 512 | 521, minutes = this.rules.softBanMinutes): void {
    account.softBan = { until: now + minutes * 60_000, code };
    this.windows.delete(account.id);
  }

  /** Clears the captcha; the request history restarts so the captcha does not fire at once again. */
  solveCaptcha(account: Account): void {
    account.captchaPending = false;
    this.windows.delete(account.id);
  }

  private windowOf(accountId: number): RequestWindow {
    let window = this.windows.get(accountId);
    if (!window) {
      window = new RequestWindow();
      this.windows.set(accountId, window);
    }
    return window;
  }
}
