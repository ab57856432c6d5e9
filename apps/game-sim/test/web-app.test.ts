import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { signIn } from './helpers.js';

// The page's behaviour is tested in Chromium (web-app-browser.test.ts); these pin what the server
// itself serves for it.
let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({ seed: 4, clock: { speed: 0 }, market: { initialListings: 20 } });
});
afterAll(async () => {
  await sim.close();
});

describe('sandbox web app server', () => {
  it('serves one shell whose sign-in starts the game sign-in and comes back to auth.html', async () => {
    const html = await (await fetch(`${sim.url}/web-app/`)).text();
    const config = JSON.parse(/id="web-app-config">([^<]*)</.exec(html)?.[1] ?? '{}');
    expect(config.gamePrefix).toBe('/ut/game/fc26');
    expect(config.signInUrl).toContain('client_id=FC26_JS_WEB_APP&response_type=token');
    expect(decodeURIComponent(config.signInUrl)).toContain(`redirect_uri=${sim.url}/web-app/auth.html`);
    expect(config.prices.bands[0]).toEqual({ below: 1_000, step: 50 });
    expect(config.options.positions).toContain('CAM');
    expect(await (await fetch(`${sim.url}/web-app/auth.html`)).text()).toBe(html);
  });

  it('serves only its own scripts', async () => {
    const script = await fetch(`${sim.url}/web-app/js/app.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain('window.services = services');
    expect((await fetch(`${sim.url}/web-app/js/..%2Fwebapp-routes.ts`)).status).toBe(400);
  });

  it('ships the player names, best rated first, for names and suggestions', async () => {
    const players = (await (await fetch(`${sim.url}/web-app/js/players.json`)).json()) as [number, string][];
    const top = sim.world.cards.reduce((best, card) => (card.rating > best.rating ? card : best));
    expect(players[0]).toEqual([top.baseId, top.name]);
    expect(new Set(players.map(([baseId]) => baseId)).size).toBe(players.length);
  });

  it('solves a captcha only for the page session that holds it', async () => {
    const session = await signIn(sim, 'solver@example.com', 'pw', 'SOLV0001');
    const account = sim.world.accountByEmail('solver@example.com')!;
    account.captchaPending = true;
    expect((await fetch(`${sim.url}/web-app/captcha/solve`, { method: 'POST' })).status).toBe(401);
    expect(account.captchaPending).toBe(true);
    const solved = await fetch(`${sim.url}/web-app/captcha/solve`, {
      method: 'POST',
      headers: { 'x-ut-sid': session.sid },
    });
    expect(solved.status).toBe(200);
    expect(account.captchaPending).toBe(false);
  });
});
