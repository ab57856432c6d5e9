import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultTransferConfig } from '@tradedesk/domain';
import {
  agentSocketPath,
  transferEventEnvelopeSchema,
  type AgentAck,
  type TransferEventAck,
  type TransferEventEnvelope,
  type TransferStartCommand,
} from '@tradedesk/domain/realtime';
import { Server, type Socket } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameConfig, startBenchSim, type BenchSim } from '../bench/sandbox.js';
import {
  armMirrorTrap,
  coinsToStrangers,
  createTransferAccount,
  grantCard,
  simClock,
  transferCard,
  transferFilter,
  type TransferAccountSpec,
} from '../bench/transfer-world.js';
import { startAgent, type RunningAgent } from '../src/agent.js';

let sim: BenchSim;
let io: Server;
let serverUrl = '';
let agent: RunningAgent;
let agentSocket: Promise<Socket>;
/** Every transfer-event that reached the server, re-sends included. */
const received: TransferEventEnvelope[] = [];
/** Decides the acknowledgement of each received event (undefined: never acknowledged). */
let acknowledge: (envelope: TransferEventEnvelope, socket: Socket) => TransferEventAck | undefined = () => ({
  ok: true,
});
const waiters: { predicate: () => boolean; resolve: () => void }[] = [];

function until(predicate: () => boolean): Promise<void> {
  if (predicate()) return Promise.resolve();
  return new Promise((resolve) => waiters.push({ predicate, resolve }));
}

