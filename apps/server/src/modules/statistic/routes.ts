import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProtectedModuleOptions } from '../protected.js';
import { snipeStatisticsOf } from './snipe-statistics.js';

/** /api/statistic: the signed-in user's statistics (snipe so far; other areas arrive with their tools). */
export const statisticRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  app.addHook('onRequest', requireUser);
  app.get('/snipe', async (request) => ({ data: await snipeStatisticsOf(ctx, request.user.id) }));
};
