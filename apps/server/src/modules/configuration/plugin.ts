import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { configurationRoutes } from './routes.js';

/** The user's configuration: /api/configuration. */
export const configurationModule = serverModule('configuration', ['auth'], async (app) => {
  await app.register(configurationRoutes, { prefix: '/api/configuration', ...protectedOptions(app) });
});
