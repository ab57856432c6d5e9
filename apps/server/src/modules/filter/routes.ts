import {
  deletedFilterMessage,
  filterImportSchema,
  filterSchema,
  filterShapeSchema,
  successMessages,
} from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { presentFilter } from './presenter.js';
import { createFilterService } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

const idParams = z.object({ id: z.string().min(1) });
/** A stored filter is answered in the shape the web parses it with (shapes only, no cross-field rules). */
const filterAnswer = { 200: answerOf(filterShapeSchema) };

/** /api/filter: the signed-in user's saved filters. */
export const filterRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);
  const filters = createFilterService(ctx);

  app.get('/', { schema: { response: { 200: answerOf(z.array(filterShapeSchema)) } } }, async (request) => ({
    data: (await filters.list(request.user.id)).map(presentFilter),
  }));

  app.post('/', { schema: { body: filterSchema, response: filterAnswer } }, async (request) => {
    const row = await filters.upsert(request.user.id, request.body);
    return { data: presentFilter(row), message: successMessages.updatedFilters };
  });

  app.delete(
    '/:id',
    { schema: { params: idParams, response: { 200: answerOf(z.object({ id: z.string() })) } } },
    async (request) => {
      const row = await filters.remove(request.user.id, request.params.id);
      return { data: { id: row.id }, message: deletedFilterMessage(row.label) };
    },
  );

  app.get(
    '/:id/share',
    { schema: { params: idParams, response: { 200: answerOf(z.object({ code: z.string() })) } } },
    async (request) => ({
      data: { code: await filters.shareCode(request.user.id, request.params.id) },
    }),
  );

  app.post('/import', { schema: { body: filterImportSchema, response: filterAnswer } }, async (request) => {
    const row = await filters.importByCode(request.user.id, request.body.id, request.body.type);
    return { data: presentFilter(row), message: successMessages.importedFilter };
  });
};
