import type { FastifyBaseLogger } from 'fastify';

export interface EmbeddedSim {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the sandbox game in-process on a free port. This folder is the only place allowed to
 * import @tradedesk/game-sim; it is loaded on demand, so live mode never loads the sandbox.
 * A sim that fails to start is reported and the server runs without it.
 */
export async function startEmbeddedSim(log: FastifyBaseLogger): Promise<EmbeddedSim | undefined> {
  try {
    const { startSim } = await import('@tradedesk/game-sim');
    const started = await startSim({ port: 0 });
    log.info({ category: 'sandbox' }, `Sandbox game running at ${started.url}`);
    return started;
  } catch (error) {
    log.warn({ category: 'sandbox', err: error }, 'Sandbox game failed to start; running without it');
    return undefined;
  }
}
