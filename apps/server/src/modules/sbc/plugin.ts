import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { createAccountSolutions, type AccountSolutions } from './account-solution.js';
import { sbcRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts' SBC squads from their clubs: the /sbc routes show them, the solver bot builds them. */
    sbcAccountSolutions: AccountSolutions;
  }
}

/** SBC over HTTP: /api/sbc, and the accounts' squads the socket hub's solver also uses. */
export const sbcModule = serverModule('sbc', ['auth', 'live-events'], async (app) => {
  const accountSolutions = createAccountSolutions(app.appContext, undefined, app.liveEvents);
  app.decorate('sbcAccountSolutions', accountSolutions);
  app.addHook('onClose', () => accountSolutions.close());
  await app.register(sbcRoutes, { prefix: '/api/sbc', ...protectedOptions(app), accountSolutions });
});
