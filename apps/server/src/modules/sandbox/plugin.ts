import { serverModule } from '../../lib/server-module.js';
import { sandboxClubBadgeRoutes, sandboxGameAddress, type SandboxGameAddress } from './club-badges.js';
import { sandboxRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sandbox mode: where the sandbox game runs now (main sets it once the game has started). */
    sandboxGame: SandboxGameAddress;
  }
}

/**
 * Sandbox mode only: /api/sandbox makes users through the real API (SIM_ADMIN_KEY), and shows
 * the sandbox game's club crests from a path that survives the game's restarts.
 */
export const sandboxModule = serverModule<{ adminKey: string | undefined }>(
  'sandbox',
  ['app-context'],
  async (app, { adminKey }) => {
    const game = sandboxGameAddress();
    app.decorate('sandboxGame', game);
    if (app.appContext.gameMode !== 'sandbox') return;
    await app.register(sandboxClubBadgeRoutes, { game });
    await app.register(sandboxRoutes, { prefix: '/api/sandbox', ctx: app.appContext, adminKey });
  },
);
