import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { startSourceThread } from '../lib/source-thread.js';
import type { SimThreadOptions, SimThreadReply } from './sim-messages.js';

/** Where the embedded sandbox game keeps its world between starts. */
export const sandboxWorldFile = (dataDir: string) => join(dataDir, 'sandbox-world.json');

/** How long a closing sandbox game may take to save its world before its thread is stopped. */
const closeLimitMs = 15_000;

export interface EmbeddedSim {
  url: string;
  close(): Promise<void>;
}

/** The thread's next answer; its error or exit before one is a failure. */
function nextReply(thread: Worker): Promise<SimThreadReply> {
  return new Promise((resolve, reject) => {
    const settle = (finish: () => void) => {
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      finish();
    };
    const onMessage = (reply: SimThreadReply) => settle(() => resolve(reply));
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number) => settle(() => reject(new Error(`the sandbox thread exited (${code})`)));
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/** Asks the thread to save its world and close, then ends it (at once if it takes too long). */
async function closeThread(thread: Worker): Promise<void> {
  if (thread.threadId === -1) return;
  const closed = nextReply(thread).catch(() => undefined);
  thread.postMessage('close');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, closeLimitMs)))]);
  clearTimeout(timer);
  await thread.terminate();
}

/**
 * Starts the sandbox game on a free port, in a worker thread of its own: building its world takes
 * seconds of CPU and its market ticks all the time, and neither may hold up the server's answers.
 * This folder is the only place allowed to import @tradedesk/game-sim (in sim-thread.ts, so live
 * mode never loads the sandbox). With an admin key its admin API (planting listings, forced
 * errors, clock) answers; the key itself is never logged. A sim that fails to start is reported
 * and the server runs without it.
 */
export async function startEmbeddedSim(
  log: FastifyBaseLogger,
  options: { adminKey?: string | undefined; dataDir?: string | undefined } = {},
): Promise<EmbeddedSim | undefined> {
  const threadOptions: SimThreadOptions = {
    adminKey: options.adminKey,
    // The world (accounts, coins, cards, their listings) is kept in DATA_DIR, so a restart of the
    // desk finds the balances it last synced.
    stateFile: options.dataDir ? sandboxWorldFile(options.dataDir) : undefined,
  };
  const thread = startSourceThread('sim-thread', new URL('./sim-thread.ts', import.meta.url), {
    workerData: threadOptions,
  });
  try {
    const reply = await nextReply(thread);
    if (reply.type !== 'started') throw new Error(reply.type === 'failed' ? reply.message : reply.type);
    const adminApi = options.adminKey ? 'admin API enabled' : 'admin API disabled';
    log.info({ category: 'sandbox' }, `Sandbox game: ${reply.url} (${adminApi})`);
    if (reply.restored)
      log.info({ category: 'sandbox' }, `Sandbox game world restored from ${threadOptions.stateFile ?? ''}`);
    if (reply.problem) log.warn({ category: 'sandbox' }, reply.problem);
    let closing = false;
    thread.on('error', (error) => log.error({ category: 'sandbox', err: error }, 'Sandbox game failed'));
    thread.on('exit', (code) => {
      if (!closing) log.error({ category: 'sandbox' }, `Sandbox game stopped (exit ${code})`);
    });
    return {
      url: reply.url,
      close: () => {
        closing = true;
        return closeThread(thread);
      },
    };
  } catch (error) {
    log.warn({ category: 'sandbox', err: error }, 'Sandbox game failed to start; running without it');
    await thread.terminate();
    return undefined;
  }
}
