import type { PricePeriod } from '../schemas/commerce.js';

/** Days one period of a plan lasts (plans are not recurring; see docs/decisions/payments.md). */
export const PERIOD_DAYS: Record<PricePeriod, number> = { week: 7, month: 30, season: 365 };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The new end of a plan bought at `now`: a renewal extends an unexpired plan from its current end,
 * an expired (or absent) one starts again from now.
 */
export function extendedExpiry(currentEnd: Date | null, now: Date, period: PricePeriod, periods = 1): Date {
  if (!Number.isInteger(periods) || periods < 1) throw new RangeError(`periods must be ≥ 1, got ${periods}`);
  const from = currentEnd && currentEnd.getTime() > now.getTime() ? currentEnd : now;
  return new Date(from.getTime() + PERIOD_DAYS[period] * periods * DAY_MS);
}

/** The free trial an admin grants: 3 days from now, or from the end of a plan still running. */
export function trialExpiry(currentEnd: Date | null, now: Date, days: number): Date {
  const from = currentEnd && currentEnd.getTime() > now.getTime() ? currentEnd : now;
  return new Date(from.getTime() + days * DAY_MS);
}

/** Shown instead of the tools once a plan has run out (nothing of the user's is deleted). */
export const subscriptionExpiredMessage =
  'Your subscription has expired. Renew it on the Subscription page to use the tools again; your accounts, filters and settings are kept.';

/**
 * Why a user without the Snipe plan cannot snipe (ours): the snipe hub refuses a start with it and
 * /snipe shows it in place of the dashboard.
 */
export const snipePlanRequiredMessage = 'Sniping needs the Snipe plan';

/**
 * The tools are open to a user with a tier whose plan has not ended. A tier without an end date
 * (the sandbox demo, an operator's own grant) does not expire.
 */
export function hasToolAccess(user: { tier: string; expiresAt: Date | string | null }, now: Date): boolean {
  if (user.tier === 'none') return false;
  if (user.expiresAt === null) return true;
  return new Date(user.expiresAt).getTime() > now.getTime();
}
