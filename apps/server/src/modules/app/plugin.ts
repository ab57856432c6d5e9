import type { EventLoopWatch } from '../../lib/event-loop-watch.js';
import { serverModule } from '../../lib/server-module.js';
import { appRoutes } from './routes.js';

/** The app itself: /api/app (version, health). */
export const appModule = serverModule<{ eventLoop: EventLoopWatch }>(
  'app',
  [],
  async (app, { eventLoop }) => {
    await app.register(appRoutes, { prefix: '/api/app', eventLoop });
  },
);
