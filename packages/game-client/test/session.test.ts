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

  it('gives up with "Session has expired" when the access token no longer works', async () => {
    account.validSids.clear();
    account.validTokens.clear();

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
