import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { hashSecret, randomCode, sha256, verifySecret } from '../../lib/crypto.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.js';
import { licencePrefix } from './licence.js';
import { authRepo, type UserRow } from './repo.js';

/** How long a signed-in browser stays signed in without signing in again. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** How long a one-time sign-in code is valid. */
export const signInCodeLifetimeMs = 10 * 60 * 1000;

const invalidCredentials = () => unauthorized('invalid_credentials', 'invalid_credentials');

export interface NewSession {
  user: UserRow;
  sessionToken: string;
  expiresAt: Date;
}

/** Sign-in by licence token or one-time code, the one-fingerprint rule, sign-out. */
export function createAuthService(ctx: AppContext) {
  const { db } = ctx;

  async function userByToken(token: string) {
    for (const user of await authRepo.findUsersByTokenPrefix(db, licencePrefix(token))) {
      if (await verifySecret(user.tokenHash, token)) return user;
    }
    return undefined;
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
    async signInWithToken(input: {
      username: string;
      token: string;
      fingerprint: string;
      isIFrame: boolean;
    }) {
      const user = await authRepo.findUserByUsername(db, input.username);
      if (!user || !(await verifySecret(user.tokenHash, input.token))) throw invalidCredentials();
      return openSession(user, input.fingerprint, input.isIFrame);
    },

    /** Ends every session of the token's owner ("Sign out the other device"). */
    async forceLogout(token: string) {
      const user = await userByToken(token);
      if (!user) throw invalidCredentials();
      await authRepo.deleteSessionsOf(db, user.id);
    },

    /** Sandbox: issues a code, logs it and leaves it as a notification. Quiet for unknown names. */
    async issueSignInCode(username: string, log: (line: string) => void) {
      if (ctx.gameMode !== 'sandbox') throw badRequest('missing_data', 'missing_data');
      const user = await authRepo.findUserByUsername(db, username);
      if (!user) return;
      const code = randomCode(8);
      const expiresAt = new Date(ctx.now().getTime() + signInCodeLifetimeMs);
      await authRepo.insertCode(db, { userId: user.id, codeHash: await hashSecret(code), expiresAt });
      await authRepo.insertNotification(db, {
        userId: user.id,
        type: 'INFO',
        message: `Your sign-in code is ${code}`,
        createdAt: ctx.now(),
      });
      log(`Sandbox sign-in code for ${username}: ${code} (valid 10 minutes)`);
    },

    async signInWithCode(input: {
      username: string;
      code: string;
      fingerprint?: string | undefined;
      isIFrame?: boolean | undefined;
    }) {
      const user = await authRepo.findUserByUsername(db, input.username);
      if (!user) throw invalidCredentials();
      const now = ctx.now();
      for (const candidate of await authRepo.liveCodesOf(db, user.id, now)) {
        if (!(await verifySecret(candidate.codeHash, input.code))) continue;
        const claimed = await authRepo.markCodeUsed(db, candidate.id, now);
        if (claimed.length === 0) break;
        return openSession(user, input.fingerprint ?? '', input.isIFrame ?? false);
      }
      throw invalidCredentials();
    },

    /** The periodic check: the session must be live and belong to this browser. */
    async checkFingerprint(sessionToken: string | undefined, fingerprint: string) {
      const session = sessionToken
        ? await authRepo.findLiveSessionByHash(db, sha256(sessionToken), ctx.now())
        : undefined;
      if (!session) throw unauthorized('Session expired', 'session_expired');
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
    },

    /** The live session behind a session cookie and its user, or undefined. */
    async sessionOf(sessionToken: string | undefined) {
      if (!sessionToken) return undefined;
      const session = await authRepo.findLiveSessionByHash(db, sha256(sessionToken), ctx.now());
      const user = session ? await authRepo.findUserById(db, session.userId) : undefined;
      return session && user ? { session, user } : undefined;
    },

    /** The signed-in user behind a session cookie, or undefined. */
    async userOfSession(sessionToken: string | undefined) {
      return (await this.sessionOf(sessionToken))?.user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
