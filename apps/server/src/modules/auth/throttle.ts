import { sha256 } from '../../lib/crypto.js';

/** How many attempts a key may spend before it is locked, and how the lock grows. */
export interface ThrottlePolicy {
  freeFailures: number;
  /** The first lock; each further failure doubles it, up to `maxLockMs`. */
  baseLockMs: number;
  maxLockMs: number;
  /** After this long without an attempt the count starts again. */
  forgetAfterMs: number;
}

/**
 * Guesses at one user from one address: a person mistyping a token a few times is never slowed
 * down, a guesser is after five. Only that address is locked out of that user.
 */
export const pairThrottlePolicy: ThrottlePolicy = {
  freeFailures: 5,
  baseLockMs: 30_000,
  maxLockMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

/** One address across user names: more room (several people behind one address), same backoff. */
export const addressThrottlePolicy: ThrottlePolicy = { ...pairThrottlePolicy, freeFailures: 20 };

/**
 * One user across addresses (a flood from many addresses). Its lock never applies to an address
 * the user signed in from before, so a stranger cannot keep the user out of their own desk.
 */
export const targetThrottlePolicy: ThrottlePolicy = { ...pairThrottlePolicy, freeFailures: 50 };

/** How long an address stays the user's own after a successful sign-in from it. */
export const knownAddressLifetimeMs = 90 * 24 * 60 * 60_000;

const nameDigest = (username: string) => sha256(username.trim().toLowerCase());
/** Keyed by digests: any name the schema accepts fits the table's primary-key index. */
export const targetKey = (username: string) => `user:${nameDigest(username)}`;
export const addressKey = (ip: string) => `ip:${ip}`;
export const pairKey = (username: string, ip: string) => `pair:${sha256(`${nameDigest(username)}\n${ip}`)}`;
export const knownKey = (username: string, ip: string) => `known:${sha256(`${nameDigest(username)}\n${ip}`)}`;

/** The lock after `failures` attempts, in ms (0 while within the free attempts). */
export function lockAfter(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.freeFailures;
  if (over < 0) return 0;
  return Math.min(policy.maxLockMs, policy.baseLockMs * 2 ** Math.min(over, 30));
}

export type Admission = { admitted: true } | { admitted: false; retryAfterMs: number };
