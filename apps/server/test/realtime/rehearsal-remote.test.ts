import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunningSim } from '@tradedesk/game-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase } from '../database.js';
import { runOf } from '../runs.js';
import { saveGoldRares, waitForRehearsal } from './rehearsal-helpers.js';
import {
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  startQuietSim,
  startServerNode,
  waitDeadlineMs,
  type Browser,
  type ServerNode,
} from './stack.js';

// The shared database of a deployment with stand-alone agents: PostgreSQL when configured.
const backend = backends[backends.length - 1] ?? 'pglite';
const agentKey = 'remote-rehearsal-agent-key-'.padEnd(40, 'k');
const agentId = 'remote-rehearsal-agent';
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** `apps/agent/src/main.ts` as `npm run cluster` starts it; resolves once it says it connected. */
function startAgentProcess(serverUrl: string, simUrl: string): Promise<ChildProcess> {
  // Node itself (not the tsx CLI, a second process): the signals reach the agent.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/agent/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SERVER_URL: serverUrl,
      AGENT_KEY: agentKey,
      AGENT_ID: agentId,
      CAPACITY: '4',
      GAME_MODE: 'sandbox',
      SIM_URL: simUrl,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    // A loaded machine may take minutes to load the agent's modules: the limit only stops a hang.
    const timer = setTimeout(
      () => reject(new Error(`the agent never connected:\n${output}`)),
      3 * waitDeadlineMs,
    );
    const exitedEarly = (code: number | null) =>
      reject(new Error(`the agent exited with ${code}:\n${output}`));
    const readOutput = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes(`Agent ${agentId} connected to`)) return;
      clearTimeout(timer);
      // Only this function's own listeners: the caller's (the stop's wait for 'exit') must stay.
      child.off('exit', exitedEarly);
      child.stdout?.off('data', readOutput);
      child.stdout?.resume();
      resolve(child);
    };
    child.once('exit', exitedEarly);
    child.stdout?.on('data', readOutput);
  });
}

/** The agent's child processes now (its rehearsal sides and warm spares). */
function childPidsOf(pid: number): number[] {
  const listed = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return listed
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(Number);
}

/** Whether a process still runs (a zombie nobody reaped has ended). */
function isRunning(pid: number): boolean {
  const state = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return state !== '' && !state.startsWith('Z');
}

/** Resolves once none of the processes runs; the limit only stops a hang. */
async function waitUntilEnded(pids: number[]): Promise<void> {
  const deadline = Date.now() + waitDeadlineMs;
  while (pids.some(isRunning)) {
    if (Date.now() > deadline)
      throw new Error(`processes still running: ${pids.filter(isRunning).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, as the cluster stops its agents; a stop that hangs is ended with SIGKILL. */
async function stopAgent(
  agent: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (agent.exitCode !== null || agent.signalCode !== null)
    return { code: agent.exitCode, signal: agent.signalCode };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    agent.once('exit', (code, signal) => resolve({ code, signal })),
  );
  agent.kill('SIGTERM');
  const killer = setTimeout(() => agent.kill('SIGKILL'), 20_000);
  return exited.finally(() => clearTimeout(killer));
}

describe(`Rehearse in sandbox on a stand-alone agent (${backend})`, hubSuite, () => {
  let dispose: () => Promise<void>;
  let server: ServerNode;
  let sim: RunningSim;
  let agent: ChildProcess | undefined;
  let browser: Browser;

  beforeAll(async () => {
    const database = await createTestDatabase(backend);
    dispose = database.dispose;
    server = await startServerNode(database.database, { agentKeys: [agentKey] });
    sim = await startQuietSim();
    agent = await startAgentProcess(server.url, sim.url);
    browser = await openBrowser(server);
  }, 2 * hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    if (agent) await stopAgent(agent);
    await server?.app.close();
    await sim?.close();
    await dispose?.();
  }, hubHookTimeoutMs);

  it('rehearses on the agent connected over /client/agent, keeps its result, and stops with its side processes', async () => {
    // The only agent is the stand-alone process: the server runs none of its own here.
    expect(server.realtime.connectedAgents()).toEqual([agentId]);
    const filter = await saveGoldRares(browser.http, 'Gold rares');
    const ids = [filter.id ?? ''];
    browser.send('snipe-rehearse', { filterIds: ids, spanMinutes: 15 });
    const done = await waitForRehearsal(browser.http, ids, (rehearsal) =>
      ['done', 'failed'].includes(rehearsal?.status ?? 'running'),
    );
    expect(done).toMatchObject({ status: 'done', progress: 1, message: '' });
    expect(done?.result?.spanMinutes).toBe(15);
    expect(done?.result?.ours.profitByMinute).toHaveLength(15);
    expect(done?.result?.classic.requests).toBeGreaterThan(0);
    const run = await runOf(server.app.appContext.db, done?.id ?? '');
    expect(run).toMatchObject({ kind: 'rehearsal', agentId, status: 'ended' });

    // After a rehearsal the agent keeps two warm spares (forked before it reported the result);
    // the rehearsal's own sides may still be on their way out.
    const running = agent;
    if (running?.pid === undefined) throw new Error('the agent process has no pid');
    const sides = childPidsOf(running.pid);
    expect(sides.length).toBeGreaterThanOrEqual(2);
    // A stop ends the agent by itself (no SIGKILL) and every side process with it.
    expect(await stopAgent(running)).toEqual({ code: 0, signal: null });
    await waitUntilEnded(sides);
  });
});
