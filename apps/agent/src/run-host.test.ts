import type { AgentAck } from '@tradedesk/domain/realtime';
import { describe, expect, it, vi } from 'vitest';
import { agentRefusals } from './command-ack.js';
import {
  createRunHost,
  eventsInFlight,
  handBackWaitMs,
  type HostedRun,
  type HostSocket,
  type RunStopCause,
} from './run-host.js';

/** The agent's socket as the server sees it: every emit is recorded and acknowledged at once. */
function fakeSocket() {
  const sent: { event: string; payload: unknown }[] = [];
  const listeners = new Map<string, (payload: unknown, ack?: (answer: AgentAck) => void) => void>();
  const socket: HostSocket = {
    on: (event, listener) => listeners.set(event, listener),
    emitWithAck: async (event, payload) => {
      sent.push({ event, payload });
      return { ok: true };
    },
  };
  return { socket, sent, listeners };
}

/** A run standing in for an engine's: it ends when stopped, sending its outcome first (as each kind does). */
function stoppableRun(
  host: ReturnType<typeof createRunHost>,
  run: Omit<HostedRun, 'stop' | 'label'>,
  outcome: { event: string; payload: unknown },
) {
  let end: () => void = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve));
  const causes: RunStopCause[] = [];
  void host.hold(
    {
      ...run,
      label: run.id,
      async stop(cause) {
        causes.push(cause);
        await host.deliver(outcome.event, outcome.payload);
        end();
      },
    },
    ended,
  );
  return { causes: () => causes };
}

