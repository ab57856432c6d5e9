import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import { routesAreFor } from '../../lib/audience.js';
import type { Metrics } from './metrics.js';
import type { Readiness, ReadinessReport } from './readiness.js';

/** The readiness report, ready or not (503); `info` is passed as the checks report it. */
const readinessAnswer = answerOf(
  z.object({
    ready: z.boolean(),
    checks: z.record(z.string(), z.object({ ok: z.boolean(), message: z.string().optional() })),
    info: z.record(z.string(), z.unknown()),
  }) satisfies z.ZodType<ReadinessReport>,
);

export interface ObservabilityRoutesOptions {
  metrics: Metrics;
  readiness: Readiness;
  /** False when `/metrics` is served on a port of its own (METRICS_PORT). */
  servesMetrics: boolean;
}

/**
 * `/healthz` (liveness: the process answers), `/readyz` (readiness: 503 while a dependency is away
 * or the node drains) and `/metrics` (Prometheus text). For the balancer, the orchestrator and the
 * scraper on the nodes' own addresses; the public balancer refuses these paths (deploy/haproxy), and
 * with METRICS_PORT `/metrics` is not on this port at all (an Ingress passes every path).
 */
export const observabilityRoutes: FastifyPluginAsyncZod<ObservabilityRoutesOptions> = async (
  app,
  { metrics, readiness, servesMetrics },
) => {
  routesAreFor(app, 'anyone');
  app.get(
    '/healthz',
    { schema: { response: { 200: answerOf(z.object({ status: z.literal('ok') })) } } },
    async () => ({ data: { status: 'ok' as const } }),
  );
  app.get(
    '/readyz',
    { schema: { response: { 200: readinessAnswer, 503: readinessAnswer } } },
    async (_request, reply) => {
      const report = await readiness.report();
      return reply.code(report.ready ? 200 : 503).send({ data: report });
    },
  );
  if (servesMetrics)
    app.get('/metrics', async (_request, reply) => {
      const { body, contentType } = await metrics.scrape();
      return reply.type(contentType).send(body);
    });
};
