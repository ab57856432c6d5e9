import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GameClient, sandboxConfig, SessionExpiredError } from '../src/index.js';
import { installFakeAccount, requireSid, testAccount, type FakeAccountState } from './fake-account.js';
import { startFakeGame, type FakeGame } from './fake-game.js';

let game: FakeGame;
let account: FakeAccountState;
let client: GameClient;

beforeEach(async () => {
  game = await startFakeGame();
  account = installFakeAccount(game);
  game.on('GET', '/ut/game/fc26/user/credits', (request) =>
    requireSid(account, request, { credits: 777, currencies: [] }),
  );
  client = new GameClient({ config: sandboxConfig(game.url) });
  await client.signIn(testAccount, 'pc');
});
afterEach(() => game.close());

describe('session expiry', () => {
  it('re-authenticates once with the access token and retries the call', async () => {
    account.validSids.clear();

    const credits = await client.account.credits();

    expect(credits.coins).toBe(777);
    expect(account.sessionsIssued).toBe(2);
    const lastCall = game.requests.at(-1);
    expect(lastCall?.headers['x-ut-sid']).toBe('test-sid-2');
    // No second password sign-in: only a new auth code and /ut/auth.
    expect(game.requests.filter((r) => r.path === '/p/juno/login')).toHaveLength(2);
  });

  it('mints a new access token through the sign-in cookies when the old one was revoked', async () => {
    account.validSids.clear();
    account.validTokens.clear();

    const credits = await client.account.credits();

    expect(credits.coins).toBe(777);
    expect(game.requests.filter((r) => r.query['prompt'] === 'none')).toHaveLength(1);
    expect(game.requests.filter((r) => r.path === '/p/juno/login')).toHaveLength(2);
  });

  it('does not even try the old token once it has run out', async () => {
    let offsetMs = 0;
    const later = new GameClient({ config: sandboxConfig(game.url), wallClock: () => Date.now() + offsetMs });
    await later.signIn(testAccount, 'pc');
    offsetMs = 2 * 3_600_000;
    account.validSids.clear();
    const before = game.requests.length;

    await later.account.credits();

    const renewal = game.requests
      .slice(before)
      .map((r) => r.query['prompt'] ?? r.query['client_sequence'] ?? r.path);
    expect(renewal).toEqual([
      '/ut/game/fc26/user/credits',
      'none',
      'ut-auth',
      '/ut/auth',
      '/ut/game/fc26/user/credits',
    ]);
  });

  it('gives up with "Session has expired" when neither the token nor the cookies work', async () => {
    account.validSids.clear();
    account.validTokens.clear();
    account.rememberValid = false;

    const error = await client.account.credits().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as SessionExpiredError).message).toBe('Session has expired');
    expect((error as SessionExpiredError).kind).toBe('session-expired');
  });

  it('retries only once when the new session is refused too', async () => {
    game.on('GET', '/ut/game/fc26/user/credits', () => ({
      status: 401,
      body: { code: 401, reason: 'Session Kickout' },
    }));

    const error = await client.account.credits().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as SessionExpiredError).reason).toBe('Session Kickout');
    expect(game.requests.filter((r) => r.path.endsWith('/user/credits'))).toHaveLength(2);
    expect(account.sessionsIssued).toBe(2);
  });

  it('shares one re-authentication between calls that expire together', async () => {
    account.validSids.clear();

    const results = await Promise.all([
      client.account.credits(),
      client.account.credits(),
      client.account.credits(),
    ]);

    expect(results.map((r) => r.coins)).toEqual([777, 777, 777]);
    expect(account.sessionsIssued).toBe(2);
  });
});
