import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { notificationRoutes } from './routes.js';

/** The user's kept notifications: /api/notification. */
export const notificationModule = serverModule('notification', ['auth'], async (app) => {
  await app.register(notificationRoutes, { prefix: '/api/notification', ...protectedOptions(app) });
});
