import { filterSwitchedFor, snipeStoppedFor } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it, onTestFinished } from 'vitest';
import { accounts } from '../../src/db/schema.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { backends } from '../database.js';
import { runOf, runningSnipes } from '../runs.js';
import { startChatReceiver, type ChatReceiver } from './chat-receiver.js';
import { connectScriptedAgent } from './scripted-agent.js';
import { scriptedAgentStack, type ScriptedStack } from './scripted-stack.js';
import {
  createAccount,
  hubSuite,
  openBrowser,
  ronaldoFilter,
  saveRonaldoFilter,
  startPayload,
  waitDeadlineMs,
  type Browser,
  type WebMessage,
} from './stack.js';

const heartbeatTimeoutMs = 45_000;
const connectedHeartbeatTimeoutMs = 120_000;
const agentWaitMs = 10 * 60_000;

const statusOf = (accountId: string, status: string) => (m: WebMessage) =>
  m.action === 'update-account' && m.data.id === accountId && m.data['status'] === status;
/** The notice a run that begins to wait for an agent gives its user. */
const toldWaiting = (m: WebMessage) =>
  m.action === 'notification' && m.data['message'] === snipeMessages.waitingForAgent;

/** A chat receiver the user's webhook posts to (spec 000 §7), closed when the test ends. */
async function chatOf(browser: Browser) {
  const chat = await startChatReceiver();
  onTestFinished(() => chat.close());
  const provider = await browser.http.put('/api/user/provider', {
    discordId: '',
    discordWebhookUrl: chat.url,
    telegramId: '',
  });
  expect(provider.status).toBe(200);
  return chat;
}

/** The chat posts (embeds) whose text is `text`. */
const chatPostsOf = (chat: ChatReceiver, text: string) =>
  chat.bodies.flatMap((body) => body.embeds).filter((embed) => embed.description === text);

/**
 * A leaving agent hands its snipe run back while every other agent is busy (here: there is none):
 * the run waits under no agent, holding its account, and goes on on the next free agent; the user
 * may stop the wait, and a wait past the limit ends saying why.
 */
describe.each(backends)('a handed-back snipe run with no free agent (%s)', (backend) => {
  const stack = scriptedAgentStack(backend, {
    node: { heartbeatTimeoutMs, connectedHeartbeatTimeoutMs, snipeAgentWaitMs: agentWaitMs },
  });
  const db = () => stack.node.app.appContext.db;

  /** A new user's account sniping on the scripted agent: the run's first lease. */
  async function sniping(email: string) {
    const browser = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 2 });
    stack.browsers.push(browser);
    const accountId = await createAccount(browser.http, email);
    const seen = stack.agent.commands.length;
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    const start = await stack.agent.nextCommand('session-start', seen);
    const leaseId = String(start.payload['leaseId']);
    return { browser, accountId, leaseId };
  }

  /** The scripted agent leaves (no node picks it again) and hands the run back. */
  async function handedBack(browser: Browser, accountId: string, leaseId: string) {
    await stack.agent.socket.emitWithAck('agent-leaving');
    const ack: unknown = await stack.agent.socket.emitWithAck('session-hand-back', { leaseId, accountId });
    expect(ack).toEqual({ ok: true });
    await browser.waitFor(statusOf(accountId, 'waiting'), 'the account to wait for an agent');
    await browser.waitFor(
      (m) => m.action === 'notification' && m.data['message'] === snipeMessages.waitingForAgent,
      'the user to be told why',
    );
  }

  it(
    'waits under no agent past the lost rule, takes a filter switch, then moves to the next free agent, which starts it',
    hubSuite,
    async () => {
      const { browser, accountId, leaseId } = await sniping('waits@example.com');
      await handedBack(browser, accountId, leaseId);
      const [waiting] = await runningSnipes(db(), accountId);
      expect(waiting?.agentId).toBe('');
      expect(waiting?.leaseId).not.toBe(leaseId);
      expect((await runOf(db(), leaseId))?.status).toBe('ended');

      // Past every heartbeat limit, with no agent free: the lost rule has no agent to lose.
      stack.node.clock.advance(connectedHeartbeatTimeoutMs * 2);
      await stack.node.realtime.sweep();
      expect((await runOf(db(), waiting?.leaseId ?? ''))?.status).toBe('running');
      const [row] = await db().select().from(accounts).where(eq(accounts.id, accountId));
      expect(row?.status).toBe('waiting');

      // A filter switched to while it waits is the one it starts with (no agent to ask).
      const cheaper = await saveRonaldoFilter(browser.http, 'Ronaldo cheaper', 600);
      browser.send('snipe-create-browser', startPayload(accountId, [cheaper], undefined, true));
      await browser.waitFor(
        (m) => m.action === 'notification' && m.data['message'] === filterSwitchedFor('waits@example.com'),
        'the switch to be confirmed',
      );

      // An agent with room connects: the next sweep starts the run there, with its plan.
      const other = await connectScriptedAgent(stack.node, 'free-agent');
      try {
        let start: Awaited<ReturnType<typeof other.nextCommand>> | undefined;
        const started = other.nextCommand('session-start').then((command) => (start = command));
        for (let sweeps = 0; start === undefined && sweeps < 50; sweeps += 1) {
          await stack.node.realtime.sweep();
          await Promise.race([started, new Promise((resolve) => setTimeout(resolve, 100))]);
        }
        expect(start?.payload['accountId']).toBe(accountId);
        const filters = start?.payload['filters'] as { id: string }[] | undefined;
        expect(filters?.map((filter) => filter.id)).toEqual([cheaper.id]);
        await browser.waitFor(statusOf(accountId, 'logging_in'), 'the run to move to the free agent');
        const [moved] = await runningSnipes(db(), accountId);
        expect(moved).toMatchObject({ agentId: 'free-agent', leaseId: start?.payload['leaseId'] });
        expect((await runOf(db(), waiting?.leaseId ?? ''))?.status).toBe('ended');
      } finally {
        other.socket.disconnect();
      }
    },
  );
});

