import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  agentSocketPath,
  sessionStartSchema,
  sessionStopSchema,
  sessionSwitchSchema,
  type AgentAck,
  type AgentHandshake,
  type PriceRequest,
  type SessionEvent,
  type SessionHandBack,
} from '@tradedesk/domain/realtime';
import type { Clock, EngineEvent, PricePort } from '@tradedesk/engine';
import { FleetSetupError, SnipeSetupError } from '@tradedesk/engine';
import { liveConfig, type GameClientConfig, type TransportObserver } from '@tradedesk/game-client';
import { io, type Socket } from 'socket.io-client';
import { AccountSession } from './account-session.js';
import { BrowserRuntime } from './browser/browser-runtime.js';
import { WebAppLauncher } from './browser/launch-webapp.js';
import { registerSbcCommands } from './sbc/sbc-commands.js';
import { registerTransferCommands } from './transfer/transfer-commands.js';
import { registerRehearsalCommands } from './rehearsal/rehearsal-commands.js';
import { forkedRehearsalSides } from './rehearsal/forked-sides.js';
import type { RehearsalSides } from './rehearsal/rehearsal-worlds.js';
import { observedPrices } from './observed-prices.js';
import { serverPrices } from './server-prices.js';
import { agentRefusals, refuse } from './command-ack.js';
import { deliverEvent } from './event-delivery.js';
import { FleetRegistry } from './fleets.js';

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
   * Leaves for good (SIGTERM, a rolling deploy): takes no new runs, stops each snipe session and
   * hands it back to the server (which moves it to another agent), then closes as `close` does.
   */
  leave(): Promise<void>;
  /** Drops the connection and the sessions at once, reporting nothing: a crash (tests). */
  kill(): void;
}

/**
 * The agent: connects to `/client/agent` with its key, runs one AccountSession per start command,
 * streams every engine event back and waits for the server's acknowledgement before the engine
 * goes on (events queue in order and are re-sent until acknowledged, across reconnects).
 */
