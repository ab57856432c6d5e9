import type { AgentAck, EventAck, SbcEventEnvelope } from '@tradedesk/domain/realtime';
import { sandboxConfig } from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import { registerSbcCommands, type SbcSocket } from './sbc-commands.js';

type Listener = (payload: unknown, ack?: (answer: AgentAck) => void) => void;

/** The agent's socket as the server sees it: each `sbc-event` answered by `answers`, in turn. */
function fakeSocket(answers: EventAck[]) {
  const listeners = new Map<string, Listener>();
  const sent: SbcEventEnvelope[] = [];
  let delivered: () => void = () => {};
  const settled = new Promise<void>((resolve) => (delivered = resolve));
  const socket: SbcSocket = {
    on: (event, listener) => listeners.set(event, listener),
    emitWithAck: async (_event, envelope) => {
      sent.push(envelope);
      const answer = answers.shift() ?? { ok: true };
      if (answer.ok) delivered();
      return answer;
    },
  };
  return {
    socket,
    sent,
    settled,
    command: (name: string, payload: unknown) => listeners.get(name)?.(payload, () => {}),
  };
}

describe('SBC solver commands on the agent', () => {
  // The re-sending itself is deliverEvent's, shared by every run kind (event-delivery.test.ts).
  it("sends a run's events to the server numbered from 0", async () => {
    const { socket, sent, settled, command } = fakeSocket([{ ok: true }]);
    registerSbcCommands({
      socket,
      // Nothing listens there: the sign-in fails and the run reports its ERROR event.
      game: sandboxConfig('http://127.0.0.1:9'),
      isAccountBusy: () => false,
      freeSlots: () => 1,
      isKilled: () => false,
      log: () => {},
    });
    command('sbc-start', {
      runId: 'run-retry',
      account: {
        accountId: 'a1',
        email: 'a@example.com',
        password: 'pw',
        backupCode: 'ABCD1234',
        platform: 'pc',
      },
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
});
