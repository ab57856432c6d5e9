import { serverModule } from '../../lib/server-module.js';
import { referralRoutes } from './routes.js';
import { createReferralService, type ReferralService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Referral codes (checkouts look the referrer up). */
    referrals: ReferralService;
  }
}

/** Referral codes: /api/referral. */
export const referralModule = serverModule('referral', ['auth'], async (app) => {
  const referrals = createReferralService(app.appContext.db);
  app.decorate('referrals', referrals);
  await app.register(referralRoutes, { prefix: '/api/referral', auth: app.auth, referrals });
});
