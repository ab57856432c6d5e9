import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../src/index.js';
import { game, signIn } from '../helpers.js';

// Where the game is lenient the sandbox must be too: clients written against the real service send
// these requests, and a stricter sandbox would fail them for reasons the game never gives.
let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({ seed: 12, clock: { speed: 0 }, market: { initialListings: 50 } });
});
afterAll(() => sim.close());

const pin = (init: RequestInit) => fetch(`${sim.url}/pinEvents`, { method: 'POST', ...init });
const eventBody = JSON.stringify({
  taxv: '1.1',
  tidt: 'sdk',
  events: [{ type: 'page_view', pgid: 'Hub - Transfers' }],
});

describe('conformance: the game’s tolerance', () => {
  it('takes event posts without a content type', async () => {
    // A byte body makes fetch send no Content-Type at all.
    const answer = await pin({ body: new TextEncoder().encode(eventBody) });
    expect(answer.status).toBe(200);
  });

  it.each([['application/json'], ['text/plain;charset=UTF-8'], ['application/octet-stream']])(
    'takes event posts sent as %s',
    async (type) => {
      expect((await pin({ body: eventBody, headers: { 'content-type': type } })).status).toBe(200);
    },
  );

  it('takes booleans and numbers sent as strings in the session request', async () => {
    const signedIn = await signIn(sim, 'strings@example.com', 'pw', 'STRS0001');
    const code = async () =>
      (
        (await (
          await fetch(
            `${sim.url}/connect/auth?client_id=FUTWEB_BK_OL_SERVER&redirect_uri=nucleus:rest&response_type=code&access_token=${signedIn.accessToken}`,
          )
        ).json()) as { code: string }
      ).code;
    const auth = await fetch(`${sim.url}/ut/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientVersion: '1',
        gameSku: 'FFA26PS5',
        identification: { authCode: await code(), redirectUrl: 'nucleus:rest', tid: 'RETAIL' },
        isReadOnly: 'false',
        locale: 'en-US',
        method: 'authcode',
        nucleusPersonaId: String(signedIn.personaId),
        priorityLevel: '4',
        sku: 'FUT26WEB',
        ds: '',
      }),
    });
    expect(auth.status).toBe(200);
    const { sid } = (await auth.json()) as { sid: string };
    expect((await game(sim, sid, 'GET', 'user/credits')).status).toBe(200);
  });

  it('still refuses a session request whose boolean is no boolean', async () => {
    const auth = await fetch(`${sim.url}/ut/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        gameSku: 'FFA26PS5',
        identification: { authCode: 'x' },
        isReadOnly: 'maybe',
        method: 'authcode',
        nucleusPersonaId: 1,
      }),
    });
    expect(auth.status).toBe(400);
  });

  it('takes empty JSON bodies on PUT and DELETE, and a lower-case session header', async () => {
    const { sid } = await signIn(sim, 'empty@example.com', 'pw', 'EMPT0001');
    const relist = await fetch(`${sim.url}/ut/game/fc26/auctionhouse/relist`, {
      method: 'PUT',
      headers: { 'x-ut-sid': sid, 'content-type': 'application/json' },
      body: '',
    });
    expect(relist.status).toBe(200);
    expect(await relist.json()).toEqual({ tradeIdList: [] });
    const clear = await fetch(`${sim.url}/ut/game/fc26/trade/sold`, {
      method: 'DELETE',
      headers: { 'X-Ut-Sid': sid, 'content-type': 'application/json' },
    });
    expect(clear.status).toBe(200);
  });

  it('answers a game call with a body it cannot read with 400, not 415 or 500', async () => {
    const { sid } = await signIn(sim, 'textbid@example.com', 'pw', 'TEXT0001');
    const answer = await fetch(`${sim.url}/ut/game/fc26/trade/1/bid`, {
      method: 'PUT',
      headers: { 'X-UT-SID': sid, 'content-type': 'application/xml' },
      body: '<bid>200</bid>',
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: '400' });
  });

  it('takes the special-quality filter in either case and a comma list of rarities', async () => {
    const { sid } = await signIn(sim, 'filters@example.com', 'pw', 'FILT0001');
    for (const query of ['rare=SP', 'rare=sp', 'rarityIds=1,3'])
      expect((await game(sim, sid, 'GET', `transfermarket?num=21&start=0&type=player&${query}`)).status).toBe(
        200,
      );
  });
});
