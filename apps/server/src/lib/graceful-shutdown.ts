import type { FastifyBaseLogger } from 'fastify';

export interface GracefulShutdownOptions {
  log: FastifyBaseLogger;
  /** Turns `/readyz` to 503 (the balancer and Kubernetes stop sending new work). */
  drain: () => void;
  /** How long the node stays up, not ready, before it closes (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /**
   * Closes in order, each step after the previous one settled: the embedded agent first (its
   * sessions end and report), then the HTTP server and its hubs (no new connections; requests in
   * flight are answered; sockets drop as lost transports and reconnect to another node; agents'
   * events being stored are awaited) and the database last.
   */
  steps: ReadonlyArray<() => Promise<unknown>>;
  /** Past this, the process exits anyway (a stuck close must not outlive the orchestrator's grace). */
  limitMs: number;
  exit: (code: number) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a node's close may take after its drain before it exits anyway (its agents moved first,
 * then its browsers, events in flight stored): an orchestrator's grace must exceed drain + this.
 */
export const shutdownCloseLimitMs = 25_000;

/**
 * What a node does on SIGTERM or SIGINT: not ready at once, still serving while the balancer takes
 * it out, then closes and exits 0 (1 when the limit ran out first).
 */
export async function shutDownGracefully(signal: string, options: GracefulShutdownOptions): Promise<void> {
  const { log } = options;
  options.drain();
  log.info(
    { category: 'start' },
    `${signal}: not ready from now on; closing in ${options.drainMs} ms, once the balancer has moved new work elsewhere`,
  );
  const limit = setTimeout(() => {
    log.error({ category: 'start' }, `Shutdown took longer than ${options.limitMs} ms; exiting anyway`);
    options.exit(1);
  }, options.limitMs);
  limit.unref();
  if (options.drainMs > 0) await sleep(options.drainMs);
  for (const step of options.steps) await Promise.allSettled([step()]);
  clearTimeout(limit);
  log.info({ category: 'start' }, `${signal}: closed; exiting`);
  options.exit(0);
}
