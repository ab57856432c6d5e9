import type { AgentAck } from '@tradedesk/domain/realtime';
import { describe, expect, it } from 'vitest';
import { agentRefusals } from './command-ack.js';
import { createRunHost, type HostedRun, type HostSocket, type RunStopCause } from './run-host.js';

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
        // A snipe session moves to another agent: its own hand-back, not the host's.
        handBack: async () => {
          movedBack = true;
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
    expect(sent.map(({ event }) => event)).toEqual(['agent-leaving', 'transfer-event', 'run-hand-back']);
    expect(sent.at(-1)?.payload).toEqual({ kind: 'transfer', runId: 'transfer-1' });
    expect(host.beat().transferIds).toEqual([]);
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