export function startAgent(options: AgentOptions): RunningAgent {
  const agentId = options.agentId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const capacity = options.capacity ?? 50;
  // Every kind of work takes one slot: snipe sessions, transfers, SBC solver runs and rehearsals.
  const busySlots = () => sessions.size + transfers.count() + sbcRuns.count() + rehearsals.count();
  // An account runs one thing at a time: a snipe session, a transfer or an SBC solver run.
  const isAccountBusy = (accountId: string) =>
    sessions.has(accountId) || transfers.isAccountBusy(accountId) || sbcRuns.isAccountBusy(accountId);
  const log = options.log ?? (() => {});
  const sessions = new Map<string, AccountSession>();
  /** The fleets the running sessions belong to (a multi-account start of one platform). */
  const fleets = new FleetRegistry();
  /** Each session's run, settled once its last event is acknowledged (what a hand-back waits for). */
  const sessionRuns = new Map<AccountSession, Promise<unknown>>();
  let killed = false;
  /** Set by `leave`: no new run of any kind is taken. */
  let leaving = false;
  /** Leases being handed back: their stop event is replaced by the hand-back. */
  const handingBack = new Set<string>();
  const freeSlots = () => (leaving ? 0 : capacity - busySlots());

  const socket: Socket = io(options.serverUrl, {
    path: agentSocketPath,
    transports: ['websocket'],
    // Delivered in order, one at a time, re-sent until acknowledged: nothing bought is lost.
    retries: Number.MAX_SAFE_INTEGER,
    ackTimeout: options.ackTimeoutMs ?? 10_000,
    // A lost server node is replaced by another behind the load balancer within seconds; the
    // agent must be back before the servers' heartbeat limit takes its runs for lost.
    reconnectionDelayMax: 2_000,
    auth: (send: (auth: AgentHandshake) => void) =>
      send({
        key: options.agentKey,
        agentId,
        capacity,
        sessions: [...sessions.values()].map(({ accountId, leaseId }) => ({ accountId, leaseId })),
      }),
  });

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

  function linkFor(leaseId: string, accountId: string) {
    let seq = 0;
    return async (event: EngineEvent): Promise<void> => {
      if (killed) return new Promise<void>(() => {}); // a crashed agent never goes on
      // A handed-back run is not over for the user: the server moves it instead of ending it, so
      // its stop and the closing "inactive" status stay here.
      const closing =
        event.type === 'stop' || (event.type === 'account-update' && event.status === 'inactive');
      if (closing && handingBack.has(leaseId)) return;
      // Typed by the wire schema: an engine event whose shape drifts from it does not compile.
      const message: SessionEvent = { leaseId, seq: seq++, event };
      const answer = await deliverEvent({
        emit: () => socket.emitWithAck('session-event', message),
        isKilled: () => killed,
      });
      if (answer?.stop === true && event.type !== 'stop') {
        log(`server ended lease of ${accountId}; stopping`);
        void sessions.get(accountId)?.stop();
      }
    };
  }

  socket.on('session-start', (payload: unknown, ack: (answer: AgentAck) => void) => {
    const parsed = sessionStartSchema.safeParse(payload);
    if (!parsed.success) return ack(refuse('Invalid start command'));
    const command = parsed.data;
    if (leaving) return ack(refuse(agentRefusals.leaving));
    if (isAccountBusy(command.accountId)) return ack(refuse(agentRefusals.accountBusy));
    if (busySlots() >= capacity) return ack(refuse(agentRefusals.full));
    let session: AccountSession;
    let joinedFleet = false;
    try {
      const fleet = fleets.join(command);
      joinedFleet = fleet !== undefined;
      session = new AccountSession({
        command,
        ...(fleet === undefined ? {} : { fleet }),
        game: options.game,
        prices,
        observed,
        send: linkFor(command.leaseId, command.accountId),
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
        ...(options.clock === undefined ? {} : { clock: options.clock }),
        ...(options.observer === undefined ? {} : { observer: options.observer }),
      });
    } catch (error) {
      if (joinedFleet) fleets.leave(command);
      const known = error instanceof SnipeSetupError || error instanceof FleetSetupError;
      return ack(refuse(known ? error.message : 'Could not start the session'));
    }
    sessions.set(command.accountId, session);
    ack({ ok: true });
    log(
      `session ${command.accountId}: ${session.isHeadful ? 'headful (a web app window drives the run)' : 'headless'}`,
    );
    const running = session
      .run()
      .catch((error: unknown) => log(`session ${command.accountId} crashed: ${String(error)}`))
      .finally(() => {
        if (sessions.get(command.accountId) === session) sessions.delete(command.accountId);
        fleets.leave(command);
        sessionRuns.delete(session);
      });
    sessionRuns.set(session, running);
  });

  const browser = options.browser ?? new BrowserRuntime();
  const webAppUrl = webAppUrlOf(options);
  // Launch Webapp opens its window as a headful run does, with the add-on when the agent has one.
  const launcher =
    webAppUrl === undefined
      ? undefined
      : new WebAppLauncher({ runtime: browser, webAppUrl, extensionDir: options.headful?.extensionDir });
  const transfers = registerTransferCommands({
    socket,
    game: options.game,
    browser,
    webAppUrl,
    launcher,
    isAccountBusy,
    freeSlots,
    isKilled: () => killed,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.observer === undefined ? {} : { observer: options.observer }),
    log,
  });
  const sbcRuns = registerSbcCommands({
    socket,
    game: options.game,
    ...(options.sbcMinCallIntervalMs === undefined
      ? {}
      : { minCallIntervalMs: options.sbcMinCallIntervalMs }),
    isAccountBusy,
    freeSlots,
    isKilled: () => killed,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.observer === undefined ? {} : { observer: options.observer }),
    log,
  });

  const rehearsalSides = options.rehearsalSides ?? forkedRehearsalSides();
  const rehearsals = registerRehearsalCommands({
    socket,
    sides: rehearsalSides,
    freeSlots,
    isKilled: () => killed,
    log,
  });

  socket.on('session-stop', (payload: unknown) => {
    const parsed = sessionStopSchema.safeParse(payload);
    if (!parsed.success) return;
    const session = sessions.get(parsed.data.accountId);
    if (session?.leaseId === parsed.data.leaseId) void session.stop();
  });

  socket.on('session-switch-filter', (payload: unknown, ack: (answer: AgentAck) => void) => {
    const parsed = sessionSwitchSchema.safeParse(payload);
    const session = parsed.success ? sessions.get(parsed.data.accountId) : undefined;
    if (!parsed.success || session?.leaseId !== parsed.data.leaseId)
      return ack(refuse('The session is not running'));
    try {
      session.switchFilter(parsed.data.filter);
      ack({ ok: true });
    } catch (error) {
      ack(refuse(error instanceof SnipeSetupError ? error.message : 'Could not switch the filter'));
    }
  });

  const heartbeat = setInterval(() => {
    if (socket.connected)
      socket.volatile.emit('heartbeat', {
        leaseIds: [...sessions.values()].map((session) => session.leaseId),
        transferIds: transfers.ids(),
        runIds: [...sbcRuns.ids(), ...rehearsals.ids()],
      });
  }, options.heartbeatMs ?? 2_000);
  heartbeat.unref();

  /** Stops the session, waits until its events are acknowledged, then hands its run back. */
  async function handBack(session: AccountSession) {
    handingBack.add(session.leaseId);
    await session.stop();
    await sessionRuns.get(session);
    const message: SessionHandBack = { leaseId: session.leaseId, accountId: session.accountId };
    await deliverEvent({
      emit: () => socket.emitWithAck('session-hand-back', message),
      isKilled: () => killed,
    });
    log(`session ${session.accountId}: handed back to the server`);
  }

  /** Resolves after `ms` at most (an unreachable server must not hold the exit). */
  const atMost = (ms: number, work: Promise<unknown>) =>
    Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

  const agent: RunningAgent = {
    agentId,
    connected,
    sessionCount: () => sessions.size,
    async leave() {
      leaving = true;
      // Queued before the hand-backs (the socket sends in order): no node picks this agent again.
      await atMost(5_000, socket.emitWithAck('agent-leaving'));
      await atMost(20_000, Promise.allSettled([...sessions.values()].map(handBack)));
      await agent.close();
    },
    async close() {
      clearInterval(heartbeat);
      observed.close();
      rehearsals.stopAll();
      // A side's world lives only in its process: nothing is lost by ending it now, and an embedded
      // agent's server process lives on (its spares would otherwise stay until their idle limit).
      rehearsalSides.close();
      // Each session stops within one engine step; an unreachable server must not hold the exit.
      const stopped = Promise.allSettled([
        ...[...sessions.values()].map((session) => session.stop()),
        transfers.stopAll(),
        sbcRuns.stopAll(),
      ]);
      await atMost(15_000, stopped);
      await browser.close();
      await launcher?.close();
      socket.disconnect();
    },
    kill() {
      killed = true;
      clearInterval(heartbeat);
      observed.close();
      socket.disconnect();
      rehearsals.stopAll();
      rehearsalSides.close();
      for (const session of sessions.values()) void session.stop();
      sessions.clear();
      void transfers.stopAll();
      void sbcRuns.stopAll();
      void browser.close();
      void launcher?.close();
    },
  };
  return agent;
}
