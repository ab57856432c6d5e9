import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesAreFor } from '../../lib/audience.js';

/** The product version the web shows in its footer. */
export const appVersion = '0.1.0';

/** /api/app */
export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  routesAreFor(app, 'anyone');
  app.get('/version', async () => ({ data: appVersion }));
};
