import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { accountRoutes } from './routes.js';
import { createAccountService, type AccountService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The users' game accounts (the user module decrypts one through it). */
    accounts: AccountService;
  }
}

/** Game accounts: /api/account. */
export const accountModule = serverModule('account', ['auth'], async (app) => {
  const accounts = createAccountService(app.appContext);
  app.decorate('accounts', accounts);
  await app.register(accountRoutes, { prefix: '/api/account', ...protectedOptions(app), accounts });
});
