import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Account } from '../world/types.js';

/** The sandbox's club crests: one per account, numbered from its Nucleus id. */
export const badgeIdOf = (account: Pick<Account, 'id'>) => 100 + (account.id % 900);

const badgeParams = z.object({ badgeId: z.coerce.number().int().min(0).max(1_000_000) });

/** A shield in a colour of the badge id with its number: enough to tell clubs apart. */
function crestSvg(badgeId: number): string {
  const hue = (badgeId * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<path d="M32 2 L60 12 V30 C60 46 48 56 32 62 C16 56 4 46 4 30 V12 Z" fill="hsl(${hue} 60% 40%)" stroke="#fff" stroke-width="3"/>
<text x="32" y="40" font-family="sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="#fff">${badgeId}</text>
</svg>`;
}

/** GET /content/clubs/{badgeId}.png: the web app's club crest images (the sandbox draws SVG). */
export function registerContentRoutes(app: FastifyInstance): void {
  app.get('/content/clubs/:badgeId.png', async (request, reply) => {
    const parsed = badgeParams.safeParse(request.params);
    if (!parsed.success) return reply.code(404).send({ message: 'Not found' });
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(crestSvg(parsed.data.badgeId));
  });
}
