import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, runs, snipeLogEntries } from '../../src/db/schema.js';
import { backends } from '../database.js';
import { runOf, runningSnipes } from '../runs.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  injectListing,
  openBrowser,
  ronaldoFilter,
  startPayload,
  startStack,
  waitDeadlineMs,
  type Browser,
  type Stack,
  type WebMessage,
} from './stack.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

interface AgentProcess {
  agentId: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** A remote agent as operators run it: its own process, stopped by a signal. */
async function spawnAgent(stack: Stack, agentId: string): Promise<AgentProcess> {
  // Node itself with tsx's loader (not the tsx wrapper): the signal reaches the agent, not a parent.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/agent/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      SERVER_URL: stack.server.url,
      AGENT_KEY: stack.server.realtime.embeddedAgentKey,
      AGENT_ID: agentId,
      CAPACITY: '10',
      GAME_MODE: 'sandbox',
      SIM_URL: stack.sim.url,
      PRICE_FEED_URL: stack.sim.hosts.feeds,
      HEADFUL_SESSIONS: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${agentId} did not connect`)), waitDeadlineMs);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Agent ${agentId} connected to`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => reject(new Error(`${agentId} exited with ${code}: ${output}`)));
  });
  child.stdout?.resume();
  return { agentId, child, exited };
}

/** Postgres when the run has it (the cluster's database), else PGlite. */
const backend = backends.at(-1) ?? 'pglite';

describe('an agent stopped with SIGTERM hands its snipe run to another agent', hubSuite, () => {
  let stack: Stack;
  let browser: Browser;
  const agents: AgentProcess[] = [];

  beforeAll(async () => {
    stack = await startStack(backend);
    // Only the two agent processes run sessions.
    await stack.agent.close();
    agents.push(await spawnAgent(stack, 'hand-back-a'), await spawnAgent(stack, 'hand-back-b'));
    browser = await openBrowser(stack.server);
  }, hubHookTimeoutMs);

  afterAll(async () => {
    for (const agent of agents) agent.child.kill('SIGKILL');
    browser?.socket.disconnect();
    await stack?.close();
  }, hubHookTimeoutMs);

  it('goes on Active on the other agent, with every purchase stored once; with none left it waits for the next one', async () => {
    const accountId = await createAccount(browser.http, 'hand-back@example.com');
    const purchaseOf = (price: number) => (m: WebMessage) =>
      m.action === 'snipe-result' &&
      m.data.accountId === accountId &&
      m.data['buyPrice'] === price &&
      m.data['errorCode'] === undefined;
    await injectListing(stack.sim, 450);
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await browser.waitFor(purchaseOf(450), 'the first purchase');

    const db = stack.database.db;
    const [lease] = await runningSnipes(db, accountId);
    const holder = agents.find((agent) => agent.agentId === lease?.agentId);
    const other = agents.find((agent) => agent !== holder);
    if (!lease || !holder || !other)
      throw new Error(`no agent process holds the run: ${JSON.stringify(lease)}`);
    const mark = browser.messages.length;
    holder.child.kill('SIGTERM');
    expect(await holder.exited).toBe(0);

    const statusUpdate = (status: string) => (m: WebMessage) =>
      m.action === 'update-account' && m.data.id === accountId && m.data['status'] === status;
    const after = (index: number, match: (m: WebMessage) => boolean) => (m: WebMessage) =>
      browser.messages.indexOf(m) > index && match(m);
    // The new session signs in, then runs: the row goes Logging in, then Active.
    const signingIn = await browser.waitFor(after(mark - 1, statusUpdate('logging_in')), 'the run to move');
    await browser.waitFor(
      after(browser.messages.indexOf(signingIn), statusUpdate('active')),
      'the run to be Active again',
    );
    const [moved] = await runningSnipes(db, accountId);
    expect(moved?.agentId).toBe(other.agentId);
    expect(moved?.leaseId).not.toBe(lease.leaseId);
    // The new session buys too: the run goes on, not only its row.
    await injectListing(stack.sim, 500);
    await browser.waitFor(purchaseOf(500), 'a purchase on the other agent');

    const entries = await db.select().from(snipeLogEntries).where(eq(snipeLogEntries.accountId, accountId));
    expect(entries.map((entry) => entry.buyPrice).sort()).toEqual([450, 500]);
    const [handedBack] = await db.select().from(runs).where(eq(runs.id, lease.leaseId));
    expect(handedBack?.status).toBe('ended');
    const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row?.status).toBe('active');
    // Nothing told the user the run stopped.
    expect(browser.messages.slice(mark).some((m) => m.action === 'stop')).toBe(false);

    // The last agent leaves too: with nowhere to go, the run waits for an agent, and the row says so.
    const beforeWait = browser.messages.length;
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
    await browser.waitFor(after(beforeWait - 1, statusUpdate('waiting')), 'the run to wait for an agent');
    const [waiting] = await runningSnipes(db, accountId);
    expect(waiting?.agentId).toBe('');

    // A new agent connects: a sweep moves the run onto it, and it buys again.
    const replacement = await spawnAgent(stack, 'hand-back-c');
    agents.push(replacement);
    const beforeMove = browser.messages.length;
    const resumed = browser.waitFor(
      after(beforeMove - 1, statusUpdate('active')),
      'the run to be Active on the new agent',
    );
    let active = false;
    void resumed.then(() => (active = true));
    for (let sweeps = 0; !active && sweeps < 100; sweeps += 1) {
      await stack.server.realtime.sweep();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await resumed;
    const [onReplacement] = await runningSnipes(db, accountId);
    expect(onReplacement?.agentId).toBe(replacement.agentId);
    await injectListing(stack.sim, 550);
    await browser.waitFor(purchaseOf(550), 'a purchase on the agent that connected later');
    const bought = await db.select().from(snipeLogEntries).where(eq(snipeLogEntries.accountId, accountId));
    expect(bought.map((entry) => entry.buyPrice).sort()).toEqual([450, 500, 550]);
  });
});

