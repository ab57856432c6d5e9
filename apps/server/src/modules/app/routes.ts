import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The product version the web shows in its footer. */
export const appVersion = '0.1.0';

/** /api/app */
export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/version', async () => ({ data: appVersion }));
};
