import type { Database } from '../../db/client.js';
import { serverModule } from '../../lib/server-module.js';
import { createMetrics, type Metrics } from './metrics.js';
import { databaseAnswers } from './metrics-repo.js';
import { createReadiness, type Readiness } from './readiness.js';
import { observabilityRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics (GET /metrics); the socket layer attaches its gauges and counts events. */
    metrics: Metrics;
    /** What GET /readyz asks; realtime adds Redis and the agents, shutdown drains it. */
    readiness: Readiness;
  }
}

/** Health, readiness and metrics: /healthz, /readyz, /metrics (docs/decisions/operations.md). */
export const observabilityModule = serverModule<{ database: Database }>(
  'observability',
  [],
  async (app, { database }) => {
    const metrics = createMetrics(database);
    const readiness = createReadiness();
    readiness.addCheck('database', () => databaseAnswers(database.db));
    app.decorate('metrics', metrics);
    app.decorate('readiness', readiness);
    await app.register(observabilityRoutes, { metrics, readiness });
  },
);
