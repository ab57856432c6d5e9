import { rehearsalQuerySchema, rehearsalSchema } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOf } from '../../lib/answer.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { latestRehearsalOf, type RehearsalAgentCheck } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

/**
 * /api/rehearsal?filterIds=a,b: the latest rehearsal of these filters as they are now, or null,
 * in the shape the web parses it with. Started by the snipe hub's `snipe-rehearse`.
 */
export const rehearsalRoutes: FastifyPluginAsyncZod<
  ProtectedModuleOptions & { agents: RehearsalAgentCheck }
> = async (app, { ctx, requireUser, agents }) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);

  app.get(
    '/',
    {
      schema: { querystring: rehearsalQuerySchema, response: { 200: answerOf(rehearsalSchema.nullable()) } },
    },
    async (request) => ({
      data: await latestRehearsalOf(ctx, agents, request.user.id, request.query.filterIds),
    }),
  );
};
