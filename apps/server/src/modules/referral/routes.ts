import { referralVerifySchema } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from '../auth/service.js';
import { readSessionCookie } from '../auth/session.js';
import type { ReferralService } from './service.js';

/** /api/referral: verify a code (anyone may, before buying) and read one's own code. */
export const referralRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  referrals: ReferralService;
}> = async (app, { auth, referrals }) => {
  app.post('/verify', { schema: { body: referralVerifySchema } }, async (request) => {
    const buyer = await auth.userOfSession(readSessionCookie(request));
    const referrer = await referrals.referrerFor(request.body.code, buyer?.id);
    return { data: referrer !== undefined };
  });

  // The signed-in user's own code, to share (a visitor has none yet: null).
  app.get('/', async (request) => {
    const user = await auth.userOfSession(readSessionCookie(request));
    return { data: user ? { code: await referrals.codeOf(user.id) } : null };
  });
};
