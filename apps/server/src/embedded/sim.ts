import type { FastifyBaseLogger } from 'fastify';

export interface EmbeddedSim {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the sandbox game in-process on a free port. This folder is the only place allowed to
 * import @tradedesk/game-sim; a missing or unfinished sim is reported and the server runs without it.
 */
export async function startEmbeddedSim(log: FastifyBaseLogger): Promise<EmbeddedSim | undefined> {
  try {
    // A `string`-typed specifier keeps the server's type check independent of the sim's sources.
    const specifier: string = '@tradedesk/game-sim';
    const sim = (await import(specifier)) as {
      startSim?: (options: { port: number; logger?: unknown }) => Promise<EmbeddedSim>;
    };
    if (typeof sim.startSim !== 'function') {
      log.warn(
        { category: 'sandbox' },
        'Sandbox game not available yet (@tradedesk/game-sim exports no startSim); running without it',
      );
      return undefined;
    }
    const started = await sim.startSim({ port: 0 });
    log.info({ category: 'sandbox' }, `Sandbox game running at ${started.url}`);
    return started;
  } catch (error) {
    log.warn({ category: 'sandbox', err: error }, 'Sandbox game failed to start; running without it');
    return undefined;
  }
}
