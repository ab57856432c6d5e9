import { describe, expect, it } from 'vitest';
import { parseAgentEnv } from './env.js';

const base = {
  SERVER_URL: 'http://127.0.0.1:8080',
  AGENT_KEY: 'k'.repeat(32),
  SIM_URL: 'http://127.0.0.1:8090',
};

describe('a remote agent environment', () => {
  it('defaults to the sandbox with 50 sessions', () => {
    const parsed = parseAgentEnv(base);
    expect(parsed.ok && parsed.env).toMatchObject({ GAME_MODE: 'sandbox', CAPACITY: 50 });
  });

  it('names every bad variable', () => {
    const parsed = parseAgentEnv({ SERVER_URL: 'nope', AGENT_KEY: 'short', CAPACITY: '0' });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems).toEqual([
      'SERVER_URL: SERVER_URL must be the server address, e.g. https://trade.example.com',
      "AGENT_KEY: AGENT_KEY must be at least 32 characters (one of the server's AGENT_KEYS)",
      'CAPACITY: CAPACITY must be a number from 1 to 1000',
      'SIM_URL: SIM_URL is required in sandbox mode',
    ]);
  });

  it('needs the sandbox address in sandbox mode; prices come from the server unless a feed is named', () => {
    const sandbox = parseAgentEnv({ ...base, SIM_URL: '' });
    expect(!sandbox.ok && sandbox.problems).toEqual(['SIM_URL: SIM_URL is required in sandbox mode']);
    const live = parseAgentEnv({ ...base, GAME_MODE: 'live' });
    expect(live.ok && live.env.PRICE_FEED_URL).toBeUndefined();
    const badFeed = parseAgentEnv({ ...base, PRICE_FEED_URL: 'feeds' });
    expect(!badFeed.ok && badFeed.problems).toEqual([
      'PRICE_FEED_URL: PRICE_FEED_URL must be a URL such as http://127.0.0.1:8090/feeds',
    ]);
  });

  it('takes a readiness file path, and refuses one no file can have', () => {
    const ready = parseAgentEnv({ ...base, READY_FILE: '/tmp/agent-ready' });
    expect(ready.ok && ready.env.READY_FILE).toBe('/tmp/agent-ready');
    const bad = parseAgentEnv({ ...base, READY_FILE: '/tmp/a\0b' });
    expect(!bad.ok && bad.problems).toEqual(['READY_FILE: READY_FILE must be a file path']);
  });
});
