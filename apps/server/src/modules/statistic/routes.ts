import {
  accountStatisticsSchema,
  sbcStatisticsSchema,
  snipeStatisticsSchema,
  transferStatisticsSchema,
  webStatisticsSchema,
  accountStatisticsRequestSchema,
  accountStatisticsResetSchema,
  successMessages,
} from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { accountStatisticsOf, resetAccountStatistics } from './account-statistics.js';
import { sbcStatisticsOf } from './sbc-statistics.js';
import { snipeStatisticsOf } from './snipe-statistics.js';
import { transferStatisticsOf } from './transfer-statistics.js';
import { webStatisticsOf } from './web-statistics.js';
import { routesAreFor } from '../../lib/audience.js';

/** /api/statistic: the signed-in user's statistics, counted from stored run events and transfers. */
export const statisticRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);
  app.get('/', { schema: { response: { 200: answerOf(webStatisticsSchema) } } }, async (request) => ({
    data: await webStatisticsOf(ctx, request.user.id),
  }));
  app.get('/snipe', { schema: { response: { 200: answerOf(snipeStatisticsSchema) } } }, async (request) => ({
    data: await snipeStatisticsOf(ctx, request.user.id),
  }));
  app.get(
    '/transfer',
    { schema: { response: { 200: answerOf(transferStatisticsSchema) } } },
    async (request) => ({ data: await transferStatisticsOf(ctx, request.user.id) }),
  );
  app.get('/sbc', { schema: { response: { 200: answerOf(sbcStatisticsSchema) } } }, async (request) => ({
    data: await sbcStatisticsOf(ctx, request.user.id),
  }));

  app.post(
    '/account',
    {
      schema: {
        body: accountStatisticsRequestSchema,
        response: { 200: answerOf(z.array(accountStatisticsSchema)) },
      },
    },
    async (request) => ({
      data: await accountStatisticsOf(ctx, request.user.id, request.body.date),
    }),
  );

  app.post(
    '/account/reset',
    {
      schema: {
        body: accountStatisticsResetSchema,
        response: { 200: answerOf(z.object({ id: z.string(), date: z.string() })) },
      },
    },
    async (request) => {
      const { id, date } = request.body;
      const accountId = await resetAccountStatistics(ctx, request.user.id, id, date);
      return { data: { id: accountId, date }, message: successMessages.statisticsReset };
    },
  );
};
