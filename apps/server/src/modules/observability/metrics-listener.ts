import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.js';

/**
 * `GET /metrics` on a port of its own (METRICS_PORT): only the scraper reaches it, while the public
 * port (behind the Ingress or a balancer) serves no metrics at all. Anything else there is a 404.
 */
export function metricsListener(metrics: Metrics, onError: (error: unknown) => void) {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics.invalid').pathname;
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    metrics.scrape().then(
      ({ body, contentType }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Could not read the metrics');
      },
    );
  });
  return {
    /** Resolves with the port it listens on (0 picks a free one). */
    listen: (port: number, host: string) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
