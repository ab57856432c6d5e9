import rateLimit from '@fastify/rate-limit';
import { presentedUserSchema, successMessages } from '@tradedesk/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session.js';
import { codeSignInBody, fingerprintBody, forceLogoutBody, tokenSignInBody } from './schemas.js';
import { sessionExpired, type AuthService, type NewSession } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

/** A sign-in answers the signed-in user; asking for a code answers only that one was issued. */
const signedInData = z.object({ user: presentedUserSchema });
const codeIssuedData = z.object({ sent: z.literal(true) });
const loggedOutAnswer = { 200: answerOf(z.object({ loggedOut: z.literal(true) })) };

export interface AuthRoutesOptions {
  auth: AuthService;
  /** The user presenter (plugin `user-presenter`). */
  presentUser: FastifyInstance['presentUser'];
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

  app.post(
    '/token',
    { schema: { body: tokenSignInBody, response: { 200: answerOf(signedInData) } } },
    async (request, reply) => signedIn(await auth.signInWithToken(request.body, request.ip), reply),
  );

  app.post(
    '/code',
    {
      schema: { body: codeSignInBody, response: { 200: answerOf(z.union([signedInData, codeIssuedData])) } },
    },
    async (request, reply) => {
      const { username, code, fingerprint, isIFrame } = request.body;
      if (code === undefined || code === '') {
        await auth.issueSignInCode(username, (line) => request.log.info(line));
        return { data: { sent: true as const }, message: 'If the user exists, a sign-in code was issued' };
      }
      return signedIn(
        await auth.signInWithCode({ username, code, fingerprint, isIFrame }, request.ip),
        reply,
      );
    },
  );

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
      schema: { body: fingerprintBody, response: { 200: answerOf(z.object({ valid: z.literal(true) })) } },
    },
    async (request, reply) => {
      try {
        await auth.checkFingerprint(readSessionCookie(request), request.body.fingerprint);
      } catch (error) {
        clearSessionCookie(reply);
        throw error;
      }
      return { data: { valid: true as const } };
    },
  );

  app.post('/logout', { schema: { response: loggedOutAnswer } }, async (request, reply) => {
    await auth.logout(readSessionCookie(request));
    clearSessionCookie(reply);
    return { data: { loggedOut: true as const }, message: successMessages.loggedOut };
  });

  app.post(
    '/forceLogout',
    { schema: { body: forceLogoutBody, response: loggedOutAnswer } },
    async (request) => {
      await auth.forceLogout(request.body.token, request.ip);
      return { data: { loggedOut: true as const }, message: 'Signed out every device' };
    },
  );
};
