import { FILTER_CODE_LENGTH, filterSchema, filterTypeValues, messages } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProtectedModuleOptions } from '../protected.js';
import { presentFilter } from './presenter.js';
import { createFilterService } from './service.js';

const idParams = z.object({ id: z.string().min(1) });
const importBody = z.object({
  id: z.string().trim().length(FILTER_CODE_LENGTH, messages.filterCodeLength),
  // A kind ('normal', 'transfer', ...) or a whole list ('snipe' covers normal, 59th Minute and fodder).
  type: z.enum(['snipe', ...filterTypeValues]),
});

/** /api/filter: the signed-in user's saved filters. */
export const filterRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, preHandler },
) => {
  app.addHook('preHandler', preHandler);
  const filters = createFilterService(ctx);

  app.get('/', async (request) => ({ data: (await filters.list(request.user.id)).map(presentFilter) }));

  app.post('/', { schema: { body: filterSchema } }, async (request) => {
    const row = await filters.upsert(request.user.id, request.body);
    return { data: presentFilter(row), message: 'Updated filters' };
  });

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    const row = await filters.remove(request.user.id, request.params.id);
    return { data: { id: row.id }, message: `Deleted ${row.label} filter` };
  });

  app.get('/:id/share', { schema: { params: idParams } }, async (request) => ({
    data: { code: await filters.shareCode(request.user.id, request.params.id) },
  }));

  app.post('/import', { schema: { body: importBody } }, async (request) => {
    const row = await filters.importByCode(request.user.id, request.body.id, request.body.type);
    return { data: presentFilter(row), message: 'Successfully imported filter' };
  });
};
