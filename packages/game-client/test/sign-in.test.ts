import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GameClient, sandboxConfig, type GameError } from '../src/index.js';
import { installFakeAccount, requireSid, testAccount, type FakeAccountState } from './fake-account.js';
import { startFakeGame, type FakeGame } from './fake-game.js';

let game: FakeGame;
let account: FakeAccountState;
let client: GameClient;

beforeEach(async () => {
  game = await startFakeGame();
  account = installFakeAccount(game);
  client = new GameClient({ config: sandboxConfig(game.url) });
});
afterEach(() => game.close());

const rejection = async (promise: Promise<unknown>): Promise<GameError> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error === undefined) throw new Error('expected a rejection');
  return error as GameError;
};

describe('headless sign-in', () => {
  it('signs in with password and backup code and sends the session id on game calls', async () => {
    game.on('GET', '/ut/game/fc26/user/credits', (request) =>
      requireSid(account, request, { credits: 12500, currencies: [] }),
    );

    const info = await client.signIn(testAccount, 'pc');
    const credits = await client.account.credits();

    expect(info.persona).toEqual({
      personaId: 2000000001,
      personaName: 'SandboxTrader',
      clubName: 'Sandbox FC',
      gameSku: 'FFA26PCC',
    });
    expect(credits.coins).toBe(12500);
    const creditsCall = game.requests.find((r) => r.path.endsWith('/user/credits'));
    expect(creditsCall?.headers['x-ut-sid']).toBe('test-sid-1');
  });

  it('posts the backup code through the one-time-code field after choosing the app method', async () => {
    await client.signIn(testAccount, 'pc');

    const posts = game.requests.filter((r) => r.method === 'POST' && r.path === '/p/juno/tfa');
    expect(new URLSearchParams(posts[0]?.body).get('codeType')).toBe('APP');
    expect(new URLSearchParams(posts[1]?.body).get('oneTimeCode')).toBe(testAccount.backupCode);
  });

  it('sends the UT session request the protocol describes', async () => {
    await client.signIn(testAccount, 'pc');

    const auth = game.requests.find((r) => r.method === 'POST' && r.path === '/ut/auth');
    expect(JSON.parse(auth?.body ?? '{}')).toMatchObject({
      gameSku: 'FFA26PCC',
      sku: 'FUT26WEB',
      method: 'authcode',
      nucleusPersonaId: 2000000001,
      identification: { authCode: '<code-ut-auth>', redirectUrl: 'nucleus:rest' },
    });
    expect(auth?.headers['x-ut-phishing-token']).toBe('0');
    const info = game.requests.find((r) => r.path.endsWith('/v2/user/accountinfo'));
    expect(info?.headers['easw-session-data-nucleus-id']).toBe('1000000001');
    expect(info?.headers['nucleus-access-code']).toBe('<code-shard5>');
  });

  it('also walks sign-in pages that ask for the e-mail and the password one after the other', async () => {
    const page = (inputs: string) =>
      `<html><body><form method="post" action=""><input type="hidden" name="execution" value="e2">${inputs}</form></body></html>`;
    game.on('GET', '/p/juno/login', () => ({ body: page('<input type="email" name="email">') }));
    game.on('POST', '/p/juno/login', (request) => {
      const fields = new URLSearchParams(request.body);
      if (!fields.has('password')) return { body: page('<input type="password" name="password">') };
      return fields.get('password') === testAccount.password
        ? { status: 302, headers: { location: '/p/juno/tfa?execution=e1s2' } }
        : { body: page('<input type="password" name="password">') };
    });

    await expect(client.signIn(testAccount, 'pc')).resolves.toMatchObject({ platform: 'pc' });
    const posts = game.requests.filter((r) => r.method === 'POST' && r.path === '/p/juno/login');
    expect(posts.map((r) => new URLSearchParams(r.body).has('password'))).toEqual([false, true]);
  });

  it('reports a wrong password as invalid credentials without leaking it', async () => {
    const error = await rejection(client.signIn({ ...testAccount, password: 'wrong-password-1' }, 'pc'));

    expect(error.kind).toBe('invalid-credentials');
    expect(error.category).toBe('operational');
    expect(JSON.stringify({ message: error.message, reason: error.reason })).not.toContain(
      'wrong-password-1',
    );
    expect(client.isSignedIn).toBe(false);
  });

  it('reports a wrong backup code as an invalid backup code', async () => {
    const error = await rejection(client.signIn({ ...testAccount, backupCode: 'ZZZZ0000' }, 'pc'));

    expect(error.kind).toBe('invalid-backup-code');
    expect(error.message).not.toContain('ZZZZ0000');
  });

  it('fails with no club when the account has no club on the platform this season', async () => {
    account.club = { year: '2024', platform: 'pc' };

    const error = await rejection(client.signIn(testAccount, 'pc'));

    expect(error.kind).toBe('no-club');
    expect(error.code).toBe(465);
  });

  it('maps the game answering 465 on account info to no club', async () => {
    game.on('GET', '/ut/game/fc26/v2/user/accountinfo', () => ({
      status: 465,
      body: { code: 465, reason: 'No Ultimate Team club' },
    }));

    const error = await rejection(client.signIn(testAccount, 'pc'));

    expect(error.kind).toBe('no-club');
    expect(error.reason).toBe('No Ultimate Team club');
  });

  it('refuses a backup code that is not 8 characters before sending anything', async () => {
    const error = await rejection(client.signIn({ ...testAccount, backupCode: '1234' }, 'pc'));

    expect(error.kind).toBe('invalid-input');
    expect(error.message).toBe('Invalid credentials: backupCode: Backup code must be 8 characters long');
    expect(game.requests).toHaveLength(0);
  });

  it('refuses a platform that is not configured before sending anything', async () => {
    const error = await rejection(client.signIn(testAccount, 'switch'));

    expect(error.reason).toBe('Unknown platform switch');
    expect(game.requests).toHaveLength(0);
  });

  it('ends the session with DELETE /ut/auth on sign-out', async () => {
    game.on('DELETE', '/ut/auth', () => ({ body: null }));
    await client.signIn(testAccount, 'pc');

    await client.signOut();

    const logout = game.requests.at(-1);
    expect(logout?.method).toBe('DELETE');
    expect(logout?.headers['x-ut-sid']).toBe('test-sid-1');
    expect(client.isSignedIn).toBe(false);
  });
});
