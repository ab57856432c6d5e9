import type { AgentAck, EventAck, SbcClubReport, SbcEventEnvelope } from '@tradedesk/domain/realtime';
import { sandboxConfig } from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import { createRunHost, type HostSocket } from '../run-host.js';
import { registerSbcCommands } from './sbc-commands.js';

type Listener = (payload: unknown, ack?: (answer: AgentAck) => void) => void;

/** The agent's socket as the server sees it: each `sbc-event` or `sbc-club` answered by `answers`, in turn. */
function fakeSocket(answers: EventAck[]) {
  const listeners = new Map<string, Listener>();
  const sent: SbcEventEnvelope[] = [];
  const clubReports: SbcClubReport[] = [];
  let delivered: () => void = () => {};
  const settled = new Promise<void>((resolve) => (delivered = resolve));
  const socket: HostSocket = {
    on: (event, listener) => listeners.set(event, listener),
    emitWithAck: async (event: string, payload: unknown) => {
      if (event === 'sbc-club') clubReports.push(payload as SbcClubReport);
      else sent.push(payload as SbcEventEnvelope);
      const answer = answers.shift() ?? { ok: true };
      if (answer.ok) delivered();
      return answer;
    },
  };
  return {
    socket,
    sent,
    clubReports,
    settled,
    command: (name: string, payload: unknown) => {
      let answer: AgentAck | undefined;
      listeners.get(name)?.(payload, (ack) => (answer = ack));
      return answer;
    },
  };
}

/** A game account as the server's commands carry it. */
const account = {
  accountId: 'a1',
  email: 'a@example.com',
  password: 'pw',
  backupCode: 'ABCD1234',
  platform: 'pc',
};

/** The commands on a one-slot run host; nothing listens at the game's address, so every sign-in fails. */
const register = (socket: HostSocket) =>
  registerSbcCommands(createRunHost({ socket, capacity: 1, log: () => {} }), {
    game: sandboxConfig('http://127.0.0.1:9'),
    minCallIntervalMs: 0,
  });

describe('SBC solver commands on the agent', () => {
  // The re-sending itself is deliverEvent's, shared by every run kind (event-delivery.test.ts).
  it("sends a run's events to the server numbered from 0", async () => {
    const { socket, sent, settled, command } = fakeSocket([{ ok: true }]);
    // The sign-in fails and the run reports its ERROR event.
    register(socket);
    command('sbc-start', {
      runId: 'run-retry',
      account,
      challenges: [
        {
          challengeId: 2001,
          name: 'Gold Upgrade',
          players: [{ definitionId: 1, name: 'A', slot: 0, price: 200 }],
        },
      ],
      searchSpeed: 0,
      maxPurchaseAttempts: 1,
      enableAutoList: false,
      numOfSteps: 1,
      numOfRepititions: 1,
    });
    await settled;
    expect(sent.map((envelope) => `${envelope.runId}:${envelope.seq}`)).toEqual(['run-retry:0']);
    expect(sent[0]?.event).toMatchObject({ type: 'error', costs: 0, solved: 0 });
  });

  it('reports a club read it could not do, and refuses a malformed one without reading anything', async () => {
    const { socket, clubReports, settled, command } = fakeSocket([]);
    register(socket);
    expect(command('sbc-club-read', { readId: '', account: {} })).toEqual({
      ok: false,
      message: 'Invalid club read command',
    });
    expect(clubReports).toEqual([]);
    command('sbc-club-read', {
      readId: 'read-2',
      account,
    });
    await settled;
    expect(clubReports).toEqual([
      { readId: 'read-2', outcome: { ok: false, description: expect.any(String) } },
    ]);
  });
});
