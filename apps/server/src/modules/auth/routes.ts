import rateLimit from '@fastify/rate-limit';
import { successMessages } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session.js';
import type { UserPresenter } from '../user/presenter.js';
import { codeSignInBody, fingerprintBody, forceLogoutBody, tokenSignInBody } from './schemas.js';
import { sessionExpired, type AuthService, type NewSession } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  presentUser: UserPresenter;
  /** Attempts per client per window; sign-in is the brute-force target. */
  rateLimit: { max: number; timeWindowMs: number };
}

/** /api/auth: sign-in by licence token or one-time code, fingerprint check, sign-out. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, presentUser, rateLimit: limit },
) => {
  routesAreFor(app, 'anyone');
  // Registered inside this plugin, so it counts only /api/auth requests (not assets or the API).
  await app.register(rateLimit, { max: limit.max, timeWindow: limit.timeWindowMs });

  const signedIn = async (session: NewSession, reply: Parameters<typeof setSessionCookie>[0]) => {
    setSessionCookie(reply, session.sessionToken, session.expiresAt);
    return { data: { user: await presentUser(session.user, {}) } };
  };

  app.post('/token', { schema: { body: tokenSignInBody } }, async (request, reply) =>
    signedIn(await auth.signInWithToken(request.body, request.ip), reply),
  );

  app.post('/code', { schema: { body: codeSignInBody } }, async (request, reply) => {
    const { username, code, fingerprint, isIFrame } = request.body;
    if (code === undefined || code === '') {
      await auth.issueSignInCode(username, (line) => request.log.info(line));
      return { data: { sent: true }, message: 'If the user exists, a sign-in code was issued' };
    }
    return signedIn(await auth.signInWithCode({ username, code, fingerprint, isIFrame }, request.ip), reply);
  });

  // The periodic check of a signed-in browser: without its session cookie it answers 401.
  app.post(
    '/fingerprint',
    {
      config: { audience: 'session' },
      // Without a session cookie there is nothing to check: 401 before the body is read, like
      // every session route.
      onRequest: async (request) => {
        if (!readSessionCookie(request)) throw sessionExpired();
      },
      schema: { body: fingerprintBody },
    },
    async (request, reply) => {
      try {
        await auth.checkFingerprint(readSessionCookie(request), request.body.fingerprint);
      } catch (error) {
        clearSessionCookie(reply);
        throw error;
      }
      return { data: { valid: true } };
    },
  );

  app.post('/logout', async (request, reply) => {
    await auth.logout(readSessionCookie(request));
    clearSessionCookie(reply);
    return { data: { loggedOut: true }, message: successMessages.loggedOut };
  });

  app.post('/forceLogout', { schema: { body: forceLogoutBody } }, async (request) => {
    await auth.forceLogout(request.body.token, request.ip);
    return { data: { loggedOut: true }, message: 'Signed out every device' };
  });
};
