import { randomBytes } from 'node:crypto';
import { failedSignInNotice, signInThrottledMessage } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { hashSecret, randomCode, sha256, verifySecret } from '../../lib/crypto.js';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.js';
import { licencePrefix } from './licence.js';
import { notificationRepo } from '../notification/repo.js';
import { authRepo, type SessionRow, type UserRow } from './repo.js';
import { sessionCacheOf } from './session-cache.js';
import {
  addressKey,
  addressThrottlePolicy,
  pairKey,
  pairThrottlePolicy,
  targetKey,
  targetThrottlePolicy,
  type Admission,
  type ThrottlePolicy,
} from './throttle.js';
import { createSignInThrottle } from './throttle-repo.js';

/** How long a signed-in browser stays signed in without signing in again. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** How long a one-time sign-in code is valid. */
export const signInCodeLifetimeMs = 10 * 60 * 1000;
/** Live codes a user may hold; a new one retires the oldest, so a wrong code costs at most this many checks. */
export const maxLiveSignInCodes = 3;

const invalidCredentials = () => unauthorized('invalid_credentials', 'invalid_credentials');

/** A browser whose session is gone (expired, signed out elsewhere, or no cookie at all). */
export const sessionExpired = () => unauthorized('Session expired', 'session_expired');

/** The standing notice of failed sign-ins: one unread at a time, however many guesses arrive. */
export const failedSignInNoticeKey = 'sign-in:failed';

/** 429 while a user name or address is locked after too many failed sign-ins. */
export const tooManyAttempts = (retryAfterMs: number) => {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new AppError(429, 'too_many_attempts', signInThrottledMessage(seconds), {
    retryAfterSeconds: seconds,
  });
};

export interface NewSession {
  user: UserRow;
  sessionToken: string;
  expiresAt: Date;
}

