import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';

describe('price environment', () => {
  it('defaults to 15-minute staleness, a one-minute collection and a week of history', () => {
    expect(parseEnv({})).toMatchObject({
      ok: true,
      env: { PRICE_STALE_AFTER_MS: 900_000, PRICE_COLLECT_INTERVAL_MS: 60_000, PRICE_HISTORY_DAYS: 7 },
    });
    expect(parseEnv({ PRICE_FEED_URL: '' })).toMatchObject({
      ok: true,
      env: { PRICE_FEED_URL: undefined },
    });
  });

  it('reads the values it is given', () => {
    expect(
      parseEnv({
        PRICE_STALE_AFTER_MS: '60000',
        PRICE_COLLECT_INTERVAL_MS: '5000',
        PRICE_FEED_URL: 'http://127.0.0.1:8090',
        PRICE_HISTORY_DAYS: '2',
      }),
    ).toMatchObject({
      ok: true,
      env: {
        PRICE_STALE_AFTER_MS: 60_000,
        PRICE_COLLECT_INTERVAL_MS: 5_000,
        PRICE_FEED_URL: 'http://127.0.0.1:8090',
        PRICE_HISTORY_DAYS: 2,
      },
    });
  });

  it('names each bad variable', () => {
    expect(
      parseEnv({
        PRICE_STALE_AFTER_MS: 'soon',
        PRICE_COLLECT_INTERVAL_MS: '10',
        PRICE_FEED_URL: 'feed',
      }),
    ).toEqual({
      ok: false,
      problems: [
        'PRICE_STALE_AFTER_MS: PRICE_STALE_AFTER_MS must be a number of milliseconds',
        'PRICE_COLLECT_INTERVAL_MS: PRICE_COLLECT_INTERVAL_MS must be at least 1000',
        'PRICE_FEED_URL: PRICE_FEED_URL must be a URL such as http://127.0.0.1:8090',
      ],
    });
  });
});
