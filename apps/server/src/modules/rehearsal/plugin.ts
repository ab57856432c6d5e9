import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { rehearsalRoutes } from './routes.js';
import type { RehearsalAgentCheck } from './service.js';

/** Without socket hubs no agent runs a rehearsal, so none is ever found lost. */
const noAgents: RehearsalAgentCheck = { endIfLost: async () => [] };

/** Rehearsals over HTTP: /api/rehearsal (started over the snipe hub, whose agents it asks after). */
export const rehearsalModule = serverModule('rehearsal', ['auth', 'realtime'], async (app) => {
  const agents: RehearsalAgentCheck = app.agentPorts ?? noAgents;
  await app.register(rehearsalRoutes, { prefix: '/api/rehearsal', ...protectedOptions(app), agents });
});
