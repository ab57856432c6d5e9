/**
 * `npm run cluster`: N server nodes behind a small load balancer, M stand-alone agents and one
 * sandbox game on this machine, against the configured PostgreSQL and Redis (see the README's
 * operator section). Ctrl-C stops everything.
 */
import { z } from 'zod';
import { envSchema } from '../config/env.js';
import { resolveSecretKey } from '../config/secret-key.js';
import { startCluster } from './cluster.js';

const count = (name: string, max: number, fallback: number) =>
  z.coerce
    .number({ invalid_type_error: `${name} must be a number from 1 to ${max}` })
    .int(`${name} must be a number from 1 to ${max}`)
    .min(1, `${name} must be a number from 1 to ${max}`)
    .max(max, `${name} must be a number from 1 to ${max}`)
    .default(fallback);
const port = (name: string, fallback: number) =>
  z.coerce
    .number({ invalid_type_error: `${name} must be a port from 0 to 65535` })
    .int(`${name} must be a port from 0 to 65535`)
    .min(0, `${name} must be a port from 0 to 65535`)
    .max(65_535, `${name} must be a port from 0 to 65535`)
    .default(fallback);

const clusterEnvSchema = z.object({
  DATABASE_URL: z
    .string({ required_error: 'DATABASE_URL is required: the nodes share one PostgreSQL' })
    .url('DATABASE_URL must be a URL such as postgres://user@host:5432/db')
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'DATABASE_URL must start with postgres://'),
  REDIS_URL: z
    .string({ required_error: 'REDIS_URL is required: it carries events between the nodes' })
    .url('REDIS_URL must be a URL such as redis://127.0.0.1:6379')
    .refine((url) => /^rediss?:\/\//.test(url), 'REDIS_URL must start with redis://'),
  CLUSTER_SERVERS: count('CLUSTER_SERVERS', 16, 2),
  CLUSTER_AGENTS: count('CLUSTER_AGENTS', 64, 2),
  AGENT_CAPACITY: count('AGENT_CAPACITY', 1_000, 50),
  PORT: port('PORT', 8080),
  CLUSTER_FIRST_SERVER_PORT: port('CLUSTER_FIRST_SERVER_PORT', 8081),
  SIM_PORT: port('SIM_PORT', 8090),
  SECRET_KEY: envSchema.shape.SECRET_KEY,
  AGENT_KEYS: envSchema.shape.AGENT_KEYS,
  DATA_DIR: envSchema.shape.DATA_DIR,
  LOG_LEVEL: envSchema.shape.LOG_LEVEL,
});

async function main() {
  const blanksDropped = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
  const parsed = clusterEnvSchema.safeParse(blanksDropped);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${String(issue.path[0] ?? 'env')}: ${issue.message}`,
    );
    console.error(`Invalid environment:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  const env = parsed.data;
  // One key for every node: a game password one node stored is read by the others.
  const secret = await resolveSecretKey(env.SECRET_KEY, env.DATA_DIR);
  console.log(
    `Starting ${env.CLUSTER_SERVERS} server nodes and ${env.CLUSTER_AGENTS} agents (capacity ${env.AGENT_CAPACITY} each)…`,
  );
  const cluster = await startCluster({
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    servers: env.CLUSTER_SERVERS,
    agents: env.CLUSTER_AGENTS,
    agentCapacity: env.AGENT_CAPACITY,
    port: env.PORT,
    firstServerPort: env.CLUSTER_FIRST_SERVER_PORT,
    simPort: env.SIM_PORT,
    secretKey: secret.key,
    ...(env.AGENT_KEYS[0] === undefined ? {} : { agentKey: env.AGENT_KEYS[0] }),
    serverEnv: { LOG_LEVEL: env.LOG_LEVEL },
  });
  console.log(
    `Cluster ready: open ${cluster.balancer.url} (nodes on ports ${cluster.servers.map((server) => server.port).join(', ')}, sandbox game ${cluster.simUrl})`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.log(`${signal}: stopping the cluster`);
      void cluster.stop().then(() => process.exit(0));
    });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