beforeAll(async () => {
  sim = await startBenchSim({ seed: 13, clock: { speed: 0 }, market: { initialListings: 1_000 } });
  const http = createServer();
  io = new Server(http, { path: agentSocketPath });
  agentSocket = new Promise((resolve) => {
    io.on('connection', (socket) => {
      resolve(socket);
      agentSocket = Promise.resolve(socket);
      socket.on('transfer-event', (payload: unknown, ack: (answer: TransferEventAck) => void) => {
        const envelope = transferEventEnvelopeSchema.parse(payload);
        received.push(envelope);
        const answer = acknowledge(envelope, socket);
        if (answer) ack(answer);
        for (const waiter of [...waiters]) if (waiter.predicate()) waiter.resolve();
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  agent = startAgent({
    serverUrl,
    agentKey: 'k'.repeat(32),
    agentId: 'transfer-agent',
    game: gameConfig(sim),
    clock: simClock(sim),
    ackTimeoutMs: 1_000,
  });
  await agent.connected;
}, 60_000);
afterAll(async () => {
  await agent.close();
  io.close();
  await sim.close();
});

async function start(buyer: TransferAccountSpec, seller: TransferAccountSpec, transferId: string) {
  const card = transferCard(sim, 2.5, 3);
  const command: TransferStartCommand = {
    transferId,
    route: { kind: 'transfer' },
    buyer: {
      accountId: buyer.accountId,
      email: buyer.email,
      password: buyer.password,
      backupCode: buyer.backupCode,
      platform: 'pc',
    },
    seller: {
      accountId: seller.accountId,
      email: seller.email,
      password: seller.password,
      backupCode: seller.backupCode,
      platform: 'pc',
    },
    filter: transferFilter(card),
    configuration: defaultTransferConfig(),
  };
  const socket = await agentSocket;
  const ack = (await socket.timeout(10_000).emitWithAck('transfer-start', command)) as AgentAck;
  return { ack, card };
}

const eventsOf = (transferId: string) => received.filter((envelope) => envelope.transferId === transferId);

describe('the agent runs a transfer the server sends on its socket', () => {
  it('accepts transfer-start, reports every step in order and moves the coins', async () => {
    const probe = transferCard(sim, 2.5, 3);
    const buyer = await createTransferAccount(sim, probe.price + 5_000, 'buyer');
    const seller = await createTransferAccount(sim, 0, 'seller');
    await grantCard(sim, seller.id, probe.definitionId);
    await armMirrorTrap(sim, probe.definitionId, probe.price);
    const strangersBefore = coinsToStrangers(sim);

    const { ack } = await start(buyer, seller, 'transfer-a');
    expect(ack).toEqual({ ok: true });
    await until(() => eventsOf('transfer-a').some((envelope) => envelope.event.type === 'transfer-success'));

    const events = eventsOf('transfer-a');
    expect(events.map((envelope) => envelope.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(events.map((envelope) => envelope.event.type)).toEqual([
      'sync-result',
      'list-player',
      'list-success',
      'purchase-success',
      'transfer-success',
    ]);
    expect(coinsToStrangers(sim)).toBe(strangersBefore);
  }, 60_000);

  it('syncs both accounts on transfer-sync: coins, piles, the seller’s card and its coin-balance screenshot', async () => {
    const card = transferCard(sim, 2.5, 3);
    const buyer = await createTransferAccount(sim, 50_000, 'buyer');
    const seller = await createTransferAccount(sim, 1_500, 'seller');
    await grantCard(sim, seller.id, card.definitionId);
    const socket = await agentSocket;
    const credentials = (spec: TransferAccountSpec) => ({
      accountId: spec.accountId,
      email: spec.email,
      password: spec.password,
      backupCode: spec.backupCode,
      platform: 'pc' as const,
    });
    const ack = await socket.timeout(10_000).emitWithAck('transfer-sync', {
      transferId: 'sync-1',
      route: { kind: 'transfer' },
      buyer: credentials(buyer),
      seller: credentials(seller),
      filter: transferFilter(card),
      configuration: { ...defaultTransferConfig(), screenshot: 'seller' },
    });
    expect(ack).toEqual({ ok: true });
    await until(() => eventsOf('sync-1').length === 1);
    const event = eventsOf('sync-1')[0]?.event;
    expect(event?.type).toBe('sync-result');
    if (event?.type !== 'sync-result') return;
    expect(event.buyer).toMatchObject({
      accountId: buyer.accountId,
      coins: 50_000,
      card: null,
      screenshot: null,
    });
    expect(event.buyer.username).toMatch(/^Sandbox/);
    expect(event.seller).toMatchObject({
      accountId: seller.accountId,
      coins: 1_500,
      card: { definitionId: card.definitionId, pile: 'club', value: card.price },
      screenshot: expect.stringMatching(/^iVBORw0KGgo/),
    });
  }, 60_000);

  it('refuses a malformed command without doing anything', async () => {
    const socket = await agentSocket;
    const bad = (await socket.timeout(10_000).emitWithAck('transfer-start', { transferId: 'x' })) as AgentAck;
    expect(bad).toEqual({ ok: false, message: 'Invalid transfer command' });
    expect(eventsOf('x')).toEqual([]);
  });

  it('answers latency, live prices and a coin-balance screenshot taken in Chromium', async () => {
    const seller = await createTransferAccount(sim, 77_000, 'seller');
    const credentials = {
      accountId: seller.accountId,
      email: seller.email,
      password: seller.password,
      backupCode: seller.backupCode,
      platform: 'pc' as const,
    };
    const socket = await agentSocket;
    const configuration = { ...defaultTransferConfig(), safeLatency: 75 };
    const card = transferCard(sim, 2.5, 5);
    const acks = await Promise.all([
      socket.timeout(10_000).emitWithAck('transfer-fetch-latency', {
        transferId: 'lat',
        route: { kind: 'request', userId: 'user-1' },
        seller: credentials,
        configuration,
      }),
      socket.timeout(10_000).emitWithAck('transfer-fetch-market-prices', {
        transferId: 'prices',
        route: { kind: 'request', userId: 'user-1' },
        seller: credentials,
        player: { id: card.definitionId, rarity: 'rare', quality: 'gold' },
      }),
    ]);
    expect(acks).toEqual([{ ok: true }, { ok: true }]);
    await until(() => eventsOf('lat').length === 1 && eventsOf('prices').length === 1);
    // The sim's virtual clock stands still during a call: the round trip reads 0 ms.
    expect(eventsOf('lat')[0]?.event).toMatchObject({
      type: 'latency-result',
      accountId: seller.accountId,
      isAboveSafe: false,
    });
    expect(eventsOf('prices')[0]?.event).toMatchObject({
      type: 'market-prices-result',
      definitionId: card.definitionId,
    });

    const shot = await socket.timeout(10_000).emitWithAck('transfer-screenshot', {
      transferId: 'shot',
      route: { kind: 'request', userId: 'user-1' },
      account: credentials,
      isBuyer: false,
    });
    expect(shot).toEqual({ ok: true });
    await until(() => eventsOf('shot').length === 1);
    expect(eventsOf('shot')[0]?.event).toMatchObject({
      type: 'screenshot-result',
      accountId: seller.accountId,
      isBuyer: false,
      coins: 77_000,
      screenshot: expect.stringMatching(/^iVBORw0KGgo/),
    });
  }, 60_000);

  it('re-sends an outcome the server did not acknowledge, after a reconnect, with the same seq', async () => {
    const probe = transferCard(sim, 2.5, 3);
    const buyer = await createTransferAccount(sim, probe.price, 'buyer');
    const seller = await createTransferAccount(sim, 0, 'seller');
    await grantCard(sim, seller.id, probe.definitionId);
    let dropped = false;
    acknowledge = (envelope, socket) => {
      if (envelope.event.type === 'transfer-success' && !dropped) {
        dropped = true;
        // The connection breaks before the server answers: the agent must send it again.
        socket.conn.close();
        return undefined;
      }
      return { ok: true };
    };
    const { ack } = await start(buyer, seller, 'transfer-b');
    expect(ack).toEqual({ ok: true });
    await until(
      () =>
        eventsOf('transfer-b').filter((envelope) => envelope.event.type === 'transfer-success').length === 2,
    );
    const outcomes = eventsOf('transfer-b').filter((envelope) => envelope.event.type === 'transfer-success');
    expect(outcomes[0]?.seq).toBe(outcomes[1]?.seq);
    // Keyed by {transferId}:{seq}, the server stores (and charges) it once.
    expect(new Set(outcomes.map((envelope) => `${envelope.transferId}:${envelope.seq}`)).size).toBe(1);
  }, 60_000);
});
