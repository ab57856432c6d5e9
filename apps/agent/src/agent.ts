import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { agentSocketPath, type AgentHandshake, type PriceRequest } from '@tradedesk/domain/realtime';
import type { Clock, PricePort } from '@tradedesk/engine';
import { liveConfig, type GameClientConfig, type TransportObserver } from '@tradedesk/game-client';
import { io, type Socket } from 'socket.io-client';
import { BrowserRuntime } from './browser/browser-runtime.js';
import { WebAppLauncher } from './browser/launch-webapp.js';
import { registerSbcCommands } from './sbc/sbc-commands.js';
import { registerTransferCommands } from './transfer/transfer-commands.js';
import { registerRehearsalCommands } from './rehearsal/rehearsal-commands.js';
import { forkedRehearsalSides } from './rehearsal/forked-sides.js';
import type { RehearsalSides } from './rehearsal/rehearsal-worlds.js';
import { observedPrices } from './observed-prices.js';
import { serverPrices } from './server-prices.js';
import { createRunHost } from './run-host.js';
import { keepReadyFile } from './ready-file.js';
import { registerSnipeCommands } from './snipe-commands.js';

export interface AgentOptions {
  /** The server's base URL, e.g. http://127.0.0.1:8080. */
  serverUrl: string;
  agentKey: string;
  /** Stable across restarts of the same agent; default host-pid-random. */
  agentId?: string;
  /** Concurrent sessions this agent runs. */
  capacity?: number;
  /** Where the game is (sandbox: the sim's URL in `sandboxConfig`). */
  game: GameClientConfig;
  /** Default: the server's price database over this socket (`price-request`). */
  prices?: PricePort;
  /** How long a price answer of the server is reused by every session of the agent. */
  priceCacheMs?: number;
  /** How long observed minimum Buy Now prices are gathered before one batch is sent. */
  observationFlushMs?: number;
  /** How often the agent tells the server it still runs its sessions (default 2 s). */
  heartbeatMs?: number;
  /** How long one try to deliver an event waits for the server's acknowledgement. */
  ackTimeoutMs?: number;
  clock?: Clock;
  observer?: TransportObserver;
  log?: (line: string) => void;
  /**
   * The game's web app for coin-balance screenshots; default: the sandbox's `/web-app/` on the
   * game host (none in live mode until headful mode drives the real web app).
   */
  webAppUrl?: string;
  /** The browser the agent's screenshots and headful windows run in. */
  browser?: BrowserRuntime;
  /** Least time between two game calls of an SBC solver run (default: the engine's, under the game's limit). */
  sbcMinCallIntervalMs?: number;
  /** Where "Rehearse in sandbox" runs its two sides; default: a child process per side. */
  rehearsalSides?: RehearsalSides;
  /** A file kept present while the agent is connected (an orchestrator's readiness check). */
  readyFile?: string;
  /**
   * Headful sessions: a run whose Headless toggle is off opens a window on the game's web app
   * (with the add-on from `extensionDir`). Without it every run is headless.
   */
  headful?: { extensionDir?: string | undefined };
}

/** Where the web app is: given, else the sandbox's own (the live web app is not driven yet). */
function webAppUrlOf(options: AgentOptions): string | undefined {
  if (options.webAppUrl !== undefined) return options.webAppUrl;
  return options.game.utasUrl === liveConfig().utasUrl
    ? undefined
    : new URL('/web-app/', options.game.utasUrl).href;
}

export interface RunningAgent {
  readonly agentId: string;
  /** Resolves once connected to the server. */
  readonly connected: Promise<void>;
  sessionCount(): number;
  /** Stops every session (each reports its stop) and disconnects. */
  close(): Promise<void>;
  /**
   * Leaves for good (SIGTERM, a rolling deploy): takes no new runs, stops every snipe session and
   * hands them back to the server in one message (it moves each to another agent), ends every other
   * run and hands it back ended (`run-hand-back`), then closes as `close` does. Every run stays in
   * the heartbeat until the server has taken it, or until the socket closes.
   */
  leave(): Promise<void>;
  /** Drops the connection and the sessions at once, reporting nothing: a crash (tests). */
  kill(): void;
}

