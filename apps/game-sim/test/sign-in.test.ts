import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { STARTER_TRADEABLES } from '../src/world/world.js';
import { accessToken, admin, game, signIn } from './helpers.js';

const ADMIN_KEY = 'test-admin-key';
let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({
    seed: 7,
    adminKey: ADMIN_KEY,
    clock: { speed: 1 },
    market: { initialListings: 300 },
  });
});
afterAll(async () => {
  await sim.close();
});

describe('sign-in pages', () => {
  it('creates an unknown e-mail with starting coins and a starter club in sandbox mode', async () => {
    const session = await signIn(sim, 'fresh@example.com', 'secret-pass', 'AB12CD34');
    const credits = await game(sim, session.sid, 'GET', 'user/credits');
    expect(credits.status).toBe(200);
    expect(credits.json.credits).toBe(100_000);
    const club = await game(sim, session.sid, 'POST', 'club', {
      count: 91,
      start: 0,
      type: 'player',
      sort: 'desc',
      sortBy: 'value',
      searchAltPositions: true,
    });
    const items: Array<{ untradeable: boolean; rareflag: number }> = club.json.itemData;
    expect(items.length).toBe(18 + STARTER_TRADEABLES);
    // Like a real new club: untradeable commons, and a few tradeable rare cards to sell or list.
    const tradeable = items.filter((item) => !item.untradeable);
    expect(tradeable).toHaveLength(STARTER_TRADEABLES);
    for (const item of tradeable) expect(item.rareflag).toBe(1);
  });

  it('rejects a wrong password for a known account with the real page text', async () => {
    await admin(sim, ADMIN_KEY, 'POST', '/accounts', {
      email: 'known@example.com',
      password: 'right-pass',
      backupCode: '11112222',
      platform: 'pc',
    });
    const result = await accessToken(sim, 'known@example.com', 'wrong-pass', '11112222');
    expect(typeof result).toBe('object');
    expect((result as { failedWith: string }).failedWith).toContain(
      'Your credentials are incorrect or have expired. Please try again or reset your password.',
    );
  });

  it('rejects a wrong backup code for a known account', async () => {
    const result = await accessToken(sim, 'known@example.com', 'right-pass', '99998888');
    expect((result as { failedWith: string }).failedWith).toContain(
      'The security code you entered is invalid or has expired. Please try again.',
    );
  });

  it('rejects a malformed backup code for an unknown e-mail and creates nothing', async () => {
    const result = await accessToken(sim, 'never@example.com', 'pw', 'short');
    expect((result as { failedWith: string }).failedWith).toContain(
      'The security code you entered is invalid',
    );
    expect(sim.world.accountByEmail('never@example.com')).toBeUndefined();
  });

  it('refuses a console SKU for a PC account with 465', async () => {
    await expect(signIn(sim, 'known@example.com', 'right-pass', '11112222', 'FFA26PS5')).rejects.toThrow(
      '"code":"465"',
    );
  });

  it('kicks the first session when the account signs in again', async () => {
    const first = await signIn(sim, 'known@example.com', 'right-pass', '11112222', 'FFA26PCC');
    const second = await signIn(sim, 'known@example.com', 'right-pass', '11112222', 'FFA26PCC');
    const kicked = await game(sim, first.sid, 'GET', 'user/credits');
    expect(kicked.status).toBe(401);
    expect(kicked.json).toMatchObject({ code: '401', reason: 'Session Kickout' });
    expect((await game(sim, second.sid, 'GET', 'user/credits')).status).toBe(200);
  });

  it('expires an idle session after ten minutes', async () => {
    const session = await signIn(sim, 'idle@example.com', 'pw', 'IDLE0001');
    sim.world.clock.advance(11 * 60_000);
    const expired = await game(sim, session.sid, 'GET', 'user/credits');
    expect(expired.status).toBe(401);
    expect(expired.json.reason).toBe('expired session');
  });

  it('answers a call without a session with 401 and the error body', async () => {
    const response = await game(sim, 'not-a-sid', 'GET', 'tradepile');
    expect(response.status).toBe(401);
    expect(response.json).toEqual({
      code: '401',
      reason: 'expired session',
      string: 'expired session',
      message: 'expired session',
      debug: '',
    });
  });
});
