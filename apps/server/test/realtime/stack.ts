import { defaultConfiguration, type Configuration, type NormalFilter } from '@tradedesk/domain';
import { defaultNormalFilter } from '@tradedesk/domain';
import { feedPrices, startAgent, type RunningAgent } from '@tradedesk/agent';
import { startSim, type RunningSim } from '@tradedesk/game-sim';
import { sandboxConfig, type TransportObserver } from '@tradedesk/game-client';
import { io, type Socket } from 'socket.io-client';
import { buildApp, type App } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import type { StallReading } from '../../src/lib/stall-ledger.js';
import type { ChatOptions } from '../../src/modules/webhook/notifier.js';
import type { Realtime, RealtimeOptions } from '../../src/realtime/index.js';
import { createTestDatabase, type Backend } from '../database.js';
import { signedInUser, TestClock, testSandboxAdminKey, type Client } from '../helpers.js';

export const simAdminKey = 'test-admin-key';

/** A real Redis: REDIS_URL when set (CI), else the one every development machine runs locally. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A node that never stalled (the tests' nodes judge agents on their test clock). */
export const noStalls: StallReading = { stalledMsSince: () => 0 };

/** A quiet sandbox: few listings, no rivals or buyers, no budgets, listings visible at once. */
export function startQuietSim(): Promise<RunningSim> {
  return startSim({
    port: 0,
    seed: 11,
    adminKey: simAdminKey,
    market: { initialListings: 300, mispricedShare: 0, rivalCatchShare: 0, humanBuyShare: 0 },
    abuse: { enabled: false, listingVisibilityDelaySeconds: 0 },
  });
}

export interface ServerNode {
  app: App;
  realtime: Realtime;
  url: string;
  clock: TestClock;
}

/** A listening server with its socket hubs, on port 0. */
export async function startServerNode(
  database: Database,
  {
    chat,
    secretKey = 'ab'.repeat(32),
    ...options
  }: RealtimeOptions & { chat?: ChatOptions; secretKey?: string } = {},
  clock = new TestClock(),
  /** The price database's stale limit (PRICE_STALE_AFTER_MS); default 15 minutes. */
  priceStaleAfterMs?: number,
): Promise<ServerNode> {
  const app = await buildApp({
    database,
    secretKey,
    gameMode: 'sandbox',
    now: clock.now,
    prices: { staleAfterMs: priceStaleAfterMs },
    authRateLimit: { max: 10_000, timeWindowMs: 60_000 },
    sandboxAdminKey: testSandboxAdminKey,
    ...(chat === undefined ? {} : { chat }),
    // The test clock is not the time the process runs in: its real stalls do not count on it.
    realtime: { sweepIntervalMs: 0, reconnectGraceMs: 0, stalls: noStalls, ...options },
  });
  const realtime = app.realtime;
  if (!realtime) throw new Error('the app was built without its socket hubs');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, realtime, url: `http://127.0.0.1:${port}`, clock };
}

export interface Stack {
  database: Database;
  server: ServerNode;
  sim: RunningSim;
  /** The agent started last. */
  agent: RunningAgent;
  /** Every agent started, in order: a run may be on any of those still connected. */
  agents: readonly RunningAgent[];
  startAgent(): Promise<RunningAgent>;
  close(): Promise<void>;
}

