import { describe, expect, it } from 'vitest';
import { parseClusterEnv } from './cluster-env.js';

const shared = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

describe("npm run cluster's environment", () => {
  it('needs PostgreSQL and Redis, each named with the reason', () => {
    expect(parseClusterEnv({ DATABASE_URL: '', REDIS_URL: '' })).toEqual({
      ok: false,
      problems: [
        'DATABASE_URL: DATABASE_URL is required: the nodes share one PostgreSQL',
        'REDIS_URL: REDIS_URL is required: it carries events between the nodes',
      ],
    });
  });

  it("fills the topology's defaults and reads the shared variables as the server does", () => {
    const result = parseClusterEnv({ ...shared, AGENT_KEYS: `${'k'.repeat(32)}, ` });
    expect(result).toMatchObject({
      ok: true,
      env: {
        ...shared,
        CLUSTER_SERVERS: 2,
        CLUSTER_AGENTS: 2,
        AGENT_CAPACITY: 50,
        PORT: 8080,
        CLUSTER_FIRST_SERVER_PORT: 8081,
        SIM_PORT: 8090,
        AGENT_KEYS: ['k'.repeat(32)],
        DATA_DIR: './.data',
        LOG_LEVEL: 'info',
      },
    });
  });

  it("refuses bad values with the server's messages and its own", () => {
    expect(
      parseClusterEnv({
        DATABASE_URL: 'mysql://x/y',
        REDIS_URL: 'http://127.0.0.1:6379',
        CLUSTER_SERVERS: '0',
        AGENT_CAPACITY: '2.5',
        SIM_PORT: '70000',
        SECRET_KEY: 'short',
      }),
    ).toEqual({
      ok: false,
      problems: [
        'DATABASE_URL: DATABASE_URL must start with postgres://',
        'REDIS_URL: REDIS_URL must start with redis://',
        'CLUSTER_SERVERS: CLUSTER_SERVERS must be a number from 1 to 16',
        'AGENT_CAPACITY: AGENT_CAPACITY must be a number from 1 to 1000',
        'SIM_PORT: SIM_PORT must be a number from 0 to 65535',
        'SECRET_KEY: SECRET_KEY must be 64 hexadecimal characters (32 bytes)',
      ],
    });
  });
});
