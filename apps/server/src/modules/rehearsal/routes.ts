import { rehearsalQuerySchema } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filterRepo } from '../filter/repo.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { presentRehearsal } from './presenter.js';
import { filterKeyOf, rehearsalRepo } from './repo.js';
import { failSilentRehearsals, type RehearsalAgentCheck } from './service.js';
import { routesAreFor } from '../../lib/audience.js';
import { runsRepo } from '../../runs/runs-repo.js';

/**
 * /api/rehearsal?filterIds=a,b: the latest rehearsal of these filters as they are now (an edited
 * filter has none until rehearsed again), or null. Started by the snipe hub's `snipe-rehearse`.
 * The page polls it while one runs, so a rehearsal whose agent is gone ends here with the lost
 * message, as soon as the agent hub would end the agent's other runs.
 */
export const rehearsalRoutes: FastifyPluginAsyncZod<
  ProtectedModuleOptions & { agents: RehearsalAgentCheck }
> = async (app, { ctx, requireUser, agents }) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);

  app.get('/', { schema: { querystring: rehearsalQuerySchema } }, async (request) => {
    const userId = request.user.id;
    const stored = await filterRepo.listOf(ctx.db, userId);
    const wanted = new Set(request.query.filterIds);
    const rows = stored.filter((row) => wanted.has(row.id));
    if (rows.length !== wanted.size) return { data: null };
    await failSilentRehearsals(ctx, userId);
    const key = filterKeyOf(rows);
    const latest = await rehearsalRepo.latestOf(ctx.db, userId, key);
    const run = latest?.status === 'running' ? await runsRepo.byId(ctx.db, latest.id) : undefined;
    if (latest && run?.agentId) {
      const ended = await agents.endIfLost(run.agentId, run.heartbeatAt);
      // The row as the loss ended it: read again only when it did.
      const current = ended.includes(latest.id) ? await rehearsalRepo.byId(ctx.db, latest.id) : latest;
      return { data: presentRehearsal(current ?? latest) };
    }
    return { data: latest ? presentRehearsal(latest) : null };
  });
};
