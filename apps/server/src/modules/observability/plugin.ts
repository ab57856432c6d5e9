import type { Database } from '../../db/client.js';
import { serverModule } from '../../lib/server-module.js';
import { metricsListener } from './metrics-listener.js';
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

export interface ObservabilityOptions {
  database: Database;
  /**
   * Serve `/metrics` on this address instead of the app's port (METRICS_PORT), from when the app
   * listens until it closes, so the public port never shows it.
   */
  metricsAddress?: { port: number; host: string } | undefined;
}

/** Health, readiness and metrics: /healthz, /readyz, /metrics (docs/decisions/operations.md). */
export const observabilityModule = serverModule<ObservabilityOptions>(
  'observability',
  [],
  async (app, { database, metricsAddress }) => {
    const metrics = createMetrics(database);
    const readiness = createReadiness();
    readiness.addCheck('database', () => databaseAnswers(database.db));
    app.decorate('metrics', metrics);
    app.decorate('readiness', readiness);
    await app.register(observabilityRoutes, { metrics, readiness, servesMetrics: !metricsAddress });
    if (metricsAddress) {
      const listener = metricsListener(metrics, (err) =>
        app.log.error({ err }, 'could not read the metrics'),
      );
      app.addHook('onListen', async () => {
        const port = await listener.listen(metricsAddress.port, metricsAddress.host);
        app.log.info({ category: 'start' }, `Metrics on http://${metricsAddress.host}:${port}/metrics`);
      });
      app.addHook('onClose', () => listener.close());
    }
  },
);
