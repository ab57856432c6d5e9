import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signInThrottle } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';

/** How many failures a key may have before it is locked, and how the lock grows. */
export interface ThrottlePolicy {
  freeFailures: number;
  /** The first lock; each further failure doubles it, up to `maxLockMs`. */
  baseLockMs: number;
  maxLockMs: number;
  /** After this long without a failure the count starts again. */
  forgetAfterMs: number;
}

/** Per user name: a person mistyping a token a few times is never slowed down. */
export const userThrottlePolicy: ThrottlePolicy = {
  freeFailures: 5,
  baseLockMs: 30_000,
  maxLockMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

/** Per client address: more room (several people behind one address), same backoff. */
export const addressThrottlePolicy: ThrottlePolicy = { ...userThrottlePolicy, freeFailures: 20 };

/** Keyed by a digest of the name: any name the schema accepts fits the table's primary-key index. */
export const userKey = (username: string) => `user:${sha256(username.trim().toLowerCase())}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** The lock after `failures` failures, in ms (0 while within the free attempts). */
export function lockAfter(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.freeFailures;
  if (over < 0) return 0;
  return Math.min(policy.maxLockMs, policy.baseLockMs * 2 ** Math.min(over, 30));
}

/** Sign-in throttling over the `sign_in_throttle` table. */
export function createSignInThrottle(db: Db, now: () => Date) {
  return {
    /** Milliseconds until every given key is unlocked (0 when none is locked). */
    async retryAfterMs(keys: readonly string[]): Promise<number> {
      if (keys.length === 0) return 0;
      const rows = await db
        .select()
        .from(signInThrottle)
        .where(inArray(signInThrottle.key, [...keys]));
      const at = now().getTime();
      return Math.max(0, ...rows.map((row) => (row.lockedUntil ? row.lockedUntil.getTime() - at : 0)));
    },

    /** Counts a failure of each key and locks those past their free attempts. */
    async recordFailure(keys: ReadonlyArray<{ key: string; policy: ThrottlePolicy }>) {
      const at = now();
      for (const { key, policy } of keys) {
        const forgetBefore = new Date(at.getTime() - policy.forgetAfterMs);
        const [row] = await db
          .insert(signInThrottle)
          .values({ key, failures: 1, lastFailureAt: at })
          .onConflictDoUpdate({
            target: signInThrottle.key,
            set: {
              failures: sql`CASE WHEN ${signInThrottle.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz THEN 1 ELSE ${signInThrottle.failures} + 1 END`,
              lastFailureAt: at,
            },
          })
          .returning({ failures: signInThrottle.failures });
        const lockMs = lockAfter(row?.failures ?? 1, policy);
        if (lockMs > 0)
          await db
            .update(signInThrottle)
            .set({ lockedUntil: new Date(at.getTime() + lockMs) })
            .where(eq(signInThrottle.key, key));
      }
    },

    /** A successful sign-in clears its user's count (never the address's: one valid account must not reset it). */
    async clear(key: string) {
      await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