/** Database, server with hubs, the sandbox game and one agent connected over loopback. */
export async function startStack(
  backend: Backend,
  options: RealtimeOptions & { chat?: ChatOptions } = {},
  /**
   * prices 'server': the agents read the server's price database (the product default); else the
   * sim's feed. observer: sees every game request of every agent of the stack.
   */
  agentOptions: { prices?: 'server' | 'feed'; priceStaleAfterMs?: number; observer?: TransportObserver } = {},
): Promise<Stack> {
  const { database, dispose } = await createTestDatabase(backend);
  const server = await startServerNode(database, options, undefined, agentOptions.priceStaleAfterMs);
  const sim = await startQuietSim();
  server.app.sandboxGame.use(sim.url);
  const agents: RunningAgent[] = [];
  const launch = async () => {
    const agent = startAgent({
      serverUrl: server.url,
      agentKey: server.realtime.embeddedAgentKey,
      capacity: 10,
      game: sandboxConfig(sim.url),
      ...(agentOptions.prices === 'server' ? {} : { prices: feedPrices({ feedsUrl: sim.hosts.feeds }) }),
      observationFlushMs: 200,
      heartbeatMs: 60_000,
      // The quiet sandbox has no call budget (abuse off): solver runs need not pace themselves.
      sbcMinCallIntervalMs: 0,
      ...(agentOptions.observer === undefined ? {} : { observer: agentOptions.observer }),
    });
    agents.push(agent);
    await agent.connected;
    return agent;
  };
  const stack: Stack = {
    database,
    server,
    sim,
    agent: await launch(),
    agents,
    async startAgent() {
      stack.agent = await launch();
      return stack.agent;
    },
    async close() {
      for (const agent of agents) agent.kill();
      await server.app.close();
      await sim.close();
      await dispose();
    },
  };
  return stack;
}

export interface WebMessage {
  action: string;
  data: Record<string, unknown> & { accountId?: string; id?: string };
}

/** A browser: signed-in HTTP client plus its web hub socket, recording what it receives. */
export interface Browser {
  user: Awaited<ReturnType<typeof signedInUser>>;
  http: Client;
  socket: Socket;
  messages: WebMessage[];
  errors: string[];
  /** Sends an action; later `waitForError` calls only see errors that arrive after this send. */
  send(action: string, data: unknown): void;
  /** Resolves with the first message (past or future) that matches. */
  waitFor(match: (message: WebMessage) => boolean, what: string): Promise<WebMessage>;
  /** The first error received since the last `send` (an earlier action's late error never counts). */
  waitForError(): Promise<string>;
}

/** Generous: a loaded 2-core CI machine is slow; the limit only turns a hang into a failure. */
export const waitDeadlineMs = Number(process.env.WAIT_DEADLINE_MS ?? 90_000);
/** Per-test limit of the hub's suites: several waits may each be slow on a loaded machine. */
export const hubSuite = { timeout: 3 * waitDeadlineMs } as const;
/** Per-hook limit (starting a stack clones a database and boots a sandbox). */
export const hubHookTimeoutMs = 3 * waitDeadlineMs;

/** Waits for a condition that the system under test makes true; the limit only stops a hang. */
function waitUntil<T>(probe: () => T | undefined, subscribe: (wake: () => void) => () => void, what: string) {
  return new Promise<T>((resolve, reject) => {
    const found = probe();
    if (found !== undefined) return resolve(found);
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`Timed out waiting for ${what}`));
    }, waitDeadlineMs);
    const unsubscribe = subscribe(() => {
      const hit = probe();
      if (hit === undefined) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(hit);
    });
  });
}

export async function openBrowser(
  node: ServerNode,
  options: Parameters<typeof signedInUser>[1] = {},
  existing?: Browser['user'],
  /** The web hub to join (`/client/transfer` for the transfer page). */
  path = '/client/snipe',
): Promise<Browser> {
  const user = existing ?? (await signedInUser(node.app, { tier: 'snipe', ...options }));
  const socket = io(node.url, {
    path,
    transports: ['websocket'],
    auth: { token: user.token, clientType: 'web' },
    extraHeaders: { cookie: user.client.cookie ?? '' },
  });
  const messages: WebMessage[] = [];
  const errors: string[] = [];
  const wakers = new Set<() => void>();
  const wake = () => wakers.forEach((waker) => waker());
  socket.on('message', (message: WebMessage) => {
    messages.push(message);
    wake();
  });
  socket.on('error', (error: { description: string }) => {
    errors.push(error.description);
    wake();
  });
  const joined = new Promise<void>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.on('message', (message: WebMessage) => {
      if (message.action === 'accounts') resolve();
    });
  });
  socket.on('connect', () => socket.emit('join'));
  await joined;
  const subscribe = (waker: () => void) => {
    wakers.add(waker);
    return () => wakers.delete(waker);
  };
  let errorsBeforeSend = 0;
  return {
    user,
    http: user.client,
    socket,
    messages,
    errors,
    send: (action, data) => {
      errorsBeforeSend = errors.length;
      socket.emit('message', { action, data });
    },
    waitFor: (match, what) => waitUntil(() => messages.find(match), subscribe, what),
    waitForError: () => waitUntil(() => errors[errorsBeforeSend], subscribe, 'an error event'),
  };
}

