import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { liveEventsModule } from './lib/live-events.js';
import { appContextModule } from './lib/app-context.js';
import { installAccessLog } from './lib/access-log.js';
import type { Audience } from './lib/audience.js';
import { installErrorHandler } from './lib/error-handler.js';
import { watchEventLoop, type EventLoopWatch } from './lib/event-loop-watch.js';
import { installInputGuard } from './lib/input-guard.js';
import { accountModule } from './modules/account/plugin.js';
import { adminModule } from './modules/admin/plugin.js';
import { appModule } from './modules/app/plugin.js';
import { authModule } from './modules/auth/plugin.js';
import { coinMarketModule } from './modules/coin-market/plugin.js';
import { communityModule, type CommunityOptions } from './modules/community/index.js';
import { configurationModule } from './modules/configuration/plugin.js';
import { filterModule } from './modules/filter/plugin.js';
import { notificationModule } from './modules/notification/plugin.js';
import { observabilityModule } from './modules/observability/plugin.js';
import {
  catalogueAnswers,
  paymentModule,
  plansStructuredData,
  type PaymentOptions,
} from './modules/payment/index.js';
import { playerDataModule } from './modules/player-data/index.js';
import { realtimeModule, type RealtimeOptions } from './realtime/index.js';
import { redisChannelPrefixFor } from './realtime/redis.js';
import { referralModule } from './modules/referral/plugin.js';
import { rehearsalModule } from './modules/rehearsal/plugin.js';
import { sandboxModule } from './modules/sandbox/plugin.js';
import { sbcModule } from './modules/sbc/plugin.js';
import { soundModule } from './modules/sound/plugin.js';
import { statisticModule } from './modules/statistic/plugin.js';
import { transferModule } from './modules/transfer/plugin.js';
import { userModule } from './modules/user/plugin.js';
import { userPresenterModule } from './modules/user/presenter-plugin.js';
import type { ChatOptions } from './modules/webhook/notifier.js';
import { webhookModule } from './modules/webhook/plugin.js';
import { installSecurityHeaders } from './web/security-headers.js';
import { serveWebApp } from './web/static.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Method, path and declared audience of every registered route (HEAD left out). */
    routeTable: ReadonlyArray<RouteEntry>;
    /** The event loop's measured delay (GET /api/app/health reads it; stalls are logged). */
    eventLoop: EventLoopWatch;
  }
}

/** One route of the app: method, path pattern and who it is for (undefined: not declared). */
export interface RouteEntry {
  method: string;
  url: string;
  readonly audience: Audience | undefined;
}

export interface BuildAppOptions {
  database: Database;
  /** 64 hexadecimal characters; encrypts game credentials at rest. */
  secretKey: string;
  gameMode: 'sandbox' | 'live';
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Injected clock (tests move it instead of waiting). */
  now?: () => Date;
  /** Directory of the built web app; served with SPA fallback when it holds index.html. */
  webDistDir?: string;
  authRateLimit?: { max: number; timeWindowMs: number };
  /** Chat delivery: timeouts, retry policy, Telegram (TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL). */
  chat?: ChatOptions;
  /** Origins that may frame the app (FRAME_ANCESTORS), for the spec's iframe=true mode. */
  frameAncestors?: readonly string[];
  /** Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES). */
  trustedProxies?: readonly string[];
  /** Price settings from the environment (PRICE_STALE_AFTER_MS). */
  prices?: { staleAfterMs?: number };
  /** Catalogue file, payment provider keys and the public address (PAYMENT_*, STRIPE_*). */
  payments?: PaymentOptions;
  /** Chat-community linking: Discord OAuth2 keys (DISCORD_*), else the sandbox stand-in. */
  community?: CommunityOptions;
  /** One request in this many is logged at info (all at debug); 0 logs none at info. */
  accessLogSampleEvery?: number;
  /** SIM_ADMIN_KEY: the key of the sandbox's user-making route (header x-sim-admin-key); unset = refused. */
  sandboxAdminKey?: string | undefined;
  /**
   * The socket hubs (web pages and agents) on the app's HTTP server; without them the app answers
   * HTTP only and no agent runs anything (most API tests).
   */
  realtime?: RealtimeOptions;
  /** Closes the database when the app closes (production); tests close it themselves. */
  ownsDatabase?: boolean;
  /** METRICS_PORT (with HOST): `/metrics` there instead of on the app's port. */
  metricsAddress?: { port: number; host: string } | undefined;
}

