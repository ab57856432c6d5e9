import { rehearsalQuerySchema } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filterRepo } from '../filter/repo.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { presentRehearsal } from './presenter.js';
import { filterKeyOf, rehearsalRepo } from './repo.js';
import { failSilentRehearsals } from './service.js';

/**
 * /api/rehearsal?filterIds=a,b: the latest rehearsal of these filters as they are now (an edited
 * filter has none until rehearsed again), or null. Started by the snipe hub's `snipe-rehearse`.
 */
export const rehearsalRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  app.addHook('onRequest', requireUser);

  app.get('/', { schema: { querystring: rehearsalQuerySchema } }, async (request) => {
    const userId = request.user.id;
    const stored = await filterRepo.listOf(ctx.db, userId);
    const wanted = new Set(request.query.filterIds);
    const rows = stored.filter((row) => wanted.has(row.id));
    if (rows.length !== wanted.size) return { data: null };
    await failSilentRehearsals(ctx, userId);
    const latest = await rehearsalRepo.latestOf(ctx.db, userId, filterKeyOf(rows));
    return { data: latest ? presentRehearsal(latest) : null };
  });
};
