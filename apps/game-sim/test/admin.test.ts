import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { STARTER_TRADEABLES } from '../src/world/world.js';
import { admin, game, signIn } from './helpers.js';

const KEY = 'admin-test-key';
let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({ seed: 4, adminKey: KEY, clock: { speed: 0 }, market: { initialListings: 100 } });
});
afterAll(() => sim.close());

const newAccount = (email: string, coins?: number) =>
  admin(sim, KEY, 'POST', '/accounts', {
    email,
    password: 'secret-pass',
    backupCode: 'ADMIN001',
    platform: 'ps',
    ...(coins === undefined ? {} : { coins }),
  });

describe('admin API', () => {
  it('creates and inspects an account, sets its coins and shows every movement in the ledger', async () => {
    const created = await newAccount('ledger@example.com', 7_000);
    const id: number = created.json.id;

    const set = await admin(sim, KEY, 'PUT', `/accounts/${id}/coins`, { coins: 2_500 });
    const inspected = await admin(sim, KEY, 'GET', `/accounts/${id}`);
    const ledger = await admin(sim, KEY, 'GET', `/ledger?accountId=${id}`);

    expect(created.status).toBe(201);
    expect(set.json.coins).toBe(2_500);
    expect(inspected.json).toMatchObject({ id, email: 'ledger@example.com', platform: 'ps', coins: 2_500 });
    expect(inspected.json).not.toHaveProperty('password');
    expect(inspected.json.piles.club).toBe(18 + STARTER_TRADEABLES);
    expect(
      ledger.json.entries.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount]),
    ).toEqual([
      ['starting-coins', 7_000],
      ['admin-set', 4_500],
    ]);
  });

  it('refuses a duplicate e-mail, a bad body and an unknown account without changing anything', async () => {
    await newAccount('twice@example.com');
    const accountsBefore = (await admin(sim, KEY, 'GET', '/world')).json.accounts;

    const duplicate = await newAccount('twice@example.com');
    const badBody = await admin(sim, KEY, 'POST', '/accounts', {
      email: 'x@example.com',
      backupCode: 'SHORT',
    });
    const unknown = await admin(sim, KEY, 'PUT', '/accounts/999/coins', { coins: 1 });

    expect(duplicate.status).toBe(409);
    expect(badBody.status).toBe(400);
    expect(badBody.json.message).toContain('Backup code must be 8 characters long');
    expect(unknown).toMatchObject({ status: 404, json: { message: 'Account not found' } });
    expect((await admin(sim, KEY, 'GET', '/world')).json.accounts).toBe(accountsBefore);
  });

  it('advances the virtual clock: a session idle past its limit expires', async () => {
    const session = await signIn(sim, 'clock@example.com', 'pw', 'CLOCK001');
    const before = (await admin(sim, KEY, 'GET', '/world')).json.now;

    const moved = await admin(sim, KEY, 'POST', '/clock/advance', { ms: 11 * 60_000 });

    expect(moved.json.now).toBe(before + 11 * 60_000);
    expect((await game(sim, session.sid, 'GET', 'user/credits')).status).toBe(401);
  });

  it('queues forced answers for an account and counts them down', async () => {
    const session = await signIn(sim, 'forced@example.com', 'pw', 'FORCE001');
    const id = sim.world.accountByEmail('forced@example.com')?.id;

    const queued = await admin(sim, KEY, 'POST', `/accounts/${id}/forced-errors`, { code: 503, count: 1 });
    const forced = await game(sim, session.sid, 'GET', 'user/credits');
    const after = await game(sim, session.sid, 'GET', 'user/credits');

    expect(queued.json.forcedErrors).toBe(1);
    expect(forced).toMatchObject({ status: 503, json: { code: '503', reason: 'Service Unavailable' } });
    expect(after.status).toBe(200);
    expect((await admin(sim, KEY, 'POST', `/accounts/${id}/forced-errors`, { code: 99 })).status).toBe(400);
  });
});

describe('admin API on the real clock', () => {
  it('refuses to move real time', async () => {
    const real = await startSim({ adminKey: KEY, market: { initialListings: 0 } });
    try {
      const response = await fetch(`${real.url}/admin/clock/advance`, {
        method: 'POST',
        headers: { 'x-sim-admin-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ ms: 1_000 }),
      });

      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        message: 'The sim runs on the real clock; start it with clock: { speed }',
      });
    } finally {
      await real.close();
    }
  });
});
