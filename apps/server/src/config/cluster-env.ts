import { z } from 'zod';
import {
  databaseUrlVariable,
  envSchema,
  intVariable,
  parseEnvWith,
  portVariable,
  redisUrlVariable,
  type EnvResult,
} from './env.js';

/**
 * `npm run cluster`'s environment: the topology and its ports, and the variables it hands to
 * every server node, read with the server's own rules (PostgreSQL and Redis are required here).
 */
export const clusterEnvSchema = z
  .object({
    DATABASE_URL: databaseUrlVariable('DATABASE_URL is required: the nodes share one PostgreSQL'),
    REDIS_URL: redisUrlVariable('REDIS_URL is required: it carries events between the nodes'),
    CLUSTER_SERVERS: intVariable('CLUSTER_SERVERS', 1, 16, 2),
    CLUSTER_AGENTS: intVariable('CLUSTER_AGENTS', 1, 64, 2),
    AGENT_CAPACITY: intVariable('AGENT_CAPACITY', 1, 1_000, 50),
    CLUSTER_FIRST_SERVER_PORT: portVariable('CLUSTER_FIRST_SERVER_PORT', 8081),
    SIM_PORT: portVariable('SIM_PORT', 8090),
  })
  .merge(envSchema.pick({ PORT: true, SECRET_KEY: true, AGENT_KEYS: true, DATA_DIR: true, LOG_LEVEL: true }));

export type ClusterEnv = z.infer<typeof clusterEnvSchema>;

/** Parses `npm run cluster`'s environment. */
export const parseClusterEnv = (source: Record<string, string | undefined>): EnvResult<ClusterEnv> =>
  parseEnvWith(clusterEnvSchema, source);
