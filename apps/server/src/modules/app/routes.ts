import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesAreFor } from '../../lib/audience.js';
import type { EventLoopWatch } from '../../lib/event-loop-watch.js';

/** The product version the web shows in its footer. */
export const appVersion = '0.1.0';

export interface AppRoutesOptions {
  eventLoop: EventLoopWatch;
}

/** /api/app */
export const appRoutes: FastifyPluginAsyncZod<AppRoutesOptions> = async (app, { eventLoop }) => {
  routesAreFor(app, 'anyone');
  app.get('/version', async () => ({ data: appVersion }));

  /** Liveness for a load balancer or an operator: answers while the loop turns, with its delay. */
  app.get('/health', async () => {
    const { meanMs, peakMs, stalls } = eventLoop.delay();
    return {
      data: {
        status: 'ok' as const,
        eventLoop: { meanMs: Math.round(meanMs), peakMs: Math.round(peakMs), stalls },
      },
    };
  });
};
