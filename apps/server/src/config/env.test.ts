import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';

describe('environment schema', () => {
  it('fills every default when nothing is set', () => {
    const result = parseEnv({});
    expect(result).toEqual({
      ok: true,
      env: {
        PORT: 8080,
        HOST: '127.0.0.1',
        DATA_DIR: './.data',
        DATABASE_POOL_SIZE: 20,
        SBC_SOLVER_THREADS: 0,
        SBC_SOLVE_LIMIT_MS: 16_000,
        SBC_FIRST_WORK_MS: 300,
        SHUTDOWN_DRAIN_MS: 0,
        GAME_MODE: 'sandbox',
        HEADFUL_SESSIONS: 'on',
        AGENT_KEYS: [],
        EMBEDDED_AGENT: 'on',
        TRUSTED_PROXIES: [],
        FRAME_ANCESTORS: [],
        ALLOWED_ORIGINS: [],
        LOG_FORMAT: 'auto',
        LOG_LEVEL: 'info',
        PRICE_STALE_AFTER_MS: 900_000,
        PRICE_COLLECT_INTERVAL_MS: 60_000,
        PRICE_HISTORY_DAYS: 7,
      },
    });
  });

  it('reads a cluster node: its id, no embedded agent and the shared sandbox game', () => {
    const result = parseEnv({ NODE_ID: 'node-2', EMBEDDED_AGENT: 'off', SIM_URL: 'http://127.0.0.1:8090' });
    expect(result.ok && [result.env.NODE_ID, result.env.EMBEDDED_AGENT, result.env.SIM_URL]).toEqual([
      'node-2',
      'off',
      'http://127.0.0.1:8090',
    ]);
    expect(parseEnv({ NODE_ID: 'node 2', EMBEDDED_AGENT: 'no' })).toEqual({
      ok: false,
      problems: [
        'NODE_ID: NODE_ID must be 1 to 100 letters, digits, dots, colons, dashes or underscores',
        'EMBEDDED_AGENT: EMBEDDED_AGENT must be on or off',
      ],
    });
  });

  it('moves /metrics to METRICS_PORT when set, and refuses a port out of range', () => {
    const set = parseEnv({ METRICS_PORT: '9464' });
    expect(set.ok && set.env.METRICS_PORT).toBe(9464);
    const wrong = parseEnv({ METRICS_PORT: '70000' });
    expect(wrong.ok ? [] : wrong.problems).toContain(
      'METRICS_PORT: METRICS_PORT must be a number from 1 to 65535',
    );
  });

  it('turns headful sessions off with HEADFUL_SESSIONS=off and refuses other values', () => {
    const off = parseEnv({ HEADFUL_SESSIONS: 'off' });
    expect(off.ok && off.env.HEADFUL_SESSIONS).toBe('off');
    const wrong = parseEnv({ HEADFUL_SESSIONS: 'yes' });
    expect(wrong.ok ? [] : wrong.problems).toContain('HEADFUL_SESSIONS: HEADFUL_SESSIONS must be on or off');
  });

  it('reads proxies, frame ancestors and socket origins as comma-separated lists', () => {
    const result = parseEnv({
      TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1',
      FRAME_ANCESTORS: 'https://partner.example',
      ALLOWED_ORIGINS: 'https://a.example,http://localhost:5173',
    });
    expect(result.ok && result.env.TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(result.ok && result.env.FRAME_ANCESTORS).toEqual(['https://partner.example']);
    expect(result.ok && result.env.ALLOWED_ORIGINS).toEqual(['https://a.example', 'http://localhost:5173']);
  });

  it.each([
    [
      'TRUSTED_PROXIES',
      'proxy.example',
      'TRUSTED_PROXIES: TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges (e.g. 10.0.0.0/8)',
    ],
    [
      'TRUSTED_PROXIES',
      '10.0.0.0/33',
      'TRUSTED_PROXIES: TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges (e.g. 10.0.0.0/8)',
    ],
    [
      'FRAME_ANCESTORS',
      'https://partner.example/path',
      'FRAME_ANCESTORS: FRAME_ANCESTORS must be comma-separated origins such as https://partner.example',
    ],
    ['SBC_SOLVER_THREADS', '-1', 'SBC_SOLVER_THREADS: SBC_SOLVER_THREADS must be a number from 0 to 256'],
    [
      'ALLOWED_ORIGINS',
      '*',
      'ALLOWED_ORIGINS: ALLOWED_ORIGINS must be comma-separated origins such as https://partner.example',
    ],
  ])('refuses %s=%s', (name, value, problem) => {
    expect(parseEnv({ [name]: value })).toEqual({ ok: false, problems: [problem] });
  });

  it('accepts a full production setting', () => {
    const result = parseEnv({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      DATA_DIR: '/var/lib/tradedesk',
      SECRET_KEY: 'ab'.repeat(32),
      GAME_MODE: 'live',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'warn',
    });
    expect(result.ok && result.env.PORT).toBe(3000);
    expect(result.ok && result.env.GAME_MODE).toBe('live');
  });

  it('treats empty strings as unset', () => {
    const result = parseEnv({ DATABASE_URL: '', SECRET_KEY: '', REDIS_URL: '' });
    expect(result.ok && result.env.DATABASE_URL).toBeUndefined();
  });

  it('treats blank price and payment settings as unset (the sandbox feed and checkout)', () => {
    const blank = {
      PRICE_FEED_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      PUBLIC_URL: '',
      CATALOGUE_FILE: '',
    };
    const result = parseEnv(blank);
    expect(result.ok).toBe(true);
    expect(
      result.ok && [
        result.env.PRICE_FEED_URL,
        result.env.STRIPE_SECRET_KEY,
        result.env.PUBLIC_URL,
        result.env.CATALOGUE_FILE,
      ],
    ).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('names each bad variable with a clear reason', () => {
    const result = parseEnv({
      PORT: 'http',
      DATABASE_POOL_SIZE: '0',
      SECRET_KEY: 'short',
      GAME_MODE: 'demo',
      DATABASE_URL: 'mysql://x/y',
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toContain('SECRET_KEY: SECRET_KEY must be 64 hexadecimal characters (32 bytes)');
    expect(problems).toContain('DATABASE_URL: DATABASE_URL must start with postgres://');
    expect(problems).toContain('PORT: PORT must be a number from 0 to 65535');
    expect(problems).toContain('DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must be a number from 1 to 200');
    expect(problems.some((line) => line.startsWith('GAME_MODE:'))).toBe(true);
  });

  it("reads remote agents' keys from a comma-separated AGENT_KEYS", () => {
    const one = 'k'.repeat(32);
    const two = 'z'.repeat(40);
    const result = parseEnv({ AGENT_KEYS: ` ${one}, ${two} ,` });
    expect(result.ok && result.env.AGENT_KEYS).toEqual([one, two]);
    expect(parseEnv({ AGENT_KEYS: '' }).ok && parseEnv({ AGENT_KEYS: '' })).toMatchObject({
      env: { AGENT_KEYS: [] },
    });
  });

  it('refuses a short agent key with a clear reason and without echoing it', () => {
    const result = parseEnv({ AGENT_KEYS: `${'k'.repeat(32)},short-secret` });
    expect(result).toEqual({
      ok: false,
      problems: ['AGENT_KEYS: AGENT_KEYS must be comma-separated keys of at least 32 characters each'],
    });
  });

  it("takes SIM_ADMIN_KEY for the embedded sandbox game's admin API, from 8 characters", () => {
    expect(parseEnv({ SIM_ADMIN_KEY: 'rehearse' })).toMatchObject({
      ok: true,
      env: { SIM_ADMIN_KEY: 'rehearse' },
    });
    expect(parseEnv({ SIM_ADMIN_KEY: '' }).ok && parseEnv({ SIM_ADMIN_KEY: '' })).toMatchObject({
      env: { SIM_ADMIN_KEY: undefined },
    });
  });

  it('refuses a short SIM_ADMIN_KEY with a clear reason and without echoing it', () => {
    const result = parseEnv({ SIM_ADMIN_KEY: 'sevench' });
    expect(result).toEqual({
      ok: false,
      problems: ['SIM_ADMIN_KEY: SIM_ADMIN_KEY must be at least 8 characters'],
    });
  });
});
