import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { rehearsalRoutes } from './routes.js';
import type { RehearsalAgentCheck } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rehearsal route's lost-agent check (the agent hub attaches it). */
    rehearsalAgents: RehearsalAgentCheck;
  }
}

/** Rehearsals over HTTP: /api/rehearsal (started over the snipe hub). */
export const rehearsalModule = serverModule('rehearsal', ['auth'], async (app) => {
  // The agent hub fills in the lost-agent check when realtime is attached.
  const agents: RehearsalAgentCheck = { endIfLost: async () => [] };
  app.decorate('rehearsalAgents', agents);
  await app.register(rehearsalRoutes, { prefix: '/api/rehearsal', ...protectedOptions(app), agents });
});
