import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { userRoutes } from './routes.js';

/** The signed-in user: /api/user (shown by the user presenter; an account is decrypted by the account module). */
export const userModule = serverModule('user', ['auth', 'account', 'user-presenter'], async (app) => {
  await app.register(userRoutes, {
    prefix: '/api/user',
    ...protectedOptions(app),
    presentUser: app.presentUser,
    accounts: app.accounts,
  });
});
