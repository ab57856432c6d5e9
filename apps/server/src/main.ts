import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { parseEnv } from './config/env.js';
import { resolveSecretKey } from './config/secret-key.js';
import { openDatabase } from './db/client.js';
import { ensureDemoUser, readSavedDemoToken, saveDemoToken } from './db/seed.js';
import { startEmbeddedAgent } from './embedded/agent.js';
import { startEmbeddedSim } from './embedded/sim.js';
import { loggerOptions } from './lib/logger.js';
import { communityOptionsFromEnv, paymentOptionsFromEnv } from './modules/payment/config.js';
import { attachRealtime } from './realtime/index.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webDistDir = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Builds the web app when its bundle is missing, streaming npm's output. */
function buildWebIfMissing(log: pino.Logger) {
  if (existsSync(`${webDistDir}index.html`)) return Promise.resolve();
  log.info({ category: 'web' }, 'Building the web app (first start only)…');
  return new Promise<void>((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', '@tradedesk/web'], { cwd: repoRoot, stdio: 'inherit' });
    child.on('exit', (code) => {
      if (code === 0) log.info({ category: 'web' }, 'Web app built');
      else log.error({ category: 'web' }, `Web build failed (exit ${code}); serving the API only`);
      resolve();
    });
    child.on('error', (error) => {
      log.error({ category: 'web', err: error }, 'Could not run the web build; serving the API only');
      resolve();
    });
  });
}

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
  await buildWebIfMissing(log);
  const secret = await resolveSecretKey(env.SECRET_KEY, env.DATA_DIR);
  if (secret.source === 'generated')
    log.warn({ category: 'start' }, `Generated a new SECRET_KEY in ${env.DATA_DIR}/secret.key; back it up`);

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
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

  const app = await buildApp({
    database,
    secretKey: secret.key,
    gameMode: env.GAME_MODE,
    loggerInstance: log,
    webDistDir,
    ownsDatabase: true,
    prices: { staleAfterMs: env.PRICE_STALE_AFTER_MS },
    payments: payments.options,
    community: communityOptionsFromEnv(env),
    trustedProxies: env.TRUSTED_PROXIES,
    frameAncestors: env.FRAME_ANCESTORS,
  });
  const realtime = await attachRealtime(app, {
    redisUrl: env.REDIS_URL,
    agentKeys: env.AGENT_KEYS,
    allowedOrigins: env.ALLOWED_ORIGINS,
    headfulSessions: env.HEADFUL_SESSIONS === 'on',
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  const port = (app.server.address() as { port: number } | null)?.port ?? env.PORT;
  // The sandbox game starts after the server answers, so the site is up within seconds.
  const sim =
    env.GAME_MODE === 'sandbox' ? await startEmbeddedSim(log, { adminKey: env.SIM_ADMIN_KEY }) : undefined;
  if (env.GAME_MODE === 'live' && env.SIM_ADMIN_KEY)
    log.warn({ category: 'start' }, 'SIM_ADMIN_KEY is ignored in live mode (there is no sandbox game)');
  app.priceDatabase.service
    .warmUp()
    .catch((error: unknown) =>
      log.error({ category: 'prices', err: error }, 'Could not load the price database'),
    );
  const feedUrl = env.PRICE_FEED_URL ?? sim?.url;
  if (feedUrl)
    app.priceDatabase.collection.start({
      feedUrl,
      intervalMs: env.PRICE_COLLECT_INTERVAL_MS,
      historyDays: env.PRICE_HISTORY_DAYS,
    });
  const agent = sim
    ? await startEmbeddedAgent({
        serverPort: port,
        agentKey: realtime.embeddedAgentKey,
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
  if (demo)
    console.log(`Demo login — username: demo  token: ${demo.token}  open: http://127.0.0.1:${port}/login`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ category: 'start' }, `${signal}: shutting down`);
      void Promise.allSettled([agent?.close()])
        .then(() => Promise.allSettled([app.close(), sim?.close()]))
        .then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
