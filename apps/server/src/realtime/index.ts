import { randomBytes } from 'node:crypto';
import { agentSocketPath } from '@tradedesk/domain/realtime';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { createAuthService } from '../modules/auth/service.js';
import { createSnipePublisher } from '../modules/snipe/publisher.js';
import { createRunEvents } from '../modules/snipe/run-events.js';
import { createSnipeService } from '../modules/snipe/service.js';
import { createTransferPublisher } from '../modules/transfer/publisher.js';
import { presentTransferState } from '../modules/transfer/presenter.js';
import { transferRepo } from '../modules/transfer/repo.js';
import { createTransferService } from '../modules/transfer/service.js';
import { createTransferEvents } from '../modules/transfer/transfer-events.js';
import { createWebhookNotifier } from '../modules/webhook/notifier.js';
import { createSafeFetch, type SafeFetchOptions } from '../modules/webhook/safe-fetch.js';
import { createAgentHub, type AgentHubOptions } from './agent-hub.js';
import { useRedisAdapter } from './redis.js';
import { createWebHub, webSnipePath, webTransferPath } from './web-hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' context (the socket hubs share it with the HTTP routes). */
    appContext: AppContext;
  }
}

export interface RealtimeOptions extends Partial<Omit<AgentHubOptions, 'agentKeys'>> {
  redisUrl?: string | undefined;
  /**
   * Prefix of the Redis channels (default `tradedesk`): the nodes of one deployment share it;
   * another deployment, or a test, on the same Redis takes its own.
   */
  redisChannelPrefix?: string;
  /** Keys of remote agents; a key for the embedded agent is always generated. */
  agentKeys?: readonly string[];
  /** How often stale leases are looked for (0 = never; tests call `sweep`). */
  sweepIntervalMs?: number;
  webhook?: Omit<SafeFetchOptions, 'allowLoopback'>;
  /** Origins besides the site itself whose browsers may open the web socket hub (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** The agents run headful sessions (HEADFUL_SESSIONS); default off. */
  headfulSessions?: boolean;
}

/**
 * Attaches the socket hubs to the app's HTTP server: `/client/snipe` and `/client/transfer` (web), `/client/agent`
 * (agents), with the Redis adapter when REDIS_URL is set. Call before `listen`.
 */
export async function attachRealtime(app: FastifyInstance, options: RealtimeOptions = {}) {
  const ctx = app.appContext;
  const log = app.log.child({ category: 'realtime' });
  const embeddedAgentKey = randomBytes(32).toString('base64url');
  const webhook = createWebhookNotifier({
    fetch: createSafeFetch({ ...options.webhook, allowLoopback: ctx.gameMode === 'sandbox' }),
    now: ctx.now,
    onError: (error) =>
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'chat webhook failed'),
  });

  // The hubs and the services refer to each other; the getters break the cycle.
  const auth = createAuthService(ctx);
  const web = createWebHub(app, ctx, auth, {
    path: webSnipePath,
    actions: () => ({ 'snipe-create-browser': snipe.create, 'snipe-stop': snipe.stop }),
    allowedOrigins: options.allowedOrigins,
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
    }),
    allowedOrigins: options.allowedOrigins,
    // A page that (re)connects sees the transfer in flight and where it is.
    async onJoin(userId, socket) {
      const open = await transferRepo.latestOpenOf(ctx.db, userId);
      socket.emit('message', { action: 'transfer-state', data: open ? presentTransferState(open) : null });
    },
  });
  const agents = createAgentHub(
    app,
    ctx,
    () => runEvents,
    () => transferEvents,
    {
      agentKeys: [embeddedAgentKey, ...(options.agentKeys ?? [])],
      heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? 45_000,
      reconnectGraceMs: options.reconnectGraceMs ?? 15_000,
      commandTimeoutMs: options.commandTimeoutMs ?? 15_000,
      transferSilenceMs: options.transferSilenceMs ?? 20 * 60_000,
    },
  );
  const publisher = createSnipePublisher(
    ctx,
    (room, message) => web.to(room).emit('message', message),
    webhook,
    (error) => log.error({ err: error }, 'could not read the webhook settings'),
  );
  const runEvents = createRunEvents(ctx, publisher);
  const transferPublisher = createTransferPublisher(ctx, transferWeb, webhook, (error) =>
    log.error({ err: error }, 'could not read the webhook settings'),
  );
  const transferEvents = createTransferEvents(ctx, transferPublisher);
  const transfer = createTransferService(ctx, agents.transferDispatcher);
  const snipe = createSnipeService(ctx, agents.dispatcher, publisher, {
    priceStaleAfterMs: app.priceDatabase.staleAfterMs,
    headfulSessions: options.headfulSessions ?? false,
  });

  const closeRedis = options.redisUrl
    ? useRedisAdapter(
        { [webSnipePath]: web, [webTransferPath]: transferWeb, [agentSocketPath]: agents.io },
        options.redisUrl,
        options.redisChannelPrefix ?? 'tradedesk',
      )
    : undefined;
  const sweepEvery = options.sweepIntervalMs ?? 15_000;
  const sweeper =
    sweepEvery > 0
      ? setInterval(
          () => void agents.sweep().catch((err: unknown) => log.error({ err }, 'lease sweep failed')),
          sweepEvery,
        )
      : undefined;
  sweeper?.unref();

  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    agents.close();
    agents.io.disconnectSockets(true);
    web.disconnectSockets(true);
    transferWeb.disconnectSockets(true);
    // Not io.close(): that would close the HTTP server, which Fastify closes itself.
    agents.io.engine.close();
    web.engine.close();
    transferWeb.engine.close();
    await webhook.drain();
    await closeRedis?.();
  });
  log.info(
    { redis: Boolean(options.redisUrl) },
    'socket hubs ready on /client/snipe, /client/transfer and /client/agent',
  );

  return {
    /** The key the in-process agent connects with. */
    embeddedAgentKey,
    sweep: agents.sweep,
    connectedAgents: agents.connectedAgents,
    dropAgentTransports: agents.dropAgentTransports,
    drainWebhooks: webhook.drain,
    emitToUser: publisher.toUser,
  };
}

export type Realtime = Awaited<ReturnType<typeof attachRealtime>>;
