import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { admin, game, signIn } from './helpers.js';

const KEY = 'abuse-admin-key';
let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({
    seed: 9,
    adminKey: KEY,
    clock: { speed: 0 },
    market: { initialListings: 200 },
    abuse: { perMinute: 5, strikesToSoftBan: 2, softBanMinutes: 30 },
  });
});
afterAll(async () => {
  await sim.close();
});

describe('abuse controls', () => {
  it('answers 429 over the per-minute budget, then soft-bans with 512 until the ban ends', async () => {
    const session = await signIn(sim, 'busy@example.com', 'pw', 'BUSY0001');
    const statuses: number[] = [];
    for (let call = 0; call < 7; call += 1)
      statuses.push((await game(sim, session.sid, 'GET', 'user/credits')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 512]);
    const banned = await game(sim, session.sid, 'GET', 'tradepile');
    expect(banned.json).toMatchObject({ code: '512', reason: 'Request rejected' });
    sim.world.clock.advance(5 * 60_000);
    expect((await game(sim, session.sid, 'GET', 'user/credits')).status).toBe(512);
  });

  it('blocks every game call with 458 while a captcha is pending and lets the web page solve it', async () => {
    const session = await signIn(sim, 'captcha@example.com', 'pw', 'CAPT0001');
    const account = sim.world.accountByEmail('captcha@example.com');
    await admin(sim, KEY, 'POST', `/accounts/${account?.id}/captcha`);
    expect((await game(sim, session.sid, 'GET', 'user/credits')).status).toBe(458);
    expect((await game(sim, session.sid, 'GET', 'transfermarket?num=21&start=0&type=player')).json.code).toBe(
      '458',
    );

    // The web app's captcha screen solves with the page's own session; nothing else can.
    const validate = await game(sim, session.sid, 'POST', 'captcha/fun/validate', { funCaptchaToken: 'x' });
    expect(validate.status).not.toBe(200);
    const solved = await fetch(`${sim.url}/web-app/captcha/solve`, {
      method: 'POST',
      headers: { 'x-ut-sid': session.sid },
    });
    expect(solved.status).toBe(200);
    expect((await game(sim, session.sid, 'GET', 'user/credits')).json.credits).toBe(100_000);
  });

  it('answers 494 on market calls of a market-locked account', async () => {
    const created = await admin(sim, KEY, 'POST', '/accounts', {
      email: 'locked@example.com',
      password: 'pw',
      backupCode: 'LOCK0001',
      platform: 'ps',
      marketLocked: true,
    });
    expect(created.status).toBe(201);
    const session = await signIn(sim, 'locked@example.com', 'pw', 'LOCK0001');
    expect((await game(sim, session.sid, 'GET', 'transfermarket?num=21&start=0&type=player')).status).toBe(
      494,
    );
    expect((await game(sim, session.sid, 'GET', 'usermassinfo')).json.userInfo.feature.trade).toBe(0);
  });

  it('refuses the admin API without the key', async () => {
    const response = await admin(sim, 'wrong-key', 'GET', '/world');
    expect(response.status).toBe(403);
    expect(response.json.message).toBe('A valid x-sim-admin-key header is required');
  });
});

describe('price-site feeds', () => {
  it('publishes different, lagging PC and console prices per provider', async () => {
    const pc = (await (await fetch(`${sim.hosts.feeds}/futbin/prices?platform=pc`)).json()) as {
      count: number;
      prices: { definitionId: number; price: number }[];
    };
    const ps = (await (await fetch(`${sim.hosts.feeds}/futbin/prices?platform=ps`)).json()) as typeof pc;
    const wiz = (await (await fetch(`${sim.hosts.feeds}/futwiz/prices?platform=pc`)).json()) as typeof pc;
    expect(pc.count).toBeGreaterThan(18_000);
    expect(wiz.count).toBeLessThan(pc.count);
    const psPrice = new Map(ps.prices.map((row) => [row.definitionId, row.price]));
    const differing = pc.prices.filter((row) => psPrice.get(row.definitionId) !== row.price).length;
    // Cheap cards sit on the same 150–300 rungs on both platforms; the rest differ.
    expect(differing).toBeGreaterThan(pc.count / 3);
  });

  it('returns only refreshed cards after `since` and rejects unknown providers and platforms', async () => {
    const now = sim.world.now();
    sim.world.clock.advance(60_000);
    const recent = (await (
      await fetch(`${sim.hosts.feeds}/futgg/prices?platform=ps&since=${now}`)
    ).json()) as { count: number };
    expect(recent.count).toBeGreaterThan(0);
    expect(recent.count).toBeLessThan(5_000);
    expect((await fetch(`${sim.hosts.feeds}/nope/prices?platform=pc`)).status).toBe(404);
    expect((await fetch(`${sim.hosts.feeds}/futbin/prices?platform=xbox`)).status).toBe(400);
  });
});
