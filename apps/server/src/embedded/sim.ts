import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Where the embedded sandbox game keeps its world between starts. */
export const sandboxWorldFile = (dataDir: string) => join(dataDir, 'sandbox-world.json');

export interface EmbeddedSim {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the sandbox game in-process on a free port. This folder is the only place allowed to
 * import @tradedesk/game-sim; it is loaded on demand, so live mode never loads the sandbox.
 * With an admin key its admin API (planting listings, forced errors, clock) answers; the key
 * itself is never logged. A sim that fails to start is reported and the server runs without it.
 */
export async function startEmbeddedSim(
  log: FastifyBaseLogger,
  options: { adminKey?: string | undefined; dataDir?: string | undefined } = {},
): Promise<EmbeddedSim | undefined> {
  try {
    const { startSim } = await import('@tradedesk/game-sim');
    const started = await startSim({
      port: 0,
      ...(options.adminKey ? { adminKey: options.adminKey } : {}),
      // The world (accounts, coins, cards, their listings) is kept in DATA_DIR, so a restart of the
      // desk finds the balances it last synced.
      ...(options.dataDir ? { stateFile: sandboxWorldFile(options.dataDir) } : {}),
    });
    const adminApi = options.adminKey ? 'admin API enabled' : 'admin API disabled';
    log.info({ category: 'sandbox' }, `Sandbox game: ${started.url} (${adminApi})`);
    if (started.state?.restored)
      log.info(
        { category: 'sandbox' },
        `Sandbox game world restored from ${sandboxWorldFile(options.dataDir ?? '')}`,
      );
    if (started.state?.problem) log.warn({ category: 'sandbox' }, started.state.problem);
    return started;
  } catch (error) {
    log.warn({ category: 'sandbox', err: error }, 'Sandbox game failed to start; running without it');
    return undefined;
  }
}
