import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { adminRoutes } from './routes.js';

/** Administration: /api/admin (users, trials, credits, refunds of catalogue and other modules' orders). */
export const adminModule = serverModule('admin', ['auth', 'payment'], async (app) => {
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    ...protectedOptions(app),
    catalogue: app.paymentCatalogue,
    externalOrders: app.paymentOrders.handlers,
  });
});
