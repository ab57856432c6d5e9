import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signInThrottle } from '../../db/schema.js';
import {
  knownAddressLifetimeMs,
  knownKey,
  lockAfter,
  type Admission,
  type ThrottlePolicy,
} from './throttle.js';

/**
 * Sign-in throttling over the `sign_in_throttle` table (in the database, so every server node
 * sees one count). An attempt is counted, and the lock its failure would earn placed, in one
 * conditional upsert BEFORE the secret is checked: concurrent guesses each take their own
 * number, and those past the free attempts are refused without being checked.
 */
export function createSignInThrottle(db: Db, now: () => Date) {
  return {
    /** Counts one attempt of `key`, or refuses it while the key is locked. */
    async admit(key: string, policy: ThrottlePolicy): Promise<Admission> {
      const at = now();
      const atText = at.toISOString();
      const forgetBefore = new Date(at.getTime() - policy.forgetAfterMs).toISOString();
      const next = sql`(CASE WHEN ${signInThrottle.lastFailureAt} < ${forgetBefore}::timestamptz THEN 1 ELSE ${signInThrottle.failures} + 1 END)`;
      const lockFor = sql`LEAST(${policy.maxLockMs}::float8, ${policy.baseLockMs}::float8 * power(2::float8, LEAST(${next} - ${policy.freeFailures}::int, 30)))`;
      const firstLockMs = lockAfter(1, policy);
      const [counted] = await db
        .insert(signInThrottle)
        .values({
          key,
          failures: 1,
          lastFailureAt: at,
          lockedUntil: firstLockMs > 0 ? new Date(at.getTime() + firstLockMs) : null,
        })
        .onConflictDoUpdate({
          target: signInThrottle.key,
          set: {
            failures: next,
            lastFailureAt: at,
            lockedUntil: sql`CASE WHEN ${next} < ${policy.freeFailures}::int THEN NULL ELSE ${atText}::timestamptz + ${lockFor} * interval '1 millisecond' END`,
          },
          // A locked key is not counted: the attempt is refused as it is.
          setWhere: sql`${signInThrottle.lockedUntil} IS NULL OR ${signInThrottle.lockedUntil} <= ${atText}::timestamptz`,
        })
        .returning({ failures: signInThrottle.failures });
      if (counted) return { admitted: true };
      const [row] = await db
        .select({ lockedUntil: signInThrottle.lockedUntil })
        .from(signInThrottle)
        .where(eq(signInThrottle.key, key));
      return {
        admitted: false,
        retryAfterMs: Math.max(1000, (row?.lockedUntil?.getTime() ?? 0) - at.getTime()),
      };
    },

    /**
     * Takes back one attempt that succeeded: the count drops by one, and a lock it placed goes
     * when the count is back within the free attempts.
     */
    async uncount(key: string, policy: ThrottlePolicy) {
      await db
        .update(signInThrottle)
        .set({
          failures: sql`GREATEST(${signInThrottle.failures} - 1, 0)`,
          lockedUntil: sql`CASE WHEN ${signInThrottle.failures} - 1 < ${policy.freeFailures}::int THEN NULL ELSE ${signInThrottle.lockedUntil} END`,
        })
        .where(eq(signInThrottle.key, key));
    },

    /** Forgets a key (a successful sign-in clears its user-and-address count). */
    async clear(key: string) {
      await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
    },

    /** Whether the user signed in from this address within knownAddressLifetimeMs. */
    async isKnownAddress(username: string, ip: string): Promise<boolean> {
      const since = new Date(now().getTime() - knownAddressLifetimeMs);
      const rows = await db
        .select({ key: signInThrottle.key })
        .from(signInThrottle)
        .where(and(eq(signInThrottle.key, knownKey(username, ip)), gt(signInThrottle.lastFailureAt, since)));
      return rows.length > 0;
    },

    /** Remembers the address of a successful sign-in (a `known:` row; its time is the last success). */
    async rememberAddress(username: string, ip: string) {
      const at = now();
      await db
        .insert(signInThrottle)
        .values({ key: knownKey(username, ip), failures: 0, lastFailureAt: at })
        .onConflictDoUpdate({ target: signInThrottle.key, set: { lastFailureAt: at } });
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
