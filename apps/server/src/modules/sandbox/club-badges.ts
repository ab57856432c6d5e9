import { SANDBOX_CLUB_BADGES_PATH } from '@tradedesk/game-client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesAreFor } from '../../lib/audience.js';
import { notFound } from '../../lib/errors.js';

/** Where the sandbox game answers now; set once it has started (after the server listens). */
export interface SandboxGameAddress {
  url: string | undefined;
  /** The sandbox game's current address (its port changes at each start). */
  use(url: string): void;
}

export function sandboxGameAddress(): SandboxGameAddress {
  const address: SandboxGameAddress = {
    url: undefined,
    use(url) {
      address.url = url.replace(/\/+$/, '');
    },
  };
  return address;
}

const badgeParams = z.object({ badgeId: z.coerce.number().int().min(0).max(1_000_000) });

/**
 * GET /api/sandbox/clubs/{badgeId}.png: a sandbox club crest. Accounts store this path (not the
 * game's address, whose port changes at each start), and it sends the browser on to the crest
 * the sandbox game draws where it runs now, so crests survive a restart.
 */
export const sandboxClubBadgeRoutes: FastifyPluginAsyncZod<{ game: SandboxGameAddress }> = async (
  app,
  { game },
) => {
  routesAreFor(app, 'anyone');
  app.get(
    `${SANDBOX_CLUB_BADGES_PATH}/:badgeId.png`,
    { schema: { params: badgeParams } },
    async (request, reply) => {
      // Only in the seconds between the server's start and the sandbox game's: no crest yet (the
      // page shows its placeholder), a 404 like any missing picture.
      if (game.url === undefined) throw notFound('The sandbox game is not running', 'sandbox_not_running');
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${game.url}/content/clubs/${request.params.badgeId}.png`, 302);
    },
  );
};