describe('an agent stopped with SIGTERM while it holds several runs (a rolling restart)', hubSuite, () => {
  let stack: Stack;
  let browser: Browser;
  const agents: AgentProcess[] = [];
  const runCount = 4;

  beforeAll(async () => {
    stack = await startStack(backend);
    await stack.agent.close();
    browser = await openBrowser(stack.server, { maxAccounts: runCount });
  }, hubHookTimeoutMs);

  afterAll(async () => {
    for (const agent of agents) agent.child.kill('SIGKILL');
    browser?.socket.disconnect();
    await stack?.close();
  }, hubHookTimeoutMs);

  it('hands every run over: each goes on Active and searching on the other agent, none ends, nothing is stored twice', async () => {
    // One agent first, so it holds every run; the second joins before the first leaves.
    const leaving = await spawnAgent(stack, 'leave-many-a');
    agents.push(leaving);
    const accountIds: string[] = [];
    for (let index = 0; index < runCount; index += 1)
      accountIds.push(await createAccount(browser.http, `leave-many-${index}@example.com`));
    const statusUpdate =
      (accountId: string, status: string, after = -1) =>
      (m: WebMessage) =>
        browser.messages.indexOf(m) > after &&
        m.action === 'update-account' &&
        m.data.id === accountId &&
        m.data['status'] === status;
    for (const accountId of accountIds)
      browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    for (const accountId of accountIds)
      await browser.waitFor(statusUpdate(accountId, 'active'), 'every run Active');
    const bought = (price: number) => (m: WebMessage) =>
      m.action === 'snipe-result' && m.data['buyPrice'] === price && m.data['errorCode'] === undefined;
    await injectListing(stack.sim, 450);
    await browser.waitFor(bought(450), 'a purchase before the restart');

    const db = stack.database.db;
    const before = (await Promise.all(accountIds.map((id) => runningSnipes(db, id)))).flat();
    expect(before.map((lease) => lease.agentId)).toEqual(accountIds.map(() => leaving.agentId));
    const staying = await spawnAgent(stack, 'leave-many-b');
    agents.push(staying);

    const mark = browser.messages.length - 1;
    leaving.child.kill('SIGTERM');
    expect(await leaving.exited).toBe(0);
    for (const accountId of accountIds) {
      const signingIn = await browser.waitFor(
        statusUpdate(accountId, 'logging_in', mark),
        'each run to move',
      );
      const active = await browser.waitFor(
        statusUpdate(accountId, 'active', browser.messages.indexOf(signingIn)),
        'each run Active again',
      );
      // It goes on: the new session searches.
      await browser.waitFor(
        (m) =>
          browser.messages.indexOf(m) > browser.messages.indexOf(active) &&
          m.action === 'upsert-session' &&
          m.data.accountId === accountId &&
          Number(m.data['searches']) > 0,
        'each run searching again',
      );
    }

    const after = (await Promise.all(accountIds.map((id) => runningSnipes(db, id)))).flat();
    expect(after.map((lease) => lease.agentId)).toEqual(accountIds.map(() => staying.agentId));
    // Every old run was handed over (ended), none lost with its agent.
    for (const lease of before) expect((await runOf(db, lease.leaseId))?.status).toBe('ended');
    const since = browser.messages.slice(mark + 1);
    expect(since.some((m) => m.action === 'stop')).toBe(false);
    expect(since.some((m) => m.action === 'update-account' && m.data['status'] === 'error')).toBe(false);
    // The purchase made before the restart is stored once.
    const entries = await db
      .select()
      .from(snipeLogEntries)
      .where(eq(snipeLogEntries.userId, after[0]!.userId));
    expect(
      entries
        .filter((entry) => entry.isSuccess)
        .map((entry) => entry.buyPrice)
        .sort(),
    ).toEqual([450]);
  });
});