/** Sign-in by licence token or one-time code, the one-fingerprint rule, sign-out. */
export function createAuthService(ctx: AppContext) {
  const { db } = ctx;
  const throttle = createSignInThrottle(db, ctx.now);
  const sessions = sessionCacheOf(ctx);
  // Unknown names are answered after the same argon2 work as known ones, so timing tells nothing.
  let dummyHash: Promise<string> | undefined;
  const burnVerification = async (secret: string) => {
    dummyHash ??= hashSecret(randomCode(40));
    await verifySecret(await dummyHash, secret);
  };

  /**
   * Runs one sign-in attempt under the throttles, each attempt counted before its secret is
   * checked: the address's (any name), the address's at this user, and, from an address the user
   * has not signed in from before, the user's across addresses. A locked key refuses with 429
   * before the check; a success takes its counts back and remembers the address as the user's.
   */
  async function throttled<T>(
    who: { username?: string; ip: string },
    attempt: () => Promise<T | undefined>,
  ): Promise<T> {
    const counted: Array<{ key: string; policy: ThrottlePolicy }> = [];
    const admit = async (key: string, policy: ThrottlePolicy) => {
      const admission: Admission = await throttle.admit(key, policy);
      if (!admission.admitted) throw tooManyAttempts(admission.retryAfterMs);
      counted.push({ key, policy });
    };
    // In this order, so a refused attempt is counted only on the keys of the one who sent it.
    await admit(addressKey(who.ip), addressThrottlePolicy);
    const { username } = who;
    if (username !== undefined) {
      await admit(pairKey(username, who.ip), pairThrottlePolicy);
      if (!(await throttle.isKnownAddress(username, who.ip)))
        await admit(targetKey(username), targetThrottlePolicy);
    }
    const result = await attempt();
    if (result === undefined) throw invalidCredentials();
    for (const { key, policy } of counted)
      await (key.startsWith('pair:') ? throttle.clear(key) : throttle.uncount(key, policy));
    if (username !== undefined) await throttle.rememberAddress(username, who.ip);
    return result;
  }

  /** Tells the user of a wrong token or code for their name (one unread notice at a time). */
  async function noticeFailedAttempt(userId: string, ip: string) {
    await notificationRepo.insert(db, {
      userId,
      type: 'ERROR',
      message: failedSignInNotice(ip),
      noticeKey: failedSignInNoticeKey,
      createdAt: ctx.now(),
    });
  }

  async function userByToken(token: string) {
    for (const user of await authRepo.findUsersByTokenPrefix(db, licencePrefix(token))) {
      if (await verifySecret(user.tokenHash, token)) return user;
    }
    return undefined;
  }

  const sessionLookups = new Map<string, Promise<{ session: SessionRow; user: UserRow } | undefined>>();
  async function lookUpSession(tokenHash: string) {
    const readAtGeneration = sessions.generation();
    const session = await authRepo.findLiveSessionByHash(db, tokenHash, ctx.now());
    const user = session ? await authRepo.findUserById(db, session.userId) : undefined;
    if (!session || !user) return undefined;
    sessions.set(tokenHash, session, user, readAtGeneration);
    return { session, user };
  }

  /** Opens the user's one session, unless another fingerprint holds a live one. */
  async function openSession(user: UserRow, fingerprint: string, isIFrame: boolean): Promise<NewSession> {
    const now = ctx.now();
    const live = await authRepo.liveSessionsOf(db, user.id, now);
    if (live.some((session) => session.fingerprint !== '' && session.fingerprint !== fingerprint)) {
      throw conflict('This account is signed in on another device', 'active_session', {
        code: 'active_session',
      });
    }
    sessions.forgetUser(user.id);
    const sessionToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
    await db.transaction(async (tx) => {
      await authRepo.deleteSessionsOf(tx, user.id);
      await authRepo.insertSession(tx, {
        userId: user.id,
        tokenHash: sha256(sessionToken),
        fingerprint,
        isIFrame,
        createdAt: now,
        expiresAt,
      });
    });
    return { user, sessionToken, expiresAt };
  }

  return {
    async signInWithToken(
      input: { username: string; token: string; fingerprint: string; isIFrame: boolean },
      ip: string,
    ) {
      const user = await throttled({ username: input.username, ip }, async () => {
        const found = await authRepo.findUserByUsername(db, input.username);
        if (!found) return void (await burnVerification(input.token));
        if (await verifySecret(found.tokenHash, input.token)) return found;
        await noticeFailedAttempt(found.id, ip);
        return undefined;
      });
      return openSession(user, input.fingerprint, input.isIFrame);
    },

    /** Ends every session of the token's owner ("Sign out the other device"). */
    async forceLogout(token: string, ip: string) {
      const user = await throttled({ ip }, () => userByToken(token));
      await authRepo.deleteSessionsOf(db, user.id);
      sessions.forgetUser(user.id);
    },

    /** Sandbox: issues a code, logs it and leaves it as a notification. Quiet for unknown names. */
    async issueSignInCode(username: string, log: (line: string) => void) {
      if (ctx.gameMode !== 'sandbox') throw badRequest('missing_data', 'missing_data');
      const user = await authRepo.findUserByUsername(db, username);
      const code = randomCode(8);
      const codeHash = await hashSecret(code);
      if (!user) return;
      const now = ctx.now();
      const live = await authRepo.liveCodesOf(db, user.id, now);
      const retired = live
        .sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime())
        .slice(maxLiveSignInCodes - 1);
      const expiresAt = new Date(now.getTime() + signInCodeLifetimeMs);
      await db.transaction(async (tx) => {
        for (const old of retired) await authRepo.markCodeUsed(tx, old.id, now);
        await authRepo.insertCode(tx, { userId: user.id, codeHash, expiresAt });
      });
      await authRepo.insertNotification(db, {
        userId: user.id,
        type: 'INFO',
        message: `Your sign-in code is ${code}`,
        createdAt: ctx.now(),
      });
      log(`Sandbox sign-in code for ${username}: ${code} (valid 10 minutes)`);
    },

    async signInWithCode(
      input: {
        username: string;
        code: string;
        fingerprint?: string | undefined;
        isIFrame?: boolean | undefined;
      },
      ip: string,
    ) {
      const user = await throttled({ username: input.username, ip }, async () => {
        const found = await authRepo.findUserByUsername(db, input.username);
        if (!found) return void (await burnVerification(input.code));
        const now = ctx.now();
        // At most maxLiveSignInCodes rows: a wrong code costs a bounded number of checks.
        for (const candidate of await authRepo.liveCodesOf(db, found.id, now)) {
          if (!(await verifySecret(candidate.codeHash, input.code))) continue;
          const claimed = await authRepo.markCodeUsed(db, candidate.id, now);
          return claimed.length === 0 ? undefined : found;
        }
        await noticeFailedAttempt(found.id, ip);
        return undefined;
      });
      return openSession(user, input.fingerprint ?? '', input.isIFrame ?? false);
    },

    /** The periodic check: the session must be live and belong to this browser. */
    async checkFingerprint(sessionToken: string | undefined, fingerprint: string) {
      const session = sessionToken
        ? await authRepo.findLiveSessionByHash(db, sha256(sessionToken), ctx.now())
        : undefined;
      if (!session) throw sessionExpired();
      sessions.forgetUser(session.userId);
      if (session.fingerprint === '') {
        await authRepo.bindFingerprint(db, session.id, fingerprint);
      } else if (session.fingerprint !== fingerprint) {
        await authRepo.deleteSession(db, session.id);
        throw forbidden('Fingerprint mismatch', 'fingerprint_mismatch');
      }
    },

    async logout(sessionToken: string | undefined) {
      if (!sessionToken) return;
      const session = await authRepo.findLiveSessionByHash(db, sha256(sessionToken), ctx.now());
      if (session) await authRepo.deleteSession(db, session.id);
      if (session) sessions.forgetUser(session.userId);
    },

    /** The live session behind a session cookie and its user, or undefined. */
    async sessionOf(sessionToken: string | undefined) {
      if (!sessionToken) return undefined;
      const tokenHash = sha256(sessionToken);
      const cached = sessions.get(tokenHash);
      if (cached && cached.session.expiresAt > ctx.now()) return cached;
      // Concurrent requests of one session share a single lookup when the cache entry lapses.
      let lookup = sessionLookups.get(tokenHash);
      if (!lookup) {
        lookup = lookUpSession(tokenHash).finally(() => sessionLookups.delete(tokenHash));
        sessionLookups.set(tokenHash, lookup);
      }
      return lookup;
    },

    /** Drops the user's cached sessions: their row changed (any write they made). */
    forgetCachedUser: (userId: string) => sessions.forgetUser(userId),

    /** The signed-in user behind a session cookie, or undefined. */
    async userOfSession(sessionToken: string | undefined) {
      return (await this.sessionOf(sessionToken))?.user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
