import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { filterRoutes } from './routes.js';

/** Snipe filters: /api/filter. */
export const filterModule = serverModule('filter', ['auth'], async (app) => {
  await app.register(filterRoutes, { prefix: '/api/filter', ...protectedOptions(app) });
});
