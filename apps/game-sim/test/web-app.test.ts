import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { admin } from './helpers.js';

const KEY = 'web-admin-key';
let sim: RunningSim;
let cookie = '';

/** Signs in through the web app's own link and sign-in pages, like a browser would. */
async function browserSignIn(email: string, code: string): Promise<string> {
  const home = await (await fetch(`${sim.url}/web-app/`)).text();
  const href = /id="sign-in"[^>]*href="([^"]+)"/.exec(home)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const start = await fetch(new URL(href, sim.url), { redirect: 'manual' });
  const loginUrl = new URL(start.headers.get('location') ?? '', sim.url);
  const post = (fields: Record<string, string>) =>
    fetch(loginUrl, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' }).then(
      (response) => response.text(),
    );
  await post({ email, password: 'pw' });
  await post({ codeType: 'APP' });
  const done = await post({ oneTimeCode: code });
  const completeUrl = /href="([^"]+)"/.exec(done)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const redirect = (await fetch(completeUrl, { redirect: 'manual' })).headers.get('location') ?? '';
  expect(redirect.startsWith(`${sim.url}/web-app/auth.html#access_token=`)).toBe(true);
  const token = new URLSearchParams(redirect.split('#')[1]).get('access_token') ?? '';
  const session = await fetch(`${sim.url}/web-app/session?access_token=${token}`, { redirect: 'manual' });
  return (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const page = async (path: string) => (await fetch(`${sim.url}${path}`, { headers: { cookie } })).text();

beforeAll(async () => {
  sim = await startSim({
    seed: 4,
    adminKey: KEY,
    clock: { speed: 0 },
    market: { initialListings: 200, humanBuyShare: 0, rivalCatchShare: 0 },
  });
  cookie = await browserSignIn('web@example.com', 'WEBWEB01');
});
afterAll(async () => {
  await sim.close();
});

describe('sandbox web app', () => {
  it('shows the coin balance after signing in through the sign-in pages', async () => {
    expect(await page('/web-app/')).toContain('aria-label="Coin balance">100000<');
  });

  it('finds a listing by name and buys it with the Buy Now button', async () => {
    const card = sim.world.cards.find((candidate) => candidate.name === 'Kylian Mbappé') ?? sim.world.card(0);
    const injected = await admin(sim, KEY, 'POST', '/listings', {
      definitionId: card.definitionId,
      platform: 'ps',
      buyNowPrice: 10_000,
    });
    const tradeId = injected.json.tradeIds[0];
    sim.world.clock.advance(3_000);
    const results = await page(
      `/web-app/market?name=${encodeURIComponent(card.name.slice(0, 6))}&maxBuyNow=10000`,
    );
    expect(results).toContain(`aria-label="Buy Now ${tradeId}"`);
    const bought = await fetch(`${sim.url}/web-app/market/buy`, {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams({ tradeId: String(tradeId) }),
      redirect: 'manual',
    });
    const message = decodeURIComponent(bought.headers.get('location')?.split('message=')[1] ?? '');
    expect(message).toBe('Bought for 10000 coins. The item is in your unassigned pile.');
    expect(await page('/web-app/')).toContain('aria-label="Coin balance">90000<');
    expect(await page('/web-app/unassigned')).toContain(card.name.replaceAll("'", '&#39;'));
  });

  it('filters the market by rarity, quality and max Buy Now', async () => {
    const html = await page('/web-app/market?rarity=1&quality=gold&maxBuyNow=100000');

    const tradeIds = [...html.matchAll(/<tr data-trade-id="(\d+)"/g)].map((match) => Number(match[1]));
    expect(tradeIds.length).toBeGreaterThan(0);
    for (const tradeId of tradeIds) {
      const trade = sim.world.trades.get(tradeId);
      const card = sim.world.card(trade?.cardIndex ?? -1);
      expect(card).toMatchObject({ rarityId: 1, quality: 'gold' });
      expect(trade?.buyNowPrice).toBeLessThanOrEqual(100_000);
    }
  });

  it('shows the transfer list with the items waiting on it', async () => {
    const id = sim.world.accountByEmail('web@example.com')?.id;
    const granted = await admin(sim, KEY, 'POST', `/accounts/${id}/items`, {
      definitionId: sim.world.card(0).definitionId,
      place: 'trade',
    });

    const html = await page('/web-app/transfers');

    expect(html).toContain('aria-label="Unlisted items"');
    expect(html).toContain(`data-item-id="${granted.json.itemIds[0]}"`);
  });

  it('shows the sign-in link to a visitor without a session', async () => {
    const anonymous = await (await fetch(`${sim.url}/web-app/transfers`)).text();
    expect(anonymous).toContain('id="sign-in"');
  });
});
