/**
 * The embedded sandbox game's thread (started by sim.ts): the world, its rival bots and its
 * snapshots run on this thread's event loop, never on the server's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startSim } from '@tradedesk/game-sim';
import type { SimThreadOptions, SimThreadReply } from './sim-messages.js';

const port = parentPort;
if (!port) throw new Error('sim-thread.ts runs as a worker thread');
const reply = (message: SimThreadReply) => port.postMessage(message);
const options = workerData as SimThreadOptions;

try {
  const sim = await startSim({
    port: 0,
    ...(options.adminKey ? { adminKey: options.adminKey } : {}),
    ...(options.stateFile ? { stateFile: options.stateFile } : {}),
  });
  port.once('message', () => {
    // The only message is "close": the world is saved before the thread says it is done.
    void sim.close().then(
      () => reply({ type: 'closed' }),
      (error: unknown) => reply({ type: 'failed', message: String(error) }),
    );
  });
  reply({
    type: 'started',
    url: sim.url,
    restored: sim.state?.restored ?? false,
    ...(sim.state?.problem ? { problem: sim.state.problem } : {}),
  });
} catch (error) {
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