/** Builds the HTTP app: plugins, error handling and every API module. Does not listen. */
export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? false }),
    // X-Forwarded-For is believed only from the configured proxies (TRUSTED_PROXIES): otherwise
    // anyone, loopback included, could pick the address the sign-in throttle counts.
    trustProxy:
      options.trustedProxies && options.trustedProxies.length > 0 ? [...options.trustedProxies] : false,
    bodyLimit: 1024 * 1024,
    // Fastify's own two lines per request (at info, with headers) are replaced by the access log.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  // Every route the app answers, for tests that must cover them all (the input fuzz suite, the
  // route-audience table). The audience is read when asked: a module's own onRoute hook, which
  // runs after this one, sets it.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          get audience() {
            return route.config?.audience;
          },
        });
  });
  app.decorate('routeTable', routeTable);
  const eventLoop = watchEventLoop(app.log);
  app.decorate('eventLoop', eventLoop);
  app.addHook('onListen', () => eventLoop.forgetStartUp());
  app.addHook('onClose', () => eventLoop.stop());
  // Registered before the modules: onClose hooks run last-registered first, so the database closes
  // after every module's jobs have stopped (a price collection cut off mid-write failed otherwise).
  if (options.ownsDatabase) app.addHook('onClose', () => options.database.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie);
  installInputGuard(app);
  installAccessLog(app, options.accessLogSampleEvery ?? 100);

  await app.register(appContextModule, {
    db: options.database.db,
    secretKey: options.secretKey,
    gameMode: options.gameMode,
    now: options.now,
  });
  await app.register(liveEventsModule);

  installSecurityHeaders(app, {
    frameAncestors: options.frameAncestors ?? [],
    webDistDir: options.webDistDir,
    extraImageSources: options.gameMode === 'sandbox' ? ['http://127.0.0.1:*', 'http://localhost:*'] : [],
  });
  // The plans pages' Product/Offer data comes from the catalogue the payment module loads below.
  const answerUnmatchedPage = options.webDistDir
    ? await serveWebApp(app, options.webDistDir, options.payments?.publicUrl, {
        structuredData: (pagePath, origin) =>
          app.hasDecorator('paymentCatalogue')
            ? plansStructuredData(app.paymentCatalogue, pagePath, origin)
            : undefined,
        // The plans pages are prerendered with the bundled catalogue's prices: sent so while they are current.
        apiAnswer: (address) =>
          app.hasDecorator('paymentCatalogue') ? catalogueAnswers(app.paymentCatalogue)[address] : undefined,
      })
    : undefined;
  installErrorHandler(app, answerUnmatchedPage);

  // Every module is a plugin that names the modules it needs (lib/server-module.ts); Fastify
  // refuses one registered before them. Each brings its own routes under its own prefix.
  await app.register(userPresenterModule);
  await app.register(authModule, {
    // The sandbox is rehearsed and browser-tested from one address, so it allows more attempts.
    rateLimit: options.authRateLimit ?? {
      max: options.gameMode === 'sandbox' ? 300 : 30,
      timeWindowMs: 60_000,
    },
  });
  await app.register(appModule, { eventLoop });
  await app.register(observabilityModule, {
    database: options.database,
    metricsAddress: options.metricsAddress,
  });
  await app.register(soundModule);
  await app.register(accountModule);
  await app.register(userModule);
  await app.register(configurationModule);
  await app.register(filterModule);
  await app.register(statisticModule);
  await app.register(notificationModule);
  await app.register(transferModule);
  await app.register(sbcModule);
  await app.register(webhookModule, {
    chat: { ...options.chat, onGiveUp: (provider) => app.metrics.webhookGivenUp(provider) },
  });
  await app.register(playerDataModule, { staleAfterMs: options.prices?.staleAfterMs });
  // The hubs before the modules that run work on the agents: they take `app.agentPorts`.
  await app.register(realtimeModule, {
    hubs: options.realtime && {
      redisChannelPrefix: redisChannelPrefixFor(options.secretKey),
      ...options.realtime,
    },
  });
  await app.register(rehearsalModule);
  await app.register(referralModule);
  await app.register(paymentModule, options.payments ?? {});
  await app.register(coinMarketModule, { publicUrl: options.payments?.publicUrl });
  await app.register(adminModule);
  await app.register(communityModule, options.community ?? {});
  await app.register(sandboxModule, { adminKey: options.sandboxAdminKey });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
