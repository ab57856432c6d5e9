import type { AgentAck, EventAck, SbcClubReport, SbcEventEnvelope } from '@tradedesk/domain/realtime';
import { sandboxConfig } from '@tradedesk/game-client';
import { startSim } from '@tradedesk/game-sim';
import { describe, expect, it } from 'vitest';
import { registerSbcCommands, type SbcSocket } from './sbc-commands.js';

type Listener = (payload: unknown, ack?: (answer: AgentAck) => void) => void;

/** The agent's socket as the server sees it: each `sbc-event` or `sbc-club` answered by `answers`, in turn. */
function fakeSocket(answers: EventAck[]) {
  const listeners = new Map<string, Listener>();
  const sent: SbcEventEnvelope[] = [];
  const clubReports: SbcClubReport[] = [];
  let delivered: () => void = () => {};
  const settled = new Promise<void>((resolve) => (delivered = resolve));
  const socket: SbcSocket = {
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

const options = (socket: SbcSocket, game = sandboxConfig('http://127.0.0.1:9')) => ({
  socket,
  game,
  isAccountBusy: () => false,
  freeSlots: () => 1,
  isKilled: () => false,
  log: () => {},
  eventRetryMs: 0,
  minCallIntervalMs: 0,
});

describe('SBC solver commands on the agent', () => {
  it('sends an SBC event again while the server answers retry, until it is stored', async () => {
    const { socket, sent, settled, command } = fakeSocket([
      { ok: false, message: 'Could not store the event', retry: true },
      { ok: false, message: 'Could not store the event', retry: true },
      { ok: true },
    ]);
    registerSbcCommands({
      socket,
      // Nothing listens there: the sign-in fails and the run reports its ERROR event.
      game: sandboxConfig('http://127.0.0.1:9'),
      isAccountBusy: () => false,
      freeSlots: () => 1,
      isKilled: () => false,
      log: () => {},
      eventRetryMs: 0,
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
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((envelope) => `${envelope.runId}:${envelope.seq}`))).toEqual(
      new Set(['run-retry:0']),
    );
    expect(sent[2]?.event).toMatchObject({ type: 'error', costs: 0, solved: 0 });
  });

  it("reads the signed-in account's club from the sandbox game and reports its players, untradeable first", async () => {
    const sim = await startSim({ seed: 11, adminKey: 'club-read-key', market: { initialListings: 0 } });
    try {
      const admin = async (path: string, body: unknown) => {
        const response = await fetch(`${sim.url}/admin${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sim-admin-key': 'club-read-key' },
          body: JSON.stringify(body),
        });
        return (await response.json()) as Record<string, unknown>;
      };
      const credentials = { email: 'club@example.com', password: 'club-password', backupCode: 'ABCD1234' };
      const accountId = (await admin('/accounts', { ...credentials, platform: 'pc' })).id as number;
      const simAccount = sim.world.accounts.get(accountId);
      if (!simAccount) throw new Error('the sandbox did not create the account');
      // A tradeable card besides the starter club's untradeable ones.
      const tradeable = sim.world.cards.find((card) => card.rating >= 80 && !card.special);
      if (!tradeable) throw new Error('the sandbox has no gold card');
      const granted = await admin(`/accounts/${accountId}/items`, {
        definitionId: tradeable.definitionId,
        count: 1,
        place: 'club',
        untradeable: false,
      });
      const boughtId = (granted.itemIds as number[])[0];

      const { socket, clubReports, settled, command } = fakeSocket([]);
      registerSbcCommands(options(socket, sandboxConfig(sim.url)));
      const ack = command('sbc-club-read', {
        readId: 'read-1',
        account: { accountId: 'a1', ...credentials, platform: 'pc' },
      });
      expect(ack).toEqual({ ok: true });
      await settled;

      const expected = [...simAccount.club].map((itemId) => {
        const item = sim.world.items.get(itemId);
        if (!item) throw new Error(`no item ${itemId}`);
        const card = sim.world.card(item.cardIndex);
        return {
          itemId,
          definitionId: card.definitionId,
          untradeable: item.untradeable,
          discardValue: card.discardValue,
        };
      });
      const [report] = clubReports;
      expect(report?.readId).toBe('read-1');
      if (!report?.outcome.ok) throw new Error(`the read failed: ${JSON.stringify(report)}`);
      expect(report.outcome.cards).toHaveLength(expected.length);
      expect(new Set(report.outcome.cards.map((card) => JSON.stringify(card)))).toEqual(
        new Set(expected.map((card) => JSON.stringify(card))),
      );
      // The only tradeable card comes last.
      expect(report.outcome.cards.at(-1)).toMatchObject({ itemId: boughtId, untradeable: false });
      expect(report.outcome.cards.filter((card) => card.untradeable)).toHaveLength(expected.length - 1);
    } finally {
      await sim.close();
    }
  });

  it('reports a club read it could not do, and refuses a malformed one without reading anything', async () => {
    const { socket, clubReports, settled, command } = fakeSocket([]);
    registerSbcCommands(options(socket));
    expect(command('sbc-club-read', { readId: '', account: {} })).toEqual({
      ok: false,
      message: 'Invalid club read command',
    });
    expect(clubReports).toEqual([]);
    command('sbc-club-read', {
      readId: 'read-2',
      account: {
        accountId: 'a1',
        email: 'a@example.com',
        password: 'pw',
        backupCode: 'ABCD1234',
        platform: 'pc',
      },
    });
    await settled;
    expect(clubReports).toEqual([
      { readId: 'read-2', outcome: { ok: false, description: expect.any(String) } },
    ]);
  });
});
