import { randomBytes, randomUUID } from 'node:crypto';
import { agentSocketPath } from '@tradedesk/domain/realtime';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import type { AppContext } from '../lib/app-context.js';
import { createAuthService } from '../modules/auth/service.js';
import { createSbcClubService } from '../modules/sbc/club-service.js';
import { createSbcEvents, presentRunningRun } from '../modules/sbc/sbc-events.js';
import { sbcRepo } from '../modules/sbc/repo.js';
import { sbcRunKind } from '../modules/sbc/run-kind.js';
import { sbcSocket } from '../modules/sbc/messages.js';
import { createSbcSolverService, type SbcUserChannel } from '../modules/sbc/solver-service.js';
import { rehearsalRunKind } from '../modules/rehearsal/run-kind.js';
import { createRehearsalService } from '../modules/rehearsal/service.js';
import { presentNotification } from '../modules/notification/presenter.js';
import { notificationPruner } from '../modules/notification/retention.js';
import { createSnipePublisher } from '../modules/snipe/publisher.js';
import { serverModule } from '../lib/server-module.js';
import { createStallLedger } from '../lib/stall-ledger.js';
import type { AgentPorts, TransferEventStore, TransferRouteKind } from '../runs/agent-ports.js';
import type { RunKindModule } from '../runs/run-kind.js';
import { createUserChannel, userRoom } from '../runs/user-channel.js';
import { createSnipeHandover } from '../modules/snipe/handover.js';
import { createRunEvents } from '../modules/snipe/run-events.js';
import { snipeRunKind } from '../modules/snipe/run-kind.js';
import { createSnipeService } from '../modules/snipe/service.js';
import { createTransferPublisher } from '../modules/transfer/publisher.js';
import { presentTransferState } from '../modules/transfer/presenter.js';
import { transferRepo } from '../modules/transfer/repo.js';
import { transferRunKind } from '../modules/transfer/run-kind.js';
import { createTransferService } from '../modules/transfer/service.js';
import { createTransferEvents } from '../modules/transfer/transfer-events.js';
import { createAgentHub, type AgentHubOptions } from './agent-hub.js';
import { useRedisAdapter } from './redis.js';
import { createWebHub, webSnipePath, webTransferPath } from './web-hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' context (the socket hubs share it with the HTTP routes). */
    appContext: AppContext;
    /** The node's socket hubs (null when the app was built without them). */
    realtime: Realtime | null;
  }
}

/**
 * The lost-agent rule's limits (docs/decisions/runs.md), in time the judging node could run. The
 * grace and the heartbeat limit cover the balancer's own recovery: a node that could not answer
 * (its stalls are not counted) or was not ready (its database away: it judges nothing until it has
 * trusted it a heartbeat limit) is back in HAProxy `balancerReturnMs` after it answers again, and
 * an agent's next attempt comes within 1.5 × its longest reconnect delay; a test keeps the sum
 * below both.
 */
export const agentLossDefaults = {
  heartbeatTimeoutMs: 10_000,
  connectedHeartbeatTimeoutMs: 120_000,
  reconnectGraceMs: 8_000,
} as const;

export interface RealtimeOptions extends Partial<Omit<AgentHubOptions, 'agentKeys'>> {
  redisUrl?: string | undefined;
  /**
   * Prefix of the Redis channels: the nodes of one deployment share it; another deployment, or a
   * test, on the same Redis takes its own. The app derives it from SECRET_KEY when not given
   * (`redisChannelPrefixFor`).
   */
  redisChannelPrefix?: string;
  /** Draws each rehearsal's world seed (default: at random); tests pin the world they assert on. */
  rehearsalSeed?: () => number;
  /** Keys of remote agents; a key for the embedded agent is always generated. */
  agentKeys?: readonly string[];
  /**
   * The id this node's embedded agent connects with (unique per node, stable across its
   * restarts). The runs it held before this start died with the previous process: they end at
   * once, with the agent-lost description.
   */
  embeddedAgentId?: string;
  /** This node's id among the cluster's (NODE_ID): it holds the cluster-wide jobs' leases by it. */
  nodeId?: string;
  /** How often stale leases are looked for (0 = never; tests call `sweep`). */
  sweepIntervalMs?: number;
  /** Origins besides the site itself whose browsers may open the web socket hub (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** The agents run headful sessions (HEADFUL_SESSIONS); default off. */
  headfulSessions?: boolean;
  /**
   * How long a snipe run handed back while every other agent was busy waits for a free one before
   * it ends (default 10 minutes: a rollout's replacement agents connect within it).
   */
  snipeAgentWaitMs?: number;
}

