import { describe, expect, it } from 'vitest';
import { timeRange } from '@tradedesk/domain';
import { configuration, listing, ScriptedMarket, sessionHarness } from '../testing/index.js';

const shortRun = configuration({
  time: {
    duration: timeRange(5, 6, 'minutes'),
    break: { frequency: timeRange(10, 11, 'minutes'), duration: timeRange(1, 2, 'minutes') },
  },
});

/** A market whose n-th search answers with a game error code. */
function failingSearch(
  codes: Record<number, number>,
  options: ConstructorParameters<typeof ScriptedMarket>[0] = {},
) {
  return new ScriptedMarket({
    ...options,
    onSearch: (_search, index) =>
      codes[index] === undefined ? { auctions: [] } : { errorCode: codes[index] },
  });
}

describe('each game error gets a deliberate reaction', () => {
  it('captcha: stops and raises "Encountered a captcha", never trying again', async () => {
    const market = failingSearch({ 0: 458 });
    const { session, sink } = sessionHarness({ market, configuration: shortRun });
    expect(await session.run()).toMatchObject({ reason: 'captcha', message: 'Encountered a captcha' });
    expect(market.searches).toHaveLength(1);
    expect(market.calls.at(-1)).toBe('search page 0');
    expect(sink.ofType('account-update').at(-1)?.status).toBe('captcha');
  });

  it('soft ban: stops with "Encountered soft ban"', async () => {
    const market = failingSearch({ 1: 512 });
    const { session, sink } = sessionHarness({ market, configuration: shortRun });
    expect(await session.run()).toMatchObject({ reason: 'soft-ban', message: 'Encountered soft ban' });
    expect(market.searches).toHaveLength(2);
    expect(sink.ofType('account-update').at(-1)?.status).toBe('soft_ban');
  });

  it('throttled: backs off with "Rate limited", then searches again', async () => {
    const market = failingSearch({ 0: 429 });
    const { session, sink } = sessionHarness({
      market,
      configuration: shortRun,
      extra: { backoff: { stepMs: 30_000, maxWaitMs: 300_000, maxConsecutive: 5 } },
    });
    const summary = await session.run();
    expect(summary.reason).toBe('execution-time');
    expect(sink.notices).toContain('Rate limited');
    expect(market.searches.length).toBeGreaterThan(2);
    // The failed search was the first; the next one waits out the 30 s back-off (virtual time).
    const failedAt = sink.ofType('session-upsert').find((event) => event.searches === 1)?.at ?? 0;
    const retriedAt = sink.ofType('session-upsert').find((event) => event.searches === 2)?.at ?? 0;
    expect(retriedAt - failedAt).toBeGreaterThanOrEqual(30_000);
  });

  it('throttled again and again: ends the run with "Rate limited"', async () => {
    const market = failingSearch({ 0: 429, 1: 429, 2: 429, 3: 429 });
    const { session } = sessionHarness({
      market,
      configuration: shortRun,
      extra: { backoff: { stepMs: 1_000, maxWaitMs: 5_000, maxConsecutive: 3 } },
    });
    expect(await session.run()).toMatchObject({ reason: 'error', message: 'Rate limited' });
    expect(market.searches).toHaveLength(4);
  });

  it('session expired: re-authenticates once and carries on', async () => {
    const market = failingSearch({ 1: 401 });
    const { session, sink } = sessionHarness({ market, configuration: shortRun });
    expect((await session.run()).reason).toBe('execution-time');
    expect(market.reauthentications).toBe(1);
    expect(sink.notices).toContain('Session has expired');
  });

  it('session expired right after re-authenticating: the fatal "Your session has expired. Please refresh your webapp."', async () => {
    const market = failingSearch({ 1: 401, 2: 401 });
    const { session, sink } = sessionHarness({ market, configuration: shortRun });
    expect(await session.run()).toMatchObject({
      reason: 'session-expired',
      message: 'Your session has expired. Please refresh your webapp.',
    });
    expect(market.reauthentications).toBe(1);
    expect(sink.ofType('account-update').at(-1)?.status).toBe('error');
  });

  it('session expired and re-authentication fails: fatal at once', async () => {
    const market = failingSearch({ 0: 401 }, { reauthentication: 'fails' });
    const { session } = sessionHarness({ market, configuration: shortRun });
    expect((await session.run()).message).toBe('Your session has expired. Please refresh your webapp.');
    expect(market.searches).toHaveLength(1);
  });

  it('session expired without a way to re-authenticate: fatal at once', async () => {
    const market = failingSearch({ 0: 401 }, { reauthentication: 'unsupported' });
    const { session } = sessionHarness({ market, configuration: shortRun });
    expect((await session.run()).message).toBe('Your session has expired. Please refresh your webapp.');
  });

  it('market locked: stops with the game error text', async () => {
    const market = failingSearch({ 0: 494 });
    const { session } = sessionHarness({ market, configuration: shortRun });
    expect(await session.run()).toMatchObject({
      reason: 'market-locked',
      message: 'Request failed with status code 494, and message scripted 494',
    });
  });

  it('outbid or already sold (461/478): reports a lost snipe with its code and keeps going', async () => {
    const market = new ScriptedMarket({
      lostTradeIds: [1],
      onSearch: (_search, index) =>
        index === 0
          ? { auctions: [listing({ tradeId: 1, buyNowPrice: 4_000, definitionId: 20_801 })] }
          : { auctions: [] },
    });
    const { session, sink } = sessionHarness({ market, configuration: shortRun });
    const summary = await session.run();
    expect(summary).toMatchObject({ reason: 'execution-time', snipes: 0, lostSnipes: 1 });
    const [result] = sink.ofType('snipe-result');
    expect(result?.report).toMatchObject({ buyPrice: 4_000, sellPrice: 0, value: 0, errorCode: 461 });
    expect(result?.logEntry).toMatchObject({ isSuccess: false, errorCode: 461, type: 'snipe' });
    expect(market.searches.length).toBeGreaterThan(1);
    expect(market.coins).toBe(100_000);
  });

  it('a refused request of one action (409): logs the game text and keeps going', async () => {
    const market = failingSearch({ 0: 409 });
    const { session, sink } = sessionHarness({ market, configuration: shortRun });
    expect((await session.run()).reason).toBe('execution-time');
    expect(sink.notices).toContain('Request failed with status code 409, and message scripted 409');
  });

  it('unassigned pile full on a Buy Now (473): stops with the game text', async () => {
    const market = new ScriptedMarket({
      onSearch: () => ({ auctions: [listing({ tradeId: 3, buyNowPrice: 4_000, definitionId: 20_801 })] }),
    }).failNext('bid', 473);
    const { session } = sessionHarness({ market, configuration: shortRun });
    expect(await session.run()).toMatchObject({
      reason: 'error',
      message: 'Request failed with status code 473, and message scripted 473',
    });
    expect(market.searches).toHaveLength(1);
  });

  it('with Mask Snipes on, the shared report hides the player name', async () => {
    const market = new ScriptedMarket({
      onSearch: () => ({ auctions: [listing({ tradeId: 3, buyNowPrice: 4_000, definitionId: 20_801 })] }),
    });
    const { session, sink } = sessionHarness({
      market,
      configuration: configuration({ time: { maxSnipes: 1 }, advanced: { isSnipesMasked: true } }),
    });
    await session.run();
    const [result] = sink.ofType('snipe-result');
    expect(result?.report.playerName).toBe('*****');
    expect(result?.logEntry.playerName).toBe('Test Striker');
  });

  it('lost connection: backs off with "Unable to connect to the game\'s servers" and carries on', async () => {
    const { NetworkError } = await import('@tradedesk/game-client');
    const market = new ScriptedMarket({
      onSearch: (_search, index) =>
        index === 0 ? { error: new NetworkError({ code: 0, reason: 'ECONNREFUSED' }) } : { auctions: [] },
    });
    const { session, sink } = sessionHarness({ market, configuration: shortRun });
    expect((await session.run()).reason).toBe('execution-time');
    expect(sink.notices).toContain("Unable to connect to the game's servers");
    expect(market.searches.length).toBeGreaterThan(2);
  });

  it('a fault that is not a game error ends the run with its message', async () => {
    const market = new ScriptedMarket({ onSearch: () => ({ error: new Error('port closed') }) });
    const { session, sink } = sessionHarness({ market, configuration: shortRun });
    expect(await session.run()).toMatchObject({ reason: 'error', message: 'port closed' });
    expect(sink.ofType('account-update').at(-1)?.status).toBe('error');
  });
});
