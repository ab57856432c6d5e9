import { defaultConfiguration, defaultRarityFilter } from '@tradedesk/domain';
import type { AgentAck, EventAck, RehearsalEvent } from '@tradedesk/domain/realtime';
import { describe, expect, it } from 'vitest';
import { createRunHost, type HostSocket } from '../run-host.js';
import { registerRehearsalCommands } from './rehearsal-commands.js';
import type { RehearsalSides } from './rehearsal-worlds.js';
import { summariseSide } from './run-rehearsal.js';

type Listener = (payload: unknown, ack?: (answer: AgentAck) => void) => void;

/** Resolves with what was handed to it, once it is (a promise the test settles by hand). */
function deferred<T>() {
  let settle: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

/** The agent's socket as the server sees it: each `rehearsal-event` waits for the test's answer. */
function fakeSocket() {
  const listeners = new Map<string, Listener>();
  const sent: RehearsalEvent[] = [];
  const answers: Array<(answer: EventAck) => void> = [];
  let nextSend = deferred<void>();
  const socket: HostSocket = {
    on: (event, listener) => listeners.set(event, listener),
    emitWithAck: (_event, envelope) => {
      sent.push(envelope as RehearsalEvent);
      const answered = deferred<EventAck>();
      answers.push(answered.settle);
      nextSend.settle();
      return answered.promise;
    },
  };
  return {
    socket,
    sent,
    /** Resolves once `count` events have been sent. */
    async sends(count: number) {
      while (sent.length < count) {
        nextSend = deferred<void>();
        await nextSend.promise;
      }
    },
    answer: (index: number, answer: EventAck) => answers[index]?.(answer),
    command: (name: string, payload: unknown, ack: (answer: AgentAck) => void) =>
      listeners.get(name)?.(payload, ack),
  };
}

/** A side that made no game call in its five minutes. */
const quietSide = summariseSide({
  spanMinutes: 5,
  trades: [],
  missed: 0,
  softBans: 0,
  requests: 0,
  peakRequestsPerMinute: 0,
});

/** A start command of a five-minute rehearsal of one filter. */
const rehearsalStart = (rehearsalId: string) => ({
  rehearsalId,
  seed: 7,
  spanMinutes: 5,
  platform: 'pc',
  coins: 100_000,
  filters: [
    {
      ...defaultRarityFilter('Rares'),
      minPrice: 1_000,
      maxPrice: 9_000,
      followUp: { ...defaultRarityFilter().followUp, startPrice: 10_000, buyNowPrice: 15_000 },
    },
  ],
  configuration: defaultConfiguration(),
  startValues: [],
});

describe('rehearsal commands on the agent', () => {
  // The re-sending itself is deliverEvent's, shared by every run kind (event-delivery.test.ts).
  it('numbers the events from 0, keeps only the latest waiting progress, and sends the result after it', async () => {
    const { socket, sent, sends, answer, command } = fakeSocket();
    const acks: AgentAck[] = [];
    const finish = deferred<void>();
    let report: (done: number) => void = () => {};
    const sides: RehearsalSides = {
      async run(kind, _command, onProgress) {
        // Only one side reports: the rehearsal's progress is half of its share.
        if (kind === 'ours') report = onProgress;
        await finish.promise;
        return { side: quietSide, limits: { perMinute: 40, perHour: 1_000 } };
      },
      close() {},
    };
    registerRehearsalCommands(createRunHost({ socket, capacity: 1, log: () => {} }), {
      sides,
      log: () => {},
    });
    command('rehearsal-start', rehearsalStart('rehearsal-1'), (ack) => acks.push(ack));
    expect(acks).toEqual([{ ok: true }]);
    report(0.2);
    await sends(1);
    // The first progress is still unanswered: the two after it wait, and the newer replaces the older.
    report(0.4);
    report(0.6);
    finish.settle();
    answer(0, { ok: true });
    await sends(2);
    // The server could not store it: the same event again (deliverEvent), the result behind it.
    answer(1, { ok: false, message: 'Could not store the event', retry: true });
    await sends(3);
    answer(2, { ok: true });
    await sends(4);
    answer(3, { ok: true });
    expect(sent.map(({ seq, event }) => [seq, event.type === 'progress' ? event.done : event.type])).toEqual([
      [0, 0.1],
      [1, 0.3],
      [1, 0.3],
      [2, 'result'],
    ]);
  });

  it('a rehearsal its leaving agent stops reports a stop saying the agent left, not its partial result', async () => {
    const { socket, sent, sends, answer, command } = fakeSocket();
    // Each side runs until it is stopped, then answers what it did so far (as the side processes do).
    const sides: RehearsalSides = {
      run: (_kind, _command, _onProgress, signal) =>
        new Promise((resolve) =>
          signal.addEventListener('abort', () =>
            resolve({ side: quietSide, limits: { perMinute: 40, perHour: 1_000 } }),
          ),
        ),
      close() {},
    };
    const host = createRunHost({ socket, capacity: 1, log: () => {} });
    registerRehearsalCommands(host, { sides, log: () => {} });
    const acks: AgentAck[] = [];
    command('rehearsal-start', rehearsalStart('rehearsal-2'), (ack) => acks.push(ack));
    expect(acks).toEqual([{ ok: true }]);
    const left = host.leave(async () => undefined);
    await sends(1);
    answer(0, { ok: true });
    await sends(2);
    answer(1, { ok: true });
    await left;
    expect(sent).toEqual([
      { rehearsalId: 'rehearsal-2', seq: 0, event: { type: 'stopped', cause: 'agent-leaving' } },
      { kind: 'rehearsal', runId: 'rehearsal-2' },
    ]);
  });
});