describe.each(backends)('a snipe run waiting for an agent, ended (%s)', (backend) => {
  const stack = scriptedAgentStack(backend, {
    node: { heartbeatTimeoutMs, connectedHeartbeatTimeoutMs, snipeAgentWaitMs: agentWaitMs },
    agentId: 'leaving-agent',
  });
  const db = () => stack.node.app.appContext.db;

  it(
    'ends at once when its user stops it, and past the limit with why, in the chat too',
    hubSuite,
    async () => {
      const browser = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 2 });
      stack.browsers.push(browser);
      const chat = await chatOf(browser);
      const stoppedId = await createAccount(browser.http, 'stopped@example.com');
      const expiredId = await createAccount(browser.http, 'expired@example.com');
      const leases: Record<string, string> = {};
      for (const accountId of [stoppedId, expiredId]) {
        const seen = stack.agent.commands.length;
        browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
        const start = await stack.agent.nextCommand('session-start', seen);
        leases[accountId] = String(start.payload['leaseId']);
      }
      await stack.agent.socket.emitWithAck('agent-leaving');
      for (const accountId of [stoppedId, expiredId]) {
        await stack.agent.socket.emitWithAck('session-hand-back', { leaseId: leases[accountId], accountId });
        await browser.waitFor(statusOf(accountId, 'waiting'), 'the account to wait for an agent');
      }

      // Stopped by its user: no agent holds it, so the server ends it, and the slot is free.
      browser.send('snipe-stop', { id: stoppedId });
      await browser.waitFor(statusOf(stoppedId, 'inactive'), 'the waiting run to stop');
      await browser.waitFor(
        (m) => m.action === 'notification' && m.data['message'] === snipeStoppedFor('stopped@example.com'),
        'the stop to be confirmed',
      );
      expect(await runningSnipes(db(), stoppedId)).toEqual([]);

      // Still waiting just before the limit; ended with the reason once past it.
      stack.node.clock.advance(agentWaitMs - 1_000);
      await stack.node.realtime.sweep();
      expect(await runningSnipes(db(), expiredId)).toHaveLength(1);
      stack.node.clock.advance(2_000);
      await stack.node.realtime.sweep();
      const ended = await browser.waitFor(statusOf(expiredId, 'error'), 'the wait to end');
      expect(ended.data['description']).toBe(snipeMessages.noAgentInTime(agentWaitMs));
      expect(ended.data['description']).toBe(
        'The snipe agent running this account shut down and no other agent was free within 10 minutes. Start the snipe again.',
      );
      expect(await runningSnipes(db(), expiredId)).toEqual([]);
      // The user's chat is told as of any run that ends in error (spec 000 §7): the reason, in red.
      const postedEmbed = () =>
        chat.bodies.find((body) => body.embeds[0]?.description === snipeMessages.noAgentInTime(agentWaitMs))
          ?.embeds[0];
      await expect.poll(postedEmbed, { timeout: waitDeadlineMs }).toMatchObject({ color: 0xed4245 });
    },
  );
});

