import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { feedPrices, PROVIDERS } from '../world/feeds.js';
import type { SimContext } from './context.js';

const paramsSchema = z.object({ provider: z.enum(PROVIDERS) });
const querySchema = z.object({
  platform: z.enum(['pc', 'ps']),
  since: z.coerce.number().int().nonnegative().optional(),
  definitionIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'definitionIds must be a comma list of ids')
    .transform((raw) => new Set(raw.split(',').map(Number)))
    .optional(),
});

/** Price-site feeds: `GET /feeds/{futbin|futwiz|futgg}/prices?platform=pc|ps&since=`. */
export function registerFeedRoutes(app: FastifyInstance, context: SimContext): void {
  app.get('/feeds/:provider/prices', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    if (!params.success)
      return reply.code(404).send({ message: `Unknown provider; use one of ${PROVIDERS.join(', ')}` });
    const query = querySchema.safeParse(request.query);
    if (!query.success)
      return reply.code(400).send({
        message: query.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join(', '),
      });
    const now = context.world.catchUp();
    const { platform, since, definitionIds } = query.data;
    let prices = feedPrices(context.world, params.data.provider, platform, now, since);
    if (definitionIds) prices = prices.filter((price) => definitionIds.has(price.definitionId));
    return { provider: params.data.provider, platform, generatedAt: now, count: prices.length, prices };
  });
}
