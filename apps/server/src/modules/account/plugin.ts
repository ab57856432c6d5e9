import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { accountRoutes } from './routes.js';

/** Game accounts: /api/account. */
export const accountModule = serverModule('account', ['auth'], async (app) => {
  await app.register(accountRoutes, { prefix: '/api/account', ...protectedOptions(app) });
});