/** A sweep past the wait's limit ends the run saying why, and it holds no running snipe any more. */
async function expectWaitEndedAfterSweep(node: ScriptedStack['node'], browser: Browser, accountId: string) {
  await node.realtime.sweep();
  const ended = await browser.waitFor(statusOf(accountId, 'error'), 'the wait to end');
  expect(ended.data['description']).toBe(snipeMessages.noAgentInTime(agentWaitMs));
  expect(await runningSnipes(node.app.appContext.db, accountId)).toEqual([]);
}

/** Sweeps until `done` holds (an agent that just connected is in its room a moment later). */
async function sweepUntil(node: ScriptedStack['node'], done: () => Promise<boolean>, what: string) {
  for (let sweeps = 0; sweeps < 50; sweeps += 1) {
    await node.realtime.sweep();
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Gave up sweeping for ${what}`);
}

describe.each(backends)("a lost agent's snipe run (%s)", (backend) => {
  const stack = scriptedAgentStack(backend, {
    node: { heartbeatTimeoutMs, connectedHeartbeatTimeoutMs, snipeAgentWaitMs: agentWaitMs },
    agentId: 'crashing-agent',
  });
  const db = () => stack.node.app.appContext.db;

  it(
    'waits for an agent instead of ending, and starts on the next free one reading the unassigned pile',
    hubSuite,
    async () => {
      const browser = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 2 });
      stack.browsers.push(browser);
      const chat = await chatOf(browser);
      const accountId = await createAccount(browser.http, 'crashed@example.com');
      browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
      const first = await stack.agent.nextCommand('session-start');
      const lostLeaseId = String(first.payload['leaseId']);
      expect(first.payload['readUnassignedPile']).toBe(false);

      // The agent's socket dies without a hand-back (a crash): past the reconnect grace it is lost.
      stack.agent.socket.disconnect();
      await browser.waitFor(statusOf(accountId, 'waiting'), 'the account to wait for an agent');
      await browser.waitFor(
        (m) => m.action === 'notification' && m.data['message'] === snipeMessages.lostWaitingForAgent,
        'the user to be told why',
      );
      // The chat is told too, once, as a notice: the run is not searching until an agent is free.
      await expect
        .poll(() => chatPostsOf(chat, snipeMessages.lostWaitingForAgent), { timeout: waitDeadlineMs })
        .toMatchObject([{ color: 0x5865f2 }]);
      expect(browser.messages.some(statusOf(accountId, 'error'))).toBe(false);
      expect(browser.messages.some((m) => m.action === 'stop')).toBe(false);
      expect((await runOf(db(), lostLeaseId))?.status).toBe('lost');
      const [waiting] = await runningSnipes(db(), accountId);
      expect(waiting?.agentId).toBe('');

      // A free agent connects: the run starts there, and reads the pile for what the lost one bought.
      const other = await connectScriptedAgent(stack.node, 'replacement-agent');
      try {
        await sweepUntil(stack.node, async () => other.commands.length > 0, 'the run to move');
        const start = await other.nextCommand('session-start');
        expect(start.payload).toMatchObject({ accountId, readUnassignedPile: true });
        await browser.waitFor(statusOf(accountId, 'logging_in'), 'the run to move to the free agent');
        const [moved] = await runningSnipes(db(), accountId);
        expect(moved).toMatchObject({ agentId: 'replacement-agent', leaseId: start.payload['leaseId'] });
      } finally {
        other.socket.disconnect();
      }
    },
  );
});

describe.each(backends)("a connected agent's silent snipe run (%s)", (backend) => {
  const stack = scriptedAgentStack(backend, {
    node: { heartbeatTimeoutMs, connectedHeartbeatTimeoutMs, snipeAgentWaitMs: agentWaitMs },
    agentId: 'silent-agent',
  });

  it('has its old session told to stop, then starts again under a new lease', hubSuite, async () => {
    const browser = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 2 });
    stack.browsers.push(browser);
    const accountId = await createAccount(browser.http, 'silent@example.com');
    const stops: Record<string, unknown>[] = [];
    stack.agent.socket.on('session-stop', (stop: Record<string, unknown>) => stops.push(stop));
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    const first = await stack.agent.nextCommand('session-start');

    // Connected, but silent past the long limit: the run is lost, and its old session told to stop.
    stack.node.clock.advance(connectedHeartbeatTimeoutMs * 2);
    await stack.node.realtime.sweep();
    await browser.waitFor(statusOf(accountId, 'waiting'), 'the account to wait for an agent');
    await expect
      .poll(() => stops, { timeout: waitDeadlineMs })
      .toContainEqual({ accountId, leaseId: first.payload['leaseId'] });

    // The agent is the one free: the run starts on it again, under a new lease.
    const seen = stack.agent.commands.length;
    await sweepUntil(stack.node, async () => stack.agent.commands.length > seen, 'the run to restart');
    const again = await stack.agent.nextCommand('session-start', seen);
    expect(again.payload).toMatchObject({ accountId, readUnassignedPile: true });
    expect(again.payload['leaseId']).not.toBe(first.payload['leaseId']);
  });
});

/** Matches only messages the browser receives from now on (an earlier one never counts). */
function fromNow(browser: Browser, match: (message: WebMessage) => boolean) {
  const seen = browser.messages.length;
  return (message: WebMessage) => browser.messages.indexOf(message) >= seen && match(message);
}

/**
 * An agent that refuses every snipe start (full, say) and counts them; `beforeRefusing` runs with
 * the count so far before each answer (a slow agent moves the clock there).
 */
async function connectRefusingAgent(
  node: ScriptedStack['node'],
  agentId: string,
  beforeRefusing: (refusedSoFar: number) => void = () => {},
) {
  const refused: unknown[] = [];
  const socket: Socket = io(node.url, {
    path: '/client/agent',
    transports: ['websocket'],
    auth: { key: node.realtime.embeddedAgentKey, agentId, capacity: 5, sessions: [] },
  });
  socket.on('session-start', (payload: unknown, ack: (answer: unknown) => void) => {
    refused.push(payload);
    beforeRefusing(refused.length);
    ack({ ok: false, message: 'The agent is full' });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, refused };
}

describe.each(backends)('a waiting snipe run refused by its agent (%s)', (backend) => {
  const stack = scriptedAgentStack(backend, {
    node: { heartbeatTimeoutMs, connectedHeartbeatTimeoutMs, snipeAgentWaitMs: agentWaitMs },
    agentId: 'leaving-agent',
  });
  const db = () => stack.node.app.appContext.db;

  it('waits again, and its limit counts from when it began to wait', hubSuite, async () => {
    const browser = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 2 });
    stack.browsers.push(browser);
    const chat = await chatOf(browser);
    const accountId = await createAccount(browser.http, 'refused@example.com');
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    const start = await stack.agent.nextCommand('session-start');
    await stack.agent.socket.emitWithAck('agent-leaving');
    await stack.agent.socket.emitWithAck('session-hand-back', {
      leaseId: start.payload['leaseId'],
      accountId,
    });
    await browser.waitFor(statusOf(accountId, 'waiting'), 'the account to wait for an agent');

    // Near the limit, the one free agent refuses the start: the run waits again, it does not end.
    stack.node.clock.advance(agentWaitMs - 10_000);
    const refusing = await connectRefusingAgent(stack.node, 'refusing-agent');
    try {
      const waitingAgain = fromNow(browser, statusOf(accountId, 'waiting'));
      await sweepUntil(stack.node, async () => refusing.refused.length > 0, 'the start to be refused');
      await browser.waitFor(waitingAgain, 'the refused run to wait again');
      // The last sweep's start is refused too: then the run waits under no agent.
      await expect
        .poll(async () => (await runningSnipes(db(), accountId)).map((run) => run.agentId), {
          timeout: waitDeadlineMs,
        })
        .toEqual(['']);
      expect(browser.messages.some(statusOf(accountId, 'error'))).toBe(false);
      expect(browser.messages.filter(toldWaiting)).toHaveLength(1);

      // Past the limit of its first wait (not of the lease the refusal left): it ends saying why.
      refusing.socket.disconnect();
      stack.node.clock.advance(20_000);
      await expectWaitEndedAfterSweep(stack.node, browser, accountId);
      // The chat heard of the wait once, when it began, not again after the refusal: its posts go
      // out in order, so by the end's post every earlier one has arrived.
      await expect
        .poll(() => chatPostsOf(chat, snipeMessages.noAgentInTime(agentWaitMs)), { timeout: waitDeadlineMs })
        .toHaveLength(1);
      expect(chatPostsOf(chat, snipeMessages.waitingForAgent)).toHaveLength(1);
    } finally {
      refusing.socket.disconnect();
    }
  });
});

describe.each(backends)('a handed-back snipe run its new agent refuses (%s)', (backend) => {
  const stack = scriptedAgentStack(backend, {
    node: { heartbeatTimeoutMs, connectedHeartbeatTimeoutMs, snipeAgentWaitMs: agentWaitMs },
    agentId: 'leaving-agent',
  });
  const db = () => stack.node.app.appContext.db;
  const answerTakesMs = 5 * 60_000;

  it('waits, telling its user why once, and its limit counts from the refusal', hubSuite, async () => {
    const browser = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 2 });
    stack.browsers.push(browser);
    const accountId = await createAccount(browser.http, 'refused-at-once@example.com');
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    const start = await stack.agent.nextCommand('session-start');
    // The one other agent takes five minutes to refuse its first start: the wait begins then.
    const refusing = await connectRefusingAgent(stack.node, 'slow-refusing-agent', (refusedSoFar) => {
      if (refusedSoFar === 1) stack.node.clock.advance(answerTakesMs);
    });
    try {
      await stack.agent.socket.emitWithAck('agent-leaving');
      await stack.agent.socket.emitWithAck('session-hand-back', {
        leaseId: start.payload['leaseId'],
        accountId,
      });
      await browser.waitFor(toldWaiting, 'the user to be told why');
      await browser.waitFor(statusOf(accountId, 'waiting'), 'the account to wait for an agent');
      expect(refusing.refused).toHaveLength(1);
      const waitingUnderNoAgent = async () =>
        (await runningSnipes(db(), accountId)).map((run) => run.agentId);
      await expect.poll(waitingUnderNoAgent, { timeout: waitDeadlineMs }).toEqual(['']);

      // Just short of the limit counted from the refusal (past it from the hand-back): it waits on.
      stack.node.clock.advance(agentWaitMs - 1_000);
      await sweepUntil(stack.node, async () => refusing.refused.length > 1, 'the start to be refused again');
      await expect.poll(waitingUnderNoAgent, { timeout: waitDeadlineMs }).toEqual(['']);
      expect(browser.messages.some(statusOf(accountId, 'error'))).toBe(false);
      expect(browser.messages.filter(toldWaiting)).toHaveLength(1);

      refusing.socket.disconnect();
      stack.node.clock.advance(2_000);
      await expectWaitEndedAfterSweep(stack.node, browser, accountId);
    } finally {
      refusing.socket.disconnect();
    }
  });
});

describe.each(backends)('waiting snipe runs and a small free agent (%s)', (backend) => {
  const stack = scriptedAgentStack(backend, {
    node: { heartbeatTimeoutMs, connectedHeartbeatTimeoutMs, snipeAgentWaitMs: agentWaitMs },
    agentId: 'leaving-agent',
  });
  const db = () => stack.node.app.appContext.db;

  it('fill its free slots in one sweep and wait for the next agent with the rest', hubSuite, async () => {
    const browser = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 3 });
    stack.browsers.push(browser);
    const accountIds: string[] = [];
    const sessions: { leaseId: unknown; accountId: string }[] = [];
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      const accountId = await createAccount(browser.http, email);
      const seen = stack.agent.commands.length;
      browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
      const start = await stack.agent.nextCommand('session-start', seen);
      accountIds.push(accountId);
      sessions.push({ leaseId: start.payload['leaseId'], accountId });
    }
    await stack.agent.socket.emitWithAck('agent-leaving');
    await stack.agent.socket.emitWithAck('sessions-hand-back', { sessions });
    for (const accountId of accountIds)
      await browser.waitFor(statusOf(accountId, 'waiting'), 'every account to wait for an agent');

    const runsOn = async (agentId: string) =>
      (await Promise.all(accountIds.map((id) => runningSnipes(db(), id))))
        .flat()
        .filter((run) => run.agentId === agentId).length;
    const small = await connectScriptedAgent(stack.node, 'small-agent', 2);
    let big: Awaited<ReturnType<typeof connectScriptedAgent>> | undefined;
    try {
      // The sweep that first sees the agent gives it as many runs as it has room for, no more.
      await sweepUntil(stack.node, async () => (await runsOn('small-agent')) > 0, 'runs to move');
      expect(await runsOn('small-agent')).toBe(2);
      expect(await runsOn('')).toBe(1);
      await stack.node.realtime.sweep();
      expect(await runsOn('')).toBe(1);

      big = await connectScriptedAgent(stack.node, 'big-agent', 5);
      await sweepUntil(stack.node, async () => (await runsOn('')) === 0, 'the last run to move');
      expect(await runsOn('big-agent')).toBe(1);
      expect(await runsOn('small-agent')).toBe(2);
      await expect.poll(() => small.commands.length, { timeout: waitDeadlineMs }).toBe(2);
    } finally {
      small.socket.disconnect();
      big?.socket.disconnect();
    }
  });
});