/**
 * The agent: connects to `/client/agent` with its key and holds every run it is given in one run
 * host (run-host.ts); each run kind (snipe, transfer, SBC, rehearsal) registers its commands there.
 * Every engine event is streamed back and acknowledged before the engine goes on (each run's events
 * in order, re-sent until acknowledged, across reconnects).
 */
/**
 * The longest wait between two reconnect attempts (socket.io-client adds up to half of it at
 * random): the servers' reconnect grace covers it after the balancer is back (realtime.md).
 */
export const agentReconnectDelayMaxMs = 2_000;

/**
 * How long a leaving agent waits for its hand-backs before it closes anyway (the runs not taken by
 * then are left to the server's lost-agent rule), and how long its close waits for the runs left
 * to stop. Both fit in the orchestrators' grace (compose's `stop_grace_period`, the agent
 * Deployment's `terminationGracePeriodSeconds`: 45 s; the deploy-files test checks it).
 */
export const agentLeaveLimitMs = 25_000;
export const agentCloseLimitMs = 15_000;

/**
 * Logs the connection's life (each drop with its reason, each attempt, each refusal, each
 * connect): a run the server took for lost is explained by where its agent was, and when.
 */
function logConnection(socket: Socket, log: (line: string) => void) {
  socket.on('connect', () => log(`connected to the server (socket ${socket.id ?? '?'})`));
  socket.on('disconnect', (reason) => log(`disconnected from the server (${reason})`));
  socket.on('connect_error', (error) => log(`could not connect to the server: ${error.message}`));
  socket.io.on('reconnect_attempt', (attempt) => log(`reconnecting to the server (attempt ${attempt})`));
}

/**
 * A server drops an agent's socket itself only to replace it by a newer socket of the same agent
 * (agent-hub.ts). That order reaches the other nodes over Redis, and on a loaded node it can land
 * after this agent's newer socket joined: the live socket is then the one dropped. Socket.IO does
 * not reconnect after a server-side disconnect, so the agent does, after the least reconnect wait.
 */
export const agentRejoinDelayMs = 1_000;

function rejoinAfterServerDisconnect(socket: Socket, ended: () => boolean, log: (line: string) => void) {
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect' || ended()) return;
    log('the server dropped this connection; connecting again');
    setTimeout(() => {
      if (!ended() && !socket.connected) socket.connect();
    }, agentRejoinDelayMs).unref();
  });
}

