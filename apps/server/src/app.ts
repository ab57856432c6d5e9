import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { CredentialCipher } from './lib/crypto.js';
import { installAccessLog } from './lib/access-log.js';
import type { Audience } from './lib/audience.js';
import { installErrorHandler } from './lib/error-handler.js';
import { watchEventLoop, type EventLoopWatch } from './lib/event-loop-watch.js';
import { installInputGuard } from './lib/input-guard.js';
import { requireUser } from './modules/auth/session.js';
import { accountRoutes } from './modules/account/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { appRoutes } from './modules/app/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { configurationRoutes } from './modules/configuration/routes.js';
import { filterRoutes } from './modules/filter/routes.js';
import { notificationRoutes } from './modules/notification/routes.js';
import { createCoinMarketModule, type CoinMarketModule } from './modules/coin-market/index.js';
import { coinMarketRoutes } from './modules/coin-market/routes.js';
import {
  plansStructuredData,
  registerPayments,
  type Catalogue,
  type PaymentOptions,
} from './modules/payment/index.js';
import { registerCommunity, type CommunityOptions } from './modules/community/index.js';
import { registerPriceDatabase } from './modules/player-data/index.js';
import { rehearsalRoutes } from './modules/rehearsal/routes.js';
import type { RehearsalAgentCheck } from './modules/rehearsal/service.js';
import { sandboxRoutes } from './modules/sandbox/routes.js';
import { createAccountSolutions, type AccountSolutions } from './modules/sbc/account-solution.js';
import { sbcRoutes } from './modules/sbc/routes.js';
import { soundRoutes } from './modules/sound/routes.js';
import { statisticRoutes } from './modules/statistic/routes.js';
import { clientTransferRoutes, transferRoutes } from './modules/transfer/routes.js';
import { createUserPresenter } from './modules/user/presenter.js';
import { userRoutes } from './modules/user/routes.js';
import { createChatNotifier, type ChatNotifier, type ChatOptions } from './modules/webhook/notifier.js';
import { webhookRoutes } from './modules/webhook/routes.js';
import { installSecurityHeaders } from './web/security-headers.js';
import { serveWebApp } from './web/static.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Method, path and declared audience of every registered route (HEAD left out). */
    routeTable: ReadonlyArray<RouteEntry>;
    /** The rehearsal route's lost-agent check (the agent hub attaches it). */
    rehearsalAgents: RehearsalAgentCheck;
    /** The coin marketplace (the socket hubs attach its delivery). */
    coinMarket: CoinMarketModule;
    /** The chat webhook service (the socket layer posts run messages through it too). */
    chat: ChatNotifier;
    /** Accounts' SBC squads from their clubs: the /sbc routes show them, the solver bot builds them. */
    sbcAccountSolutions: AccountSolutions;
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
  /** Closes the database when the app closes (production); tests close it themselves. */
  ownsDatabase?: boolean;
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
  app.addHook('onClose', () => eventLoop.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie);
  installInputGuard(app);
  installAccessLog(app, options.accessLogSampleEvery ?? 100);

  const ctx: AppContext = {
    db: options.database.db,
    cipher: new CredentialCipher(options.secretKey),
    gameMode: options.gameMode,
    now: options.now ?? (() => new Date()),
  };
  app.decorate('appContext', ctx);
  const auth = createAuthService(ctx);
  const presentUser = createUserPresenter(ctx);
  const signedIn = { requireUser: requireUser(auth) };

  installSecurityHeaders(app, {
    frameAncestors: options.frameAncestors ?? [],
    webDistDir: options.webDistDir,
    extraImageSources: options.gameMode === 'sandbox' ? ['http://127.0.0.1:*', 'http://localhost:*'] : [],
  });
  // The plans pages' Product/Offer data comes from the catalogue, loaded with the payments below.
  const pagesCatalogue: { current?: Catalogue } = {};
  const answerUnmatchedPage = options.webDistDir
    ? await serveWebApp(app, options.webDistDir, options.payments?.publicUrl, (pagePath, origin) =>
        pagesCatalogue.current ? plansStructuredData(pagesCatalogue.current, pagePath, origin) : undefined,
      )
    : undefined;
  installErrorHandler(app, answerUnmatchedPage);

  await app.register(authRoutes, {
    prefix: '/api/auth',
    auth,
    presentUser,
    // The sandbox is rehearsed and browser-tested from one address, so it allows more attempts.
    rateLimit: options.authRateLimit ?? {
      max: options.gameMode === 'sandbox' ? 300 : 30,
      timeWindowMs: 60_000,
    },
  });
  await app.register(appRoutes, { prefix: '/api/app', eventLoop });
  await app.register(soundRoutes, { prefix: '/api/sound' });
  await app.register(userRoutes, { prefix: '/api/user', ctx, presentUser, ...signedIn });
  await app.register(configurationRoutes, { prefix: '/api/configuration', ctx, ...signedIn });
  await app.register(filterRoutes, { prefix: '/api/filter', ctx, ...signedIn });
  await app.register(accountRoutes, { prefix: '/api/account', ctx, ...signedIn });
  await app.register(statisticRoutes, { prefix: '/api/statistic', ctx, ...signedIn });
  await app.register(notificationRoutes, { prefix: '/api/notification', ctx, ...signedIn });
  await app.register(transferRoutes, { prefix: '/api/transfer', ctx, ...signedIn });
  await app.register(clientTransferRoutes, { prefix: '/api/client-transfer', ctx, ...signedIn });
  const sbcAccountSolutions = createAccountSolutions(ctx);
  app.decorate('sbcAccountSolutions', sbcAccountSolutions);
  app.addHook('onClose', () => sbcAccountSolutions.close());
  await app.register(sbcRoutes, {
    prefix: '/api/sbc',
    ctx,
    ...signedIn,
    accountSolutions: sbcAccountSolutions,
  });
  // The agent hub fills in the lost-agent check when realtime is attached.
  const rehearsalAgents: RehearsalAgentCheck = { endIfLost: async () => [] };
  app.decorate('rehearsalAgents', rehearsalAgents);
  await app.register(rehearsalRoutes, {
    prefix: '/api/rehearsal',
    ctx,
    agents: rehearsalAgents,
    ...signedIn,
  });
  const chat = createChatNotifier(ctx, options.chat ?? {}, (error) =>
    app.log.warn(
      { category: 'chat', err: error instanceof Error ? error.message : String(error) },
      'chat delivery',
    ),
  );
  app.decorate('chat', chat);
  app.addHook('preClose', () => chat.close());
  await app.register(webhookRoutes, { prefix: '/api/webhook', ctx, chat, ...signedIn });
  await registerPriceDatabase(app, { db: ctx.db, now: ctx.now, staleAfterMs: options.prices?.staleAfterMs });
  const coinMarket = createCoinMarketModule(ctx);
  app.decorate('coinMarket', coinMarket);
  const { catalogue, payments } = await registerPayments(
    app,
    { ctx, auth, externalOrders: coinMarket.externalOrders },
    options.payments,
  );
  coinMarket.usePayments(payments);
  pagesCatalogue.current = catalogue;
  await app.register(coinMarketRoutes, {
    prefix: '/api/market',
    ctx,
    market: coinMarket,
    publicUrl: options.payments?.publicUrl,
    ...signedIn,
  });
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    ctx,
    catalogue,
    externalOrders: coinMarket.externalOrders,
    ...signedIn,
  });
  await registerCommunity(app, { ctx, auth }, options.community);
  if (options.gameMode === 'sandbox')
    await app.register(sandboxRoutes, { prefix: '/api/sandbox', ctx, adminKey: options.sandboxAdminKey });

  if (options.ownsDatabase) app.addHook('onClose', () => options.database.close());
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
