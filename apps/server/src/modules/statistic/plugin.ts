import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { statisticRoutes } from './routes.js';

/** Statistics of the user's runs and accounts: /api/statistic. */
export const statisticModule = serverModule('statistic', ['auth'], async (app) => {
  await app.register(statisticRoutes, { prefix: '/api/statistic', ...protectedOptions(app) });
});
