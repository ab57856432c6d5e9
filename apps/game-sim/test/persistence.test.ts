import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from '../src/index.js';
import { admin, game, signIn } from './helpers.js';

const KEY = 'persistence-admin-key';
/** Two starts of a world on a shared, loaded machine: generous, it only turns a hang into a failure. */
const restartTimeoutMs = 60_000;

describe('the sandbox world survives a restart (stateFile)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sim-state-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const start = (stateFile: string) =>
    startSim({ seed: 3, adminKey: KEY, stateFile, market: { initialListings: 50 } });

  it(
    'keeps accounts, coins, clubs and listings; a new account after it gets fresh ids',
    async () => {
      const stateFile = join(dir, 'world.json');
      const first = await start(stateFile);
      expect(first.state).toEqual({ restored: false });
      const created = await admin(first, KEY, 'POST', '/accounts', {
        email: 'keeper@example.com',
        password: 'keeper-pass',
        backupCode: 'KEEP1234',
        platform: 'pc',
      });
      const id: number = created.json.id;
      await admin(first, KEY, 'PUT', `/accounts/${id}/coins`, { coins: 109_500 });
      const session = await signIn(first, 'keeper@example.com', 'keeper-pass', 'KEEP1234', 'FFA26PCC');
      const club = await game(first, session.sid, 'POST', 'club', { count: 91, start: 0 });
      const tradeable = (club.json.itemData as Array<{ id: number; untradeable: boolean }>).find(
        (item) => !item.untradeable,
      );
      const limits = await game(
        first,
        session.sid,
        'GET',
        `marketdata/item/pricelimits?itemIdList=${tradeable?.id}`,
      );
      const { minPrice, maxPrice } = limits.json[0] as { minPrice: number; maxPrice: number };
      const listed = await game(first, session.sid, 'POST', 'auctionhouse', {
        itemData: { id: tradeable?.id },
        startingBid: minPrice,
        buyNowPrice: maxPrice,
        duration: 3_600,
      });
      expect(listed.status).toBe(200);
      const before = (await admin(first, KEY, 'GET', `/accounts/${id}`)).json;
      await first.close();

      const second = await start(stateFile);
      try {
        expect(second.state).toEqual({ restored: true });
        const after = (await admin(second, KEY, 'GET', `/accounts/${id}`)).json;
        expect(after).toEqual(before);
        expect(after.coins).toBe(109_500);
        const again = await signIn(second, 'keeper@example.com', 'keeper-pass', 'KEEP1234', 'FFA26PCC');
        const credits = await game(second, again.sid, 'GET', 'user/credits');
        expect(credits.json.credits).toBe(109_500);
        const pile = await game(second, again.sid, 'GET', 'tradepile');
        expect(pile.json.auctionInfo).toEqual([
          expect.objectContaining({ tradeId: listed.json.id, tradeState: 'active', buyNowPrice: maxPrice }),
        ]);
        const other = await admin(second, KEY, 'POST', '/accounts', {
          email: 'newcomer@example.com',
          password: 'newcomer-pass',
          backupCode: 'NEWC1234',
          platform: 'pc',
        });
        expect(other.json.id).toBeGreaterThan(id);
      } finally {
        await second.close();
      }
    },
    restartTimeoutMs,
  );

  it('starts a new world, and says why, when the file is not a saved world', async () => {
    const stateFile = join(dir, 'broken.json');
    await writeFile(stateFile, '{"version": 99}');
    const sim = await start(stateFile);
    try {
      expect(sim.state?.restored).toBe(false);
      expect(sim.state?.problem).toMatch(/is not a saved sandbox world/);
    } finally {
      await sim.close();
    }
  });
});