/** Cristiano Ronaldo (86, rare gold, value ~9,400 in the sandbox): nothing of his lists under 1,000. */
export const sniped = { definitionId: 20_801, name: 'Cristiano Ronaldo' };

export function ronaldoFilter(overrides: Partial<NormalFilter> = {}): NormalFilter {
  return {
    ...defaultNormalFilter('Ronaldo under 1k'),
    name: sniped.name,
    playerId: sniped.definitionId,
    minPrice: 0,
    maxPrice: 1_000,
    ...overrides,
  };
}

/** Saves a Ronaldo filter of the user over the API; answers it as stored (with its id). */
export async function saveRonaldoFilter(
  http: Client,
  label: string,
  maxPrice: number,
): Promise<NormalFilter> {
  const { id: _unsaved, ...filter } = ronaldoFilter({ label, maxPrice });
  const response = await http.post('/api/filter', filter);
  if (response.status !== 200)
    throw new Error(`save filter failed: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { data: NormalFilter }).data;
}

/** The default configuration, fast pacing, headless, with overrides of the time and advanced groups. */
export function snipeConfiguration(
  overrides: { time?: Partial<Configuration['time']>; advanced?: Partial<Configuration['advanced']> } = {},
): Configuration {
  const base = defaultConfiguration();
  return {
    ...base,
    time: {
      ...base.time,
      delay: { min: { value: 100, unit: 'milliseconds' }, max: { value: 200, unit: 'milliseconds' } },
      ...overrides.time,
    },
    advanced: { ...base.advanced, isHeadlessEnabled: true, ...overrides.advanced },
  };
}

/** Creates a game account for the user over the API; answers its id. */
export async function createAccount(http: Client, email: string, platform: 'pc' | 'ps' = 'pc') {
  const response = await http.post('/api/account', {
    email,
    password: 'sandbox-password',
    backupCode: 'ABCD1234',
    platform,
    isManualLogin: false,
  });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`create account failed: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { data: { id: string } }).data.id;
}

/** The snipe-create-browser payload for an account. */
export function startPayload(
  id: string,
  filters: unknown[],
  configuration: Configuration = snipeConfiguration(),
  isSwitchFilter = false,
) {
  return {
    id,
    email: 'ignored@browser.example',
    password: 'not-the-stored-one',
    backupCode: 'XXXXXXXX',
    platform: 'pc',
    isManualLogin: false,
    filters,
    configuration,
    providers: { discordId: '', discordWebhookUrl: '', telegramId: '' },
    isSwitchFilter,
  };
}

/** Puts a mispriced listing on the sandbox market through its admin API. */
export async function injectListing(sim: RunningSim, buyNowPrice: number, platform: 'pc' | 'ps' = 'pc') {
  const response = await fetch(`${sim.url}/admin/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sim-admin-key': simAdminKey },
    body: JSON.stringify({ definitionId: sniped.definitionId, platform, buyNowPrice, durationSeconds: 3600 }),
  });
  if (response.status !== 201)
    throw new Error(`inject listing failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { tradeIds: number[] };
}