export function startAgent(options: AgentOptions): RunningAgent {
  const agentId = options.agentId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const capacity = options.capacity ?? 50;
  const log = options.log ?? (() => {});

  const socket: Socket = io(options.serverUrl, {
    path: agentSocketPath,
    transports: ['websocket'],
    // An event unanswered within this is sent again (run-host.ts: each run's in order, re-sent
    // until acknowledged: nothing bought is lost). Not Socket.IO's `retries`: its one queue sends a
    // single event at a time for the whole agent.
    ackTimeout: options.ackTimeoutMs ?? 10_000,
    // A lost server node is replaced by another behind the load balancer within seconds; the
    // agent must be back before the servers' heartbeat limit takes its runs for lost.
    reconnectionDelayMax: agentReconnectDelayMaxMs,
    auth: (send: (auth: AgentHandshake) => void) =>
      send({ key: options.agentKey, agentId, capacity, sessions: snipe.handshakeSessions() }),
  });
  // Every kind of work (snipe sessions, transfers, SBC solver runs, rehearsals) is held here: one
  // slot count, one busy rule per account, one heartbeat, one leave.
  const host = createRunHost({ socket, capacity, log });
  logConnection(socket, log);
  /** Set once the agent closes or is killed: from then on it never connects again. */
  let ended = false;
  rejoinAfterServerDisconnect(socket, () => ended, log);
  const readiness = options.readyFile === undefined ? undefined : keepReadyFile(socket, options.readyFile);

  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      if (error.message === 'Unauthorized') reject(new Error('The server refused the agent key'));
    });
  });
  connected.catch(() => {});

  // Price questions skip the ordered event queue (volatile: not queued behind events, not
  // re-sent); an unanswered one fails after the ack timeout and the engine skips that cycle.
  const prices =
    options.prices ??
    serverPrices({
      request: (request: PriceRequest) => socket.volatile.emitWithAck('price-request', request),
      ...(options.priceCacheMs === undefined ? {} : { cacheMs: options.priceCacheMs }),
    });
  // Observations are a bonus: sent when connected, dropped otherwise.
  const observed = observedPrices({
    report: (batch) => socket.volatile.emit('price-observations', batch),
    ...(options.observationFlushMs === undefined ? {} : { flushMs: options.observationFlushMs }),
  });
  const engineOptions = {
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.observer === undefined ? {} : { observer: options.observer }),
  };

  const browser = options.browser ?? new BrowserRuntime();
  const snipe = registerSnipeCommands(
    host,
    {
      game: options.game,
      prices,
      observed,
      ...(options.headful === undefined
        ? {}
        : {
            headful: {
              runtime: browser,
              // The sandbox's web app, else the game's own (where its sign-in lands).
              webAppUrl: webAppUrlOf(options) ?? new URL('./', options.game.redirectUri).href,
              extensionDir: options.headful.extensionDir,
            },
          }),
      ...engineOptions,
    },
    log,
  );
  const webAppUrl = webAppUrlOf(options);
  // Launch Webapp opens its window as a headful run does, with the add-on when the agent has one.
  const launcher =
    webAppUrl === undefined
      ? undefined
      : new WebAppLauncher({ runtime: browser, webAppUrl, extensionDir: options.headful?.extensionDir });
  registerTransferCommands(host, { game: options.game, browser, webAppUrl, launcher, ...engineOptions, log });
  registerSbcCommands(host, {
    game: options.game,
    ...(options.sbcMinCallIntervalMs === undefined
      ? {}
      : { minCallIntervalMs: options.sbcMinCallIntervalMs }),
    ...engineOptions,
  });
  const rehearsalSides = options.rehearsalSides ?? forkedRehearsalSides();
  registerRehearsalCommands(host, { sides: rehearsalSides, log });

  const heartbeat = setInterval(() => {
    if (socket.connected) socket.volatile.emit('heartbeat', host.beat());
  }, options.heartbeatMs ?? 2_000);
  heartbeat.unref();

  /** Resolves after `ms` at most (an unreachable server must not hold the exit). */
  const atMost = (ms: number, work: Promise<unknown>) =>
    Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

  const agent: RunningAgent = {
    agentId,
    connected,
    sessionCount: () => host.beat().leaseIds.length,
    async leave() {
      // Leaving, it is no longer a place for runs: a rollout waits for another agent instead.
      readiness?.remove();
      await atMost(
        agentLeaveLimitMs,
        host.leave(() =>
          atMost(
            5_000,
            socket.emitWithAck('agent-leaving').catch(() => undefined),
          ),
        ),
      );
      await agent.close();
    },
    async close() {
      ended = true;
      observed.close();
      // Each run stops within one engine step (a rehearsal at its next step: a side's world lives
      // only in its process, so nothing is lost by ending it now); an unreachable server must not
      // hold the exit.
      const stopped = host.stopAll();
      // An embedded agent's server process lives on: its spare sides would otherwise stay until
      // their idle limit.
      rehearsalSides.close();
      await atMost(agentCloseLimitMs, stopped);
      await browser.close();
      await launcher?.close();
      // The runs still held beat until the socket closes: a run the server sees silent while its
      // agent is still connected would be taken for lost before the agent has left.
      clearInterval(heartbeat);
      socket.disconnect();
    },
    kill() {
      ended = true;
      host.kill();
      clearInterval(heartbeat);
      observed.close();
      socket.disconnect();
      rehearsalSides.close();
      void browser.close();
      void launcher?.close();
    },
  };
  return agent;
}
