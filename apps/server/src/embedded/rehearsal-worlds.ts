import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RehearsalWorld, RehearsalWorldOptions, RehearsalWorlds } from '@tradedesk/agent';
import { sandboxConfig } from '@tradedesk/game-client';
import type { ChildAnswer, ChildRequest } from './rehearsal-world-protocol.js';

const childEntry = fileURLToPath(new URL('./rehearsal-world-process.ts', import.meta.url));

/** Distributes `Omit` over the request union, so each request is sent without its id. */
type Request = ChildRequest extends infer Each
  ? Each extends ChildRequest
    ? Omit<Each, 'id'>
    : never
  : never;

/** A forked rehearsal world and its request/answer channel. */
function connect(child: ChildProcess) {
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve: (answer: ChildAnswer) => void; reject: (error: Error) => void }
  >();
  const failAll = (error: Error) => {
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  child.on('message', (answer: ChildAnswer) => {
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    if (answer.type === 'error') entry.reject(new Error(answer.message));
    else entry.resolve(answer);
  });
  child.once('exit', () => failAll(new Error('The rehearsal world stopped')));
  child.once('error', (error) => failAll(error));
  return (request: Request) =>
    new Promise<ChildAnswer>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      child.send({ ...request, id } as ChildRequest, (error) => {
        if (error) {
          waiting.delete(id);
          reject(error);
        }
      });
    });
}

function expect<T extends ChildAnswer['type']>(
  answer: ChildAnswer,
  type: T,
): Extract<ChildAnswer, { type: T }> {
  if (answer.type !== type) throw new Error(`The rehearsal world answered ${answer.type}, not ${type}`);
  return answer as Extract<ChildAnswer, { type: T }>;
}

/**
 * Rehearsal worlds for the embedded agent: each is the sandbox game in a child process of its own
 * (a fresh seeded world, its clock moved only by the rehearsing session), so a rehearsal never
 * runs the world's work on the server's event loop and ends with its process.
 */
export function childProcessRehearsalWorlds(): RehearsalWorlds {
  return {
    async open(options: RehearsalWorldOptions): Promise<RehearsalWorld> {
      const child = fork(childEntry, [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        serialization: 'advanced',
      });
      const ask = connect(child);
      const close = () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      try {
        const opened = expect(
          await ask({
            type: 'open',
            seed: options.seed,
            coins: options.coins,
            startValues: options.startValues,
          }),
          'opened',
        );
        let now = opened.now;
        return {
          game: sandboxConfig(opened.url),
          feedsUrl: opened.feeds,
          limits: opened.limits,
          now: () => now,
          async advance(ms) {
            now = expect(await ask({ type: 'advance', ms }), 'advanced').now;
          },
          async card(definitionId, platform) {
            return expect(await ask({ type: 'card', definitionId, platform }), 'card').card ?? undefined;
          },
          close,
        };
      } catch (error) {
        await close();
        throw error;
      }
    },
  };
}
