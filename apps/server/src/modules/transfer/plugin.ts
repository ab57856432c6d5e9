import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { clientTransferRoutes, transferRoutes } from './routes.js';

/** Transfers over HTTP: the transfer list (/api/transfer) and the headful client's reads (/api/client-transfer). */
export const transferModule = serverModule('transfer', ['auth'], async (app) => {
  await app.register(transferRoutes, { prefix: '/api/transfer', ...protectedOptions(app) });
  await app.register(clientTransferRoutes, { prefix: '/api/client-transfer', ...protectedOptions(app) });
});
