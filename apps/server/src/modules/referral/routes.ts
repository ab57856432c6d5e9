import { referralVerifySchema } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import type { AuthService } from '../auth/service.js';
import { readSessionCookie, requireUser } from '../auth/session.js';
import type { ReferralService } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

/** /api/referral: verify a code (anyone may, before buying) and read one's own code. */
export const referralRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  referrals: ReferralService;
}> = async (app, { auth, referrals }) => {
  // Anyone may check a code before buying; only a signed-in user has a code of their own.
  routesAreFor(app, 'anyone');
  app.post(
    '/verify',
    { schema: { body: referralVerifySchema, response: { 200: answerOf(z.boolean()) } } },
    async (request) => {
      const buyer = await auth.userOfSession(readSessionCookie(request));
      const referrer = await referrals.referrerFor(request.body.code, buyer?.id);
      return { data: referrer !== undefined };
    },
  );

  // The signed-in user's own code, to share; a visitor has none (401, like every session route).
  app.get(
    '/',
    {
      config: { audience: 'session' },
      onRequest: requireUser(auth),
      schema: { response: { 200: answerOf(z.object({ code: z.string() })) } },
    },
    async (request) => ({
      data: { code: await referrals.codeOf(request.user.id) },
    }),
  );
};
