import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RehearsalSides } from './rehearsal-worlds.js';
import { SIDE_PROCESS_FLAG, type SideAnswer, type SideRequest } from './side-protocol.js';

/** The production build forks its own bundle of the side (apps/agent/dist/side-process.js); sources run under tsx. */
const built = process.env.TRADEDESK_BUILT === 'true';
const sideEntry = fileURLToPath(
  new URL(built ? '../../dist/side-process.js' : './side-process.ts', import.meta.url),
);

/** Warm side processes kept after a rehearsal (one per side) for the next one. */
const SPARES = 2;
/** Spares nobody used for this long are let go (their memory back). */
const SPARE_IDLE_MS = 10 * 60_000;

/** Whether the process keeps this one alive: a spare must not hold the agent's exit. */
function hold(child: ChildProcess, held: boolean) {
  if (held) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

const forkSide = () =>
  fork(sideEntry, [SIDE_PROCESS_FLAG], {
    execArgv: built ? [] : ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  });

/** A closed channel ends the child (it closes its world and exits). */
const release = (child: ChildProcess) => {
  if (child.connected) child.disconnect();
};

/**
 * Rehearsal sides in child processes: one per side, so the two sides use two cores and a
 * rehearsal's world and memory go with its processes. Every agent (embedded or stand-alone) can
 * rehearse: the world is the sandbox game built in the child, whatever game the agent plays.
 * After a rehearsal, two spares are forked and warmed (modules and card catalogue loaded) for the
 * next one; the first rehearsal of an agent pays for that start itself.
 */
export function forkedRehearsalSides(): RehearsalSides & { warm(): Promise<void> } {
  const spares: ChildProcess[] = [];
  /** Sides running a rehearsal now: a closing agent ends them with it. */
  const busy = new Set<ChildProcess>();
  const warming = new Set<Promise<void>>();
  let running = 0;
  let idle: NodeJS.Timeout | undefined;
  let closed = false;

  const take = () => {
    let child = spares.pop();
    while (child && !child.connected) child = spares.pop();
    child ??= forkSide();
    hold(child, true);
    return child;
  };

  const refill = () => {
    // A closed agent forks nothing more (a rehearsal it stopped ends after the close).
    if (running > 0 || closed) return;
    while (spares.length < SPARES) {
      // A spare never holds the agent's exit (a rehearsal that takes it holds it again).
      const spare = forkSide();
      hold(spare, false);
      const ready = new Promise<void>((resolve) => {
        spare.on('message', (message: SideAnswer) => message.type === 'ready' && resolve());
        // A spare that ends (released, or crashed while warming) leaves the pool and warms no more.
        spare.once('exit', () => {
          const position = spares.indexOf(spare);
          if (position >= 0) spares.splice(position, 1);
          resolve();
        });
      });
      warming.add(ready);
      void ready.then(() => warming.delete(ready));
      spares.push(spare);
    }
    clearTimeout(idle);
    idle = setTimeout(() => spares.splice(0).forEach(release), SPARE_IDLE_MS);
    idle.unref();
  };

  return {
    /** Resolves once the spares forked so far are warm (the benchmark's second run). */
    async warm() {
      // The spares are let go: something must keep this process alive while they warm.
      const keepAlive = setInterval(() => {}, 1_000);
      await Promise.all(warming).finally(() => clearInterval(keepAlive));
    },
    close() {
      closed = true;
      clearTimeout(idle);
      spares.splice(0).forEach(release);
      busy.forEach(release);
    },
    run(kind, command, onProgress, signal) {
      if (closed) return Promise.reject(new Error('The agent is stopping'));
      running += 1;
      const child = take();
      busy.add(child);
      const send = (request: SideRequest) => {
        if (child.connected) child.send(request);
      };
      const stop = () => send({ type: 'stop' });
      signal.addEventListener('abort', stop, { once: true });
      return new Promise<Awaited<ReturnType<RehearsalSides['run']>>>((resolve, reject) => {
        child.on('message', (message: SideAnswer) => {
          if (message.type === 'ready') return;
          if (message.type === 'progress') return onProgress(message.done);
          // The child is released once, when the run settles (below).
          if (message.type === 'result') resolve({ side: message.side, limits: message.limits });
          else reject(new Error(message.message));
        });
        child.once('error', reject);
        child.once('exit', () => reject(new Error('The rehearsal world stopped')));
        send({ type: 'run', kind, command });
        if (signal.aborted) stop();
      }).finally(() => {
        signal.removeEventListener('abort', stop);
        busy.delete(child);
        release(child);
        running -= 1;
        // Only once nothing runs: warming spares beside a rehearsal would slow it down.
        refill();
      });
    },
  };
}