/** Logs an outage of Redis when it starts and when it ends, not once per failed command. */
function redisHealth(log: FastifyBaseLogger) {
  let isDown = false;
  return {
    get isDown() {
      return isDown;
    },
    down(error: unknown) {
      if (!isDown) log.error({ err: error }, 'Redis is unreachable; events reach only this node');
      isDown = true;
    },
    up() {
      if (isDown) log.info('Redis is back');
      isDown = false;
    },
  };
}

/**
 * The socket hubs on the app's HTTP server: `/client/snipe` and `/client/transfer` (web), `/client/agent`
 * (agents), with the Redis adapter when REDIS_URL is set. Registered before the modules that run work on
 * the agents (they name it and take `app.agentPorts`); without options the app has no hubs, and both
 * decorations are null.
 */
export const realtimeModule = serverModule<{
  hubs?: (RealtimeOptions & { redisChannelPrefix: string }) | undefined;
}>(
  'realtime',
  ['app-context', 'live-events', 'auth', 'observability', 'webhook', 'sbc', 'player-data'],
  async (app, { hubs }) => {
    const realtime = hubs ? await attachRealtime(app, hubs) : null;
    app.decorate('realtime', realtime?.handle ?? null);
    app.decorate('agentPorts', realtime?.agentPorts ?? null);
  },
);

