/**
 * `npm run cluster`: N server nodes behind HAProxy, M stand-alone agents and one sandbox game on
 * this machine, all from the production build, against the configured PostgreSQL and Redis (see the README's
 * operator section). Ctrl-C stops everything.
 */
import { parseClusterEnv } from '../config/cluster-env.js';
import { resolveSecretKey } from '../config/secret-key.js';
import { startCluster } from './cluster.js';

async function main() {
  const parsed = parseClusterEnv(process.env);
  if (!parsed.ok) {
    console.error(`Invalid environment:\n  ${parsed.problems.join('\n  ')}`);
    process.exit(1);
  }
  const env = parsed.env;
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
