import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { adminUsernamesOf, parseEnv } from './config/env.js';
import { resolveSecretKey } from './config/secret-key.js';
import { openDatabase } from './db/client.js';
import { ensureDemoUser, readSavedDemoToken, saveDemoToken } from './modules/user/demo-user.js';
import { grantAdminRoles } from './modules/admin/first-admins-repo.js';
import { startEmbeddedAgent } from './embedded/agent.js';
import { buildOnStart } from './embedded/build-on-start.js';
import { startBuilds } from './embedded/start-builds.js';
import { startEmbeddedSim } from './embedded/sim.js';
import { shutDownGracefully, shutdownCloseLimitMs } from './lib/graceful-shutdown.js';
import { loggerOptions } from './lib/logger.js';
import { communityOptionsFromEnv, paymentOptionsFromEnv } from './modules/payment/config.js';
import { createSbcCatalogue } from './modules/sbc/catalogue-job.js';
import { configureSolverPool } from './modules/sbc/solver-pool.js';

/** Challenges are synced and solutions recomputed at the prices of the moment this often. */
const SBC_RESOLVE_INTERVAL_MS = 10 * 60_000;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webDistDir = fileURLToPath(new URL('../../web/dist/', import.meta.url));

async function main() {
  const parsed = parseEnv(process.env);
  if (!parsed.ok) {
    console.error(`Invalid environment:\n  ${parsed.problems.join('\n  ')}`);
    process.exit(1);
  }
  const env = parsed.env;
  const payments = paymentOptionsFromEnv(env);
  if (!payments.ok) {
    console.error(`Invalid environment:\n  ${payments.problem}`);
    process.exit(1);
  }
  const log = pino(
    loggerOptions(
      env.LOG_LEVEL,
      env.LOG_FORMAT === 'auto' ? process.stdout.isTTY === true : env.LOG_FORMAT === 'pretty',
    ),
  );
  log.info(
    { category: 'start' },
    `Game mode: ${env.GAME_MODE}${env.GAME_MODE === 'sandbox' ? ' (sandbox game, no real accounts touched)' : ''}`,
  );

  if (payments.options.stripe) log.info({ category: 'payment' }, 'Payments: Stripe Checkout');
  else if (env.GAME_MODE === 'sandbox')
    log.info({ category: 'payment' }, 'Payments: embedded sandbox checkout (test card, no money moves)');
  else
    log.warn(
      { category: 'payment' },
      'Payments: off in live mode until STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set',
    );
  for (const build of startBuilds(repoRoot)) await buildOnStart(build, repoRoot, log);
  const secret = await resolveSecretKey(env.SECRET_KEY, env.DATA_DIR);
  if (secret.source === 'generated')
    log.warn({ category: 'start' }, `Generated a new SECRET_KEY in ${env.DATA_DIR}/secret.key; back it up`);

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  log.info(
    { category: 'db' },
    database.kind === 'postgres'
      ? 'Using PostgreSQL (DATABASE_URL)'
      : `Using embedded PostgreSQL in ${env.DATA_DIR}/pg`,
  );
  await database.migrate();
  const savedDemoToken = env.GAME_MODE === 'sandbox' ? await readSavedDemoToken(env.DATA_DIR) : undefined;
  const demo = await ensureDemoUser(database.db, env.GAME_MODE, savedDemoToken);
  if (demo && env.GAME_MODE === 'sandbox' && demo.token !== savedDemoToken)
    await saveDemoToken(env.DATA_DIR, demo.token);
  const admins = await grantAdminRoles(database.db, adminUsernamesOf(env));
  if (admins.granted.length > 0)
    log.info({ category: 'start' }, `Admin role given to ${admins.granted.join(', ')} (ADMIN_USERNAMES)`);
  if (admins.notSignedUp.length > 0)
    log.warn(
      { category: 'start' },
      `ADMIN_USERNAMES names users that do not exist yet: ${admins.notSignedUp.join(', ')}; restart after they sign up`,
    );

  configureSolverPool({
    threads: env.SBC_SOLVER_THREADS,
    firstWorkMs: env.SBC_FIRST_WORK_MS,
    refineWorkMs: env.SBC_SOLVE_LIMIT_MS,
  });
  // The embedded agent's id is this node's: unique among the nodes of a cluster, the same after
  // a restart, so the runs it held before a crash end at this start.
  const nodeId = env.NODE_ID ?? `${hostname()}-${env.PORT}`;
  const runsEmbeddedAgent = env.GAME_MODE === 'sandbox' && env.EMBEDDED_AGENT === 'on';
  const embeddedAgentId = `embedded-${nodeId}`;
  const app = await buildApp({
    database,
    secretKey: secret.key,
    gameMode: env.GAME_MODE,
    loggerInstance: log,
    webDistDir,
    ownsDatabase: true,
    sandboxAdminKey: env.SIM_ADMIN_KEY,
    prices: { staleAfterMs: env.PRICE_STALE_AFTER_MS },
    payments: payments.options,
    community: communityOptionsFromEnv(env),
    trustedProxies: env.TRUSTED_PROXIES,
    frameAncestors: env.FRAME_ANCESTORS,
    chat: { telegram: { botToken: env.TELEGRAM_BOT_TOKEN, apiUrl: env.TELEGRAM_API_URL } },
    realtime: {
      nodeId,
      redisUrl: env.REDIS_URL,
      agentKeys: env.AGENT_KEYS,
      allowedOrigins: env.ALLOWED_ORIGINS,
      ...(runsEmbeddedAgent ? { embeddedAgentId } : {}),
      headfulSessions: env.HEADFUL_SESSIONS === 'on',
    },
    metricsAddress: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.HOST },
  });
  const realtime = app.realtime;
  if (!realtime) throw new Error('The server was built without its socket hubs');
  log.info({ category: 'start' }, `Node ${nodeId}${env.REDIS_URL ? ' (cluster through Redis)' : ''}`);

  // SBC challenges and their solutions: synced from the sandbox game, solved in a worker thread.
  const sbcCatalogue = createSbcCatalogue(app.appContext, { nodeId });
  app.addHook('onClose', () => sbcCatalogue.close());

  // Shutdown is wired before the node listens: a SIGTERM that comes as soon as it answers (an
  // orchestrator, a test) drains it too. What starts after listening is closed if it started.
  const started: {
    agent?: { close(): Promise<void> } | undefined;
    sim?: { close(): Promise<void> } | undefined;
  } = {};
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void shutDownGracefully(signal, {
        log,
        drain: () => app.readiness.drain(),
        drainMs: env.SHUTDOWN_DRAIN_MS,
        steps: [async () => started.agent?.close(), () => Promise.all([app.close(), started.sim?.close()])],
        limitMs: env.SHUTDOWN_DRAIN_MS + shutdownCloseLimitMs,
        exit: (code) => process.exit(code),
      });
    });
  }

  // The card index is built (about a second of CPU, seconds on a loaded machine) before the node
  // listens: built after, it held the event loop while the balancer's first checks and the first
  // requests waited.
  app.priceDatabase.service
    .warmUp()
    .catch((error: unknown) =>
      log.error({ category: 'prices', err: error }, 'Could not load the price database'),
    );
  await app.listen({ port: env.PORT, host: env.HOST });
  const port = (app.server.address() as { port: number } | null)?.port ?? env.PORT;
  // The sandbox game starts after the server answers, so the site is up within seconds.
  // A cluster's nodes share one sandbox game (SIM_URL); a lone server starts its own.
  const sim =
    env.GAME_MODE !== 'sandbox'
      ? undefined
      : env.SIM_URL
        ? { url: env.SIM_URL.replace(/\/$/, ''), close: async () => {} }
        : await startEmbeddedSim(log, { adminKey: env.SIM_ADMIN_KEY, dataDir: env.DATA_DIR });
  started.sim = sim;
  // Stored club crests name the server's path; it sends the browser to the game's address of now.
  if (sim) app.sandboxGame.use(sim.url);
  if (env.GAME_MODE === 'live' && env.SIM_ADMIN_KEY)
    log.warn({ category: 'start' }, 'SIM_ADMIN_KEY is ignored in live mode (there is no sandbox game)');
  const feedUrl = env.PRICE_FEED_URL ?? sim?.url;
  if (feedUrl)
    app.priceDatabase.collection.start({
      feedUrl,
      intervalMs: env.PRICE_COLLECT_INTERVAL_MS,
      historyDays: env.PRICE_HISTORY_DAYS,
    });
  if (sim)
    sbcCatalogue.start({
      feedUrl: sim.url,
      intervalMs: SBC_RESOLVE_INTERVAL_MS,
      onError: (error) => log.warn({ category: 'sbc', err: error }, 'SBC sync or solve failed'),
    });
  const agent =
    sim && runsEmbeddedAgent
      ? await startEmbeddedAgent({
          serverPort: port,
          agentKey: realtime.embeddedAgentKey,
          agentId: embeddedAgentId,
          simUrl: sim.url,
          headfulSessions: env.HEADFUL_SESSIONS === 'on',
          log,
        }).catch((error: unknown) => {
          log.error(
            { category: 'agent', err: error },
            'Embedded snipe agent failed to start; sniping is unavailable',
          );
          return undefined;
        })
      : undefined;
  started.agent = agent;
  if (demo)
    console.log(`Demo login — username: demo  token: ${demo.token}  open: http://127.0.0.1:${port}/login`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
