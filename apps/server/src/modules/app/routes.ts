import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import { routesAreFor } from '../../lib/audience.js';
import type { EventLoopWatch } from '../../lib/event-loop-watch.js';

/** The product version the web shows in its footer. */
export const appVersion = '0.1.0';

const healthAnswer = answerOf(
  z.object({
    status: z.literal('ok'),
    eventLoop: z.object({
      meanMs: z.number(),
      peakMs: z.number(),
      stalls: z.number(),
      cpuWaits: z.number(),
    }),
  }),
);

export interface AppRoutesOptions {
  eventLoop: EventLoopWatch;
}

/** /api/app */
export const appRoutes: FastifyPluginAsyncZod<AppRoutesOptions> = async (app, { eventLoop }) => {
  routesAreFor(app, 'anyone');
  app.get('/version', { schema: { response: { 200: answerOf(z.string()) } } }, async () => ({
    data: appVersion,
  }));

  /** Liveness for a load balancer or an operator: answers while the loop turns, with its delay. */
  app.get('/health', { schema: { response: { 200: healthAnswer } } }, async () => {
    const { meanMs, peakMs, stalls, cpuWaits } = eventLoop.delay();
    return {
      data: {
        status: 'ok' as const,
        eventLoop: { meanMs: Math.round(meanMs), peakMs: Math.round(peakMs), stalls, cpuWaits },
      },
    };
  });
};