async function attachRealtime(
  app: FastifyInstance,
  options: RealtimeOptions & { redisChannelPrefix: string },
) {
  const ctx = app.appContext;
  const log = app.log.child({ category: 'realtime' });
  const embeddedAgentKey = randomBytes(32).toString('base64url');
  const chat = app.chat;

  // The hubs and the services refer to each other; the getters break the cycle.
  const auth = createAuthService(ctx);
  /** A page that (re)connects sees the user's running solver runs and their progress so far. */
  const sendSbcRuns = async (userId: string, socket: Socket) => {
    const running = await sbcRepo.runningOfUser(ctx.db, userId);
    socket.emit('message', { action: sbcSocket.runs, data: running.map(presentRunningRun) });
  };
  const web = createWebHub(app, ctx, auth, {
    path: webSnipePath,
    actions: () => ({
      'snipe-create-browser': snipe.create,
      'snipe-create-browsers': snipe.createMany,
      'snipe-stop': snipe.stop,
      [sbcSocket.start]: sbcSolver.start,
      [sbcSocket.stop]: sbcSolver.stop,
      [sbcSocket.readClub]: sbcClub.read,
      'snipe-rehearse': rehearsals.start,
      // Launch Account (row action): the transfer panels' own Launch Webapp.
      LAUNCH_BROWSER: transfer.launchBrowser,
    }),
    allowedOrigins: options.allowedOrigins,
    onJoin: sendSbcRuns,
  });
  const transferWeb = createWebHub(app, ctx, auth, {
    path: webTransferPath,
    actions: () => ({
      'transfer-sync': transfer.sync,
      'transfer-purchase-player-start': transfer.start,
      'transfer-fetch-live-market-prices': transfer.fetchMarketPrices,
      'transfer-fetch-latency': transfer.fetchLatency,
      'transfer-screenshot': transfer.screenshot,
      LAUNCH_BROWSER: transfer.launchBrowser,
      [sbcSocket.start]: sbcSolver.start,
      [sbcSocket.stop]: sbcSolver.stop,
      [sbcSocket.readClub]: sbcClub.read,
    }),
    allowedOrigins: options.allowedOrigins,
    // A page that (re)connects sees the transfer in flight and where it is.
    async onJoin(userId, socket) {
      const open = await transferRepo.latestOpenOf(ctx.db, userId);
      socket.emit('message', { action: 'transfer-state', data: open ? presentTransferState(open) : null });
      await sendSbcRuns(userId, socket);
    },
  });
  /** Transfer kinds other modules start on the agents (the marketplace's), and who stores their events. */
  const claimedTransfers = new Map<TransferRouteKind, TransferEventStore>();
  /** Run kinds of modules registered after the hubs (`AgentPorts.addRunKind`). */
  const addedRunKinds: RunKindModule[] = [];
  /** Jobs of other modules that run with every scheduled sweep. */
  const sweepJobs: (() => Promise<void>)[] = [];
  /** This node's own stalls, which the lost-agent rule does not count against an agent. */
  const stallLedger = createStallLedger(() => ctx.now().getTime());
  const agents = createAgentHub(
    app,
    ctx,
    () => [
      snipeRunKind(runEvents, handover),
      transferRunKind(transferEvents, (kind) => claimedTransfers.get(kind)),
      sbcRunKind(sbcEvents, sbcClub),
      rehearsalRunKind(rehearsals),
      ...addedRunKinds,
    ],
    {
      agentKeys: [embeddedAgentKey, ...(options.agentKeys ?? [])],
      heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? agentLossDefaults.heartbeatTimeoutMs,
      connectedHeartbeatTimeoutMs:
        options.connectedHeartbeatTimeoutMs ?? agentLossDefaults.connectedHeartbeatTimeoutMs,
      reconnectGraceMs: options.reconnectGraceMs ?? agentLossDefaults.reconnectGraceMs,
      stalls: options.stalls ?? stallLedger,
      commandTimeoutMs: options.commandTimeoutMs ?? 15_000,
    },
  );
  const publisher = createSnipePublisher(
    ctx,
    (room, message) => web.to(room).emit('message', message),
    chat,
    (error) => log.error({ err: error }, 'could not keep a notification'),
  );
  // A failing chat's notice is kept by the chat and shown live, like a run's notices.
  const stopChatNotices = app.liveEvents.on('chatNoticeKept', (userId, notification) =>
    publisher.toUser(userId, 'notification', { ...presentNotification(notification), topic: 'run' }),
  );
  const runEvents = createRunEvents(ctx, publisher, {
    onPurchasesStored: (count) => app.metrics.purchasesStored(count),
  });
  const handover = createSnipeHandover(
    ctx,
    agents.dispatcher,
    runEvents,
    publisher,
    {
      priceStaleAfterMs: app.priceDatabase.staleAfterMs,
      agentWaitMs: options.snipeAgentWaitMs ?? 10 * 60_000,
    },
    log.child({ category: 'agents' }),
  );
  const transferPublisher = createTransferPublisher(
    ctx,
    transferWeb,
    chat,
    (error) => log.error({ err: error }, 'could not keep a notification'),
    [web],
  );
  const transferEvents = createTransferEvents(ctx, transferPublisher, log.child({ category: 'transfer' }));
  const transfer = createTransferService(ctx, agents.transferDispatcher);
  // The solver's events, and the notifications it keeps, reach the user's pages on whichever web
  // hub their tier uses.
  const sbcChannel = createUserChannel<string>(
    ctx,
    (room, message) => {
      web.to(room).emit('message', message);
      transferWeb.to(room).emit('message', message);
    },
    chat,
    (error) => log.error({ err: error }, 'could not keep a notification'),
  );
  const toSbcUser: SbcUserChannel = (userId, message) =>
    sbcChannel.toUser(userId, message.action, message.data);
  const sbcEvents = createSbcEvents(ctx, toSbcUser, (userId, type, message) =>
    sbcChannel.notify(userId, type, message),
  );
  const stopSbcSquads = app.liveEvents.on('sbcSquadImproved', (userId, solution) =>
    toSbcUser(userId, { action: sbcSocket.squad, data: solution }),
  );
  const sbcSolver = createSbcSolverService(ctx, agents.sbcDispatcher, toSbcUser, app.sbcAccountSolutions);
  const sbcClub = createSbcClubService(ctx, agents.sbcDispatcher, toSbcUser);
  const rehearsals = createRehearsalService(ctx, agents.rehearsalDispatcher, options.rehearsalSeed);
  const snipe = createSnipeService(ctx, agents.dispatcher, publisher, runEvents, {
    priceStaleAfterMs: app.priceDatabase.staleAfterMs,
    headfulSessions: options.headfulSessions ?? false,
  });

  const redis = redisHealth(log);
  const closeRedis = options.redisUrl
    ? await useRedisAdapter(
        { [webSnipePath]: web, [webTransferPath]: transferWeb, [agentSocketPath]: agents.io },
        options.redisUrl,
        options.redisChannelPrefix,
        redis,
      )
    : undefined;
  if (options.redisUrl)
    app.readiness.addCheck('redis', () => {
      if (redis.isDown) throw new Error('Redis is unreachable');
    });
  app.readiness.addInfo('agentsOnThisNode', () => agents.connectedAgents().length);
  app.metrics.attachRealtime({
    socketsByHub: () => ({
      [webSnipePath]: web.engine.clientsCount,
      [webTransferPath]: transferWeb.engine.clientsCount,
      [agentSocketPath]: agents.io.engine.clientsCount,
    }),
    agentLoads: agents.loads,
  });
  if (options.embeddedAgentId !== undefined) await agents.endRunsOf(options.embeddedAgentId);
  const sweepEvery = options.sweepIntervalMs ?? 2_000;
  // An outage fails every sweep: it is logged when it starts and when it ends, not every time.
  let sweepFailing = false;
  const notificationHistory = notificationPruner(ctx, options.nodeId ?? randomUUID());
  /**
   * One round of housekeeping: leases of lost agents end, snipe runs waiting for an agent move to a
   * free one, notification history stays bounded.
   */
  const sweep = async () => {
    await Promise.all([agents.sweep(), handover.placeWaiting(), notificationHistory.prune()]);
  };
  const sweepOnSchedule = () => {
    for (const job of sweepJobs) void job().catch((err: unknown) => log.error({ err }, 'a sweep job failed'));
    return sweep().then(
      () => {
        if (sweepFailing) log.info('lease sweep works again');
        sweepFailing = false;
      },
      (err: unknown) => {
        if (!sweepFailing) log.error({ err }, 'lease sweep failed');
        sweepFailing = true;
      },
    );
  };
  const sweeper = sweepEvery > 0 ? setInterval(() => void sweepOnSchedule(), sweepEvery) : undefined;
  sweeper?.unref();

  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    stopChatNotices();
    stopSbcSquads();
    stallLedger.stop();
    await notificationHistory.release().catch(() => undefined); // it lapses within the hour anyway
    // Only this node's connections close, and as a lost transport, not a server-side disconnect:
    // agents and browsers reconnect (to another node behind the load balancer, or to this one
    // after a restart). `io.disconnectSockets()` would reach every node through Redis, and a
    // client disconnected by the server does not reconnect. Agents first, browsers once the agents
    // are on another node (see `moveAgentsAway`).
    // Not io.close(): that would close the HTTP server, which Fastify closes itself.
    await agents.moveAgentsAway();
    agents.io.engine.close();
    web.engine.close();
    transferWeb.engine.close();
    // What agents sent before their sockets closed is written before the database closes.
    await agents.settled();
    await closeRedis?.();
  });
  log.info(
    { redis: Boolean(options.redisUrl) },
    'socket hubs ready on /client/snipe, /client/transfer and /client/agent',
  );

  const agentPorts: AgentPorts = {
    transfers: agents.transferDispatcher,
    endIfLost: agents.endIfLost,
    toTransferPages: (userId, action, data) =>
      transferWeb.to(userRoom(userId)).emit('message', { action, data }),
    toTransferPagesError: transferPublisher.toUserError,
    claimTransfers(kinds, store) {
      for (const kind of kinds) claimedTransfers.set(kind, store);
    },
    addRunKind: (kind) => addedRunKinds.push(kind),
    everySweep: (job) => sweepJobs.push(job),
  };
  return {
    agentPorts,
    handle: {
      /** The key the in-process agent connects with. */
      embeddedAgentKey,
      sweep,
      connectedAgents: agents.connectedAgents,
      dropAgentTransports: agents.dropAgentTransports,
      drainWebhooks: chat.drain,
      emitToUser: publisher.toUser,
    },
  };
}

export type Realtime = Awaited<ReturnType<typeof attachRealtime>>['handle'];