describe('the agent run host', () => {
  it('counts slots over every kind and keeps one run per account, whatever its kind', () => {
    const { socket } = fakeSocket();
    const host = createRunHost({ socket, capacity: 2, log: () => {} });
    stoppableRun(
      host,
      { id: 'transfer-1', accounts: ['buyer', 'seller'], takesSlot: true, beat: 'transferIds' },
      {
        event: 'transfer-event',
        payload: {},
      },
    );
    // The seller is in a transfer: a snipe (or a solver run, or a club read) on it is refused.
    expect(host.refusalOf({ accounts: ['seller'], takesSlot: true })).toEqual({
      ok: false,
      message: agentRefusals.accountBusy,
    });
    expect(host.refusalOf({ accounts: ['seller'], takesSlot: false })).toEqual({
      ok: false,
      message: agentRefusals.accountBusy,
    });
    stoppableRun(
      host,
      { id: 'rehearsal-1', accounts: [], takesSlot: true, beat: 'runIds' },
      {
        event: 'rehearsal-event',
        payload: {},
      },
    );
    // Two kinds fill the two slots: a third run of any kind is refused, a club read (no slot) is not.
    expect(host.refusalOf({ accounts: ['other'], takesSlot: true })).toEqual({
      ok: false,
      message: agentRefusals.full,
    });
    expect(host.refusalOf({ accounts: ['other'], takesSlot: false })).toBeUndefined();
    stoppableRun(
      host,
      { id: 'read-1', accounts: ['other'], takesSlot: false },
      { event: 'sbc-club', payload: {} },
    );
    // The heartbeat names the tracked runs by their list; a club read is not one.
    expect(host.beat()).toEqual({ leaseIds: [], transferIds: ['transfer-1'], runIds: ['rehearsal-1'] });
  });

  it('on leaving, refuses new runs and ends each run before handing it back, after its outcome', async () => {
    const { socket, sent } = fakeSocket();
    const host = createRunHost({ socket, capacity: 5, log: () => {} });
    const transfer = stoppableRun(
      host,
      {
        id: 'transfer-1',
        accounts: ['buyer', 'seller'],
        takesSlot: true,
        beat: 'transferIds',
        handBackKind: 'transfer',
      },
      { event: 'transfer-event', payload: { transferId: 'transfer-1', outcome: 'stopped' } },
    );
    let movedBack = false;
    void host.hold(
      {
        id: 'lease-1',
        label: 'session a1',
        accounts: ['a1'],
        takesSlot: true,
        beat: 'leaseIds',
        stop: async () => {},
        // A snipe session moves to another agent: it stops and says what moves it.
        handBack: async () => {
          movedBack = true;
          return { leaseId: 'lease-1', accountId: 'a1' };
        },
      },
      new Promise(() => {}),
    );

    await host.leave(() => host.deliver('agent-leaving', undefined));

    expect(host.refusalOf({ accounts: ['new'], takesSlot: true })).toEqual({
      ok: false,
      message: agentRefusals.leaving,
    });
    // Stopped once, told why: its outcome says the agent shut down rather than a plain stop.
    expect(transfer.causes()).toEqual(['agent-leaving']);
    expect(movedBack).toBe(true);
    // Announced first; the transfer's outcome is delivered before it is handed back.
    expect(sent.map(({ event }) => event).filter((event) => event !== 'sessions-hand-back')).toEqual([
      'agent-leaving',
      'transfer-event',
      'run-hand-back',
    ]);
    expect(sent.find(({ event }) => event === 'run-hand-back')?.payload).toEqual({
      kind: 'transfer',
      runId: 'transfer-1',
    });
    expect(host.beat().transferIds).toEqual([]);
  });

  it('hands every session back in one message, each beating until the server has taken it', async () => {
    const sent: { event: string; payload: unknown }[] = [];
    let answerHandBack: (answer: { ok: boolean }) => void = () => {};
    const socket: HostSocket = {
      on: () => {},
      emitWithAck: async (event, payload) => {
        sent.push({ event, payload });
        // The server moves the sessions when it can: the answer comes when the test says.
        if (event === 'sessions-hand-back')
          return new Promise<{ ok: boolean }>((resolve) => (answerHandBack = resolve));
        return { ok: true };
      },
    };
    const host = createRunHost({ socket, capacity: 10, log: () => {} });
    const leases = ['lease-1', 'lease-2', 'lease-3'];
    for (const [index, leaseId] of leases.entries()) {
      let end: () => void = () => {};
      const ended = new Promise<void>((resolve) => (end = resolve));
      void host.hold(
        {
          id: leaseId,
          label: leaseId,
          accounts: [`account-${index}`],
          takesSlot: true,
          beat: 'leaseIds',
          stop: async () => end(),
          async handBack() {
            // Each session stops at its own pace, its last event delivered before it is handed back.
            await new Promise((resolve) => setTimeout(resolve, 5 * (3 - index)));
            await host.deliver('session-event', { leaseId, seq: 0 });
            end();
            await ended;
            return { leaseId, accountId: `account-${index}` };
          },
        },
        ended,
      );
    }

    const leaving = host.leave(() => host.deliver('agent-leaving', undefined));
    await vi.waitFor(() => expect(sent.some(({ event }) => event === 'sessions-hand-back')).toBe(true));

    // Stopped, not yet taken: still named in every beat, so the server does not take them for lost.
    expect(host.beat().leaseIds.sort()).toEqual(leases);
    const handBacks = sent.filter(({ event }) => event === 'sessions-hand-back');
    expect(handBacks).toHaveLength(1);
    expect(handBacks[0]?.payload).toEqual({
      sessions: expect.arrayContaining(
        leases.map((leaseId, index) => ({ leaseId, accountId: `account-${index}` })),
      ) as unknown,
    });
    expect((handBacks[0]?.payload as { sessions: unknown[] }).sessions).toHaveLength(3);
    // Every session's events went out before the hand-back.
    expect(sent.findIndex(({ event }) => event === 'sessions-hand-back')).toBe(sent.length - 1);

    answerHandBack({ ok: true });
    await leaving;
    expect(host.beat().leaseIds).toEqual([]);
  });

  it('does not hold the stopped sessions back for one that is slow to stop: it follows in a second message', async () => {
    vi.useFakeTimers();
    try {
      const { socket, sent } = fakeSocket();
      const host = createRunHost({ socket, capacity: 10, log: () => {} });
      let slowStopped: () => void = () => {};
      const slow = new Promise<void>((resolve) => (slowStopped = resolve));
      for (const leaseId of ['quick', 'slow'])
        void host.hold(
          {
            id: leaseId,
            label: leaseId,
            accounts: [leaseId],
            takesSlot: true,
            beat: 'leaseIds',
            stop: async () => {},
            async handBack() {
              if (leaseId === 'slow') await slow;
              return { leaseId, accountId: leaseId };
            },
          },
          new Promise(() => {}),
        );
      const handBacks = () =>
        sent
          .filter(({ event }) => event === 'sessions-hand-back')
          .map(({ payload }) =>
            (payload as { sessions: Array<{ leaseId: string }> }).sessions.map((s) => s.leaseId),
          );

      const leaving = host.leave(() => host.deliver('agent-leaving', undefined));
      await vi.advanceTimersByTimeAsync(handBackWaitMs);
      await vi.waitFor(() => expect(handBacks()).toEqual([['quick']]));
      // The slow one is still the agent's: it beats.
      expect(host.beat().leaseIds).toContain('slow');

      slowStopped();
      await leaving;
      expect(handBacks()).toEqual([['quick'], ['slow']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps beating a session whose hand-back the server did not take', async () => {
    const socket: HostSocket = {
      on: () => {},
      emitWithAck: async (event) =>
        event === 'sessions-hand-back' ? { ok: false, message: 'Invalid event' } : { ok: true },
    };
    const host = createRunHost({ socket, capacity: 10, log: () => {} });
    void host.hold(
      {
        id: 'lease-1',
        label: 'lease-1',
        accounts: ['a1'],
        takesSlot: true,
        beat: 'leaseIds',
        stop: async () => {},
        handBack: async () => ({ leaseId: 'lease-1', accountId: 'a1' }),
      },
      new Promise(() => {}),
    );
    await host.leave(() => host.deliver('agent-leaving', undefined));
    // Until the socket closes the run is still the agent's: the server's lost rule judges it then.
    expect(host.beat().leaseIds).toEqual(['lease-1']);
  });

  it('sends each run’s events one at a time and in order, and different runs’ side by side, a few at once', async () => {
    const sent: string[] = [];
    const answers = new Map<string, () => void>();
    const socket: HostSocket = {
      on: () => {},
      emitWithAck: (_event, payload) => {
        const name = payload as string;
        sent.push(name);
        return new Promise((resolve) => answers.set(name, () => resolve({ ok: true })));
      },
    };
    const host = createRunHost({ socket, capacity: 10, log: () => {} });
    const aFirst = host.deliver('session-event', 'a-first', 'lease-a');
    void host.deliver('session-event', 'a-second', 'lease-a');
    void host.deliver('session-event', 'b-first', 'lease-b');
    await vi.waitFor(() => expect(sent).toEqual(['a-first', 'b-first']));
    // lease-a's second event waits for the answer to its first.
    answers.get('a-first')?.();
    await aFirst;
    await vi.waitFor(() => expect(sent).toEqual(['a-first', 'b-first', 'a-second']));

    // Many runs at once: no more than `eventsInFlight` wait for an answer (two already do).
    for (let index = 0; index < eventsInFlight + 3; index += 1)
      void host.deliver('session-event', `run-${index}`, `lease-${index}`);
    await vi.waitFor(() => expect(sent).toHaveLength(3 + eventsInFlight - 2));
    expect(sent.slice(3)).toEqual(Array.from({ length: eventsInFlight - 2 }, (_, index) => `run-${index}`));
    // An answer makes room for the next, in the order they came.
    answers.get('b-first')?.();
    await vi.waitFor(() => expect(sent).toHaveLength(3 + eventsInFlight - 1));
    expect(sent.at(-1)).toBe(`run-${eventsInFlight - 2}`);
  });

  it('sends an event again at once when the connection it went out on is replaced', async () => {
    const sent: string[] = [];
    const listeners = new Map<string, () => void>();
    const socket: HostSocket = {
      connected: true,
      on: (event, listener) => listeners.set(event, () => listener(undefined)),
      // The first send goes out on a connection that drops: its answer never comes.
      emitWithAck: (_event, payload) => {
        sent.push(payload as string);
        return sent.length === 1 ? new Promise(() => {}) : Promise.resolve({ ok: true });
      },
    };
    const host = createRunHost({ socket, capacity: 1, log: () => {} });
    const delivered = host.deliver('session-event', 'purchase', 'lease-1');
    await vi.waitFor(() => expect(sent).toEqual(['purchase']));
    listeners.get('connect')?.();
    expect(await delivered).toEqual({ ok: true });
    expect(sent).toEqual(['purchase', 'purchase']);
  });

  it('refuses a command whose payload does not parse, with the kind’s text', () => {
    const { socket, listeners } = fakeSocket();
    const host = createRunHost({ socket, capacity: 1, log: () => {} });
    const handled: unknown[] = [];
    host.command(
      'sbc-start',
      {
        safeParse: (payload: unknown) =>
          typeof payload === 'string'
            ? { success: true as const, data: payload }
            : { success: false as const },
      },
      'Invalid SBC command',
      (payload, ack) => {
        handled.push(payload);
        ack({ ok: true });
      },
    );
    const answers: AgentAck[] = [];
    listeners.get('sbc-start')?.({ runId: 1 }, (answer) => answers.push(answer));
    listeners.get('sbc-start')?.('run-1', (answer) => answers.push(answer));
    expect(answers).toEqual([{ ok: false, message: 'Invalid SBC command' }, { ok: true }]);
    expect(handled).toEqual(['run-1']);
  });
});
