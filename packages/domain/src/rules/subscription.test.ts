import { describe, expect, it } from 'vitest';
import { extendedExpiry, hasToolAccess, PERIOD_DAYS, trialExpiry } from './subscription.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-01T10:00:00.000Z');
const later = (days: number, from = now) => new Date(from.getTime() + days * DAY_MS);

describe('plan periods', () => {
  it('lasts a week, a month or a season', () => {
    expect(PERIOD_DAYS).toEqual({ week: 7, month: 30, season: 365 });
  });

  it('starts from now without a plan or after one ended, and extends one still running', () => {
    expect(extendedExpiry(null, now, 'month')).toEqual(later(30));
    expect(extendedExpiry(later(-5), now, 'week')).toEqual(later(7));
    expect(extendedExpiry(later(10), now, 'month')).toEqual(later(40));
    expect(extendedExpiry(null, now, 'week', 2)).toEqual(later(14));
    expect(() => extendedExpiry(null, now, 'week', 0)).toThrow(RangeError);
  });

  it('adds the 3-day trial after a running plan', () => {
    expect(trialExpiry(null, now, 3)).toEqual(later(3));
    expect(trialExpiry(later(2), now, 3)).toEqual(later(5));
  });
});

describe('tool access', () => {
  it('needs a tier whose plan has not ended; a tier without an end does not expire', () => {
    expect(hasToolAccess({ tier: 'none', expiresAt: null }, now)).toBe(false);
    expect(hasToolAccess({ tier: 'snipe', expiresAt: null }, now)).toBe(true);
    expect(hasToolAccess({ tier: 'snipe', expiresAt: later(1).toISOString() }, now)).toBe(true);
    expect(hasToolAccess({ tier: 'transfer', expiresAt: now }, now)).toBe(false);
  });
});
