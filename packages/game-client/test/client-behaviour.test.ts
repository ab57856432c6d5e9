import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GameClient,
  sandboxConfig,
  type GameError,
  type RequestSentEvent,
  type ResponseReceivedEvent,
} from '../src/index.js';
import { installFakeAccount, requireSid, testAccount, type FakeAccountState } from './fake-account.js';
import { startFakeGame, type FakeGame } from './fake-game.js';

let game: FakeGame;
let account: FakeAccountState;
const events: string[] = [];
let tick = 0;

const newClient = () =>
  new GameClient({
    config: sandboxConfig(game.url),
    now: () => ++tick,
    observer: {
      onRequestSent: (e: RequestSentEvent) => events.push(`sent ${e.method} ${e.path} @${e.at}`),
      onResponseReceived: (e: ResponseReceivedEvent) =>
        events.push(`received ${e.status} ${e.path} @${e.at}`),
    },
  });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as GameError,
  );

beforeEach(async () => {
  events.length = 0;
  tick = 0;
  game = await startFakeGame();
  account = installFakeAccount(game);
  game.on('GET', '/ut/game/fc26/transfermarket', (request) =>
    requireSid(account, request, { auctionInfo: [], bidTokens: {} }),
  );
});
afterEach(() => game.close());

describe('request counters', () => {
  it('counts every request and the searches among them, and resets', async () => {
    const client = newClient();
    await client.signIn(testAccount, 'pc');
    const signInRequests = client.stats.requests;

    await client.market.search({ maskedDefId: 20801 });
    await client.market.search({ maskedDefId: 20801, page: 1 });

    expect(signInRequests).toBe(game.requests.length - 2);
    expect(client.stats).toEqual({ requests: signInRequests + 2, searches: 2 });
    client.resetStats();
    expect(client.stats).toEqual({ requests: 0, searches: 0 });
  });

  it('counts the retried search after a re-authentication as requests sent', async () => {
    const client = newClient();
    await client.signIn(testAccount, 'pc');
    client.resetStats();
    account.validSids.clear();

    await client.market.search({});

    // search (401), auth code, /ut/auth, search again
    expect(client.stats).toEqual({ requests: 4, searches: 2 });
  });
});

describe('connections', () => {
  it('keeps one connection alive across consecutive game calls', async () => {
    const client = newClient();
    await client.signIn(testAccount, 'pc');
    const before = game.connections();

    for (let i = 0; i < 5; i += 1) await client.market.search({ page: i });

    expect(game.connections()).toBe(before);
  });
});

describe('timing hooks', () => {
  it('reports when each request leaves and when its answer has fully arrived, in order', async () => {
    const client = newClient();
    await client.signIn(testAccount, 'pc');
    events.length = 0;

    await client.market.search({});

    expect(events).toEqual([
      expect.stringMatching(/^sent GET \/ut\/game\/fc26\/transfermarket @\d+$/),
      expect.stringMatching(/^received 200 \/ut\/game\/fc26\/transfermarket @\d+$/),
    ]);
  });

  it('never exposes query strings (they can carry tokens) to observers', async () => {
    await newClient().signIn(testAccount, 'pc');

    expect(events.join('\n')).not.toMatch(/access_token|\?/);
  });

  it('keeps working when an observer throws', async () => {
    const client = new GameClient({
      config: sandboxConfig(game.url),
      observer: {
        onRequestSent: () => {
          throw new Error('broken observer');
        },
      },
    });

    await expect(client.signIn(testAccount, 'pc')).resolves.toMatchObject({ platform: 'pc' });
  });
});

describe('answers that are not what the protocol says', () => {
  it('turns a malformed search answer into a typed error', async () => {
    const client = newClient();
    await client.signIn(testAccount, 'pc');
    game.on('GET', '/ut/game/fc26/transfermarket', () => ({ body: { auctionInfo: [{ tradeId: 'abc' }] } }));

    const error = await failure(client.market.search({}));

    expect(error.kind).toBe('malformed-response');
    expect(error.reason).toMatch(/^Unexpected answer: auctionInfo\.0\.tradeId/);
  });

  it('turns a non-JSON answer into a typed error', async () => {
    const client = newClient();
    await client.signIn(testAccount, 'pc');
    game.on('GET', '/ut/game/fc26/user/credits', () => ({ body: '<html>maintenance</html>' }));

    const error = await failure(client.account.credits());

    expect(error.kind).toBe('malformed-response');
  });

  it('reports an unreachable game as a network error', async () => {
    const client = newClient();
    await game.close();

    const error = await failure(client.signIn(testAccount, 'pc'));

    expect(error.kind).toBe('network-error');
    expect(error.category).toBe('temporary');
    expect(error.message).toBe("Unable to connect to the game's servers");
    game = await startFakeGame();
  });

  it('keeps the server reason of an error answer', async () => {
    const client = newClient();
    await client.signIn(testAccount, 'pc');
    game.on('GET', '/ut/game/fc26/transfermarket', () => ({
      status: 521,
      body: { code: '521', reason: 'Request rejected' },
    }));

    const error = await failure(client.market.search({}));

    expect(error).toMatchObject({
      kind: 'soft-ban',
      code: 521,
      reason: 'Request rejected',
      message: 'Encountered soft ban',
    });
  });
});

describe('bad input', () => {
  it.each([
    [
      'a page size above 50',
      (c: GameClient) => c.market.search({ pageSize: 51 }),
      /^Invalid market search: pageSize:/,
    ],
    ['a negative page', (c: GameClient) => c.market.search({ page: -1 }), /^Invalid market search: page:/],
    ['an unknown position', (c: GameClient) => c.market.search({ position: 'XX' as 'ST' }), /position/],
    ['a bid below 150', (c: GameClient) => c.market.bid(1, 100), /^Invalid bid: amount:/],
    [
      'a Buy Now not above the start',
      (c: GameClient) => c.piles.list({ itemId: 1, startingBid: 1000, buyNowPrice: 1000 }),
      /Buy Now price must be greater than the starting bid/,
    ],
    [
      'a duration the game does not offer',
      (c: GameClient) => c.piles.list({ itemId: 1, startingBid: 150, buyNowPrice: 200, duration: 7200 }),
      /Duration must be 1, 3, 6, 12, 24 or 72 hours/,
    ],
    ['an empty trade-id list', (c: GameClient) => c.market.tradeStatus([]), /At least one id is required/],
    [
      'a squad of 24',
      (c: GameClient) => c.sbc.saveSquad(1, new Array<number>(24).fill(0)),
      /at most 23 slots/,
    ],
  ])('refuses %s before sending anything', async (_label, act, message) => {
    const client = newClient();
    await client.signIn(testAccount, 'pc');
    const sent = game.requests.length;

    const error = await failure(act(client));

    expect(error.kind).toBe('invalid-input');
    expect(error.message).toMatch(message);
    expect(game.requests.length).toBe(sent);
  });
});

describe('market paging', () => {
  it('asks for one more than the page size and trims it off as "has next page"', async () => {
    const client = newClient();
    await client.signIn(testAccount, 'pc');
    const auction = (tradeId: number) => ({
      tradeId,
      buyNowPrice: 1000,
      startingBid: 900,
      currentBid: 0,
      expires: 3000,
      tradeState: 'active',
      itemData: { id: tradeId + 1 },
    });
    game.on('GET', '/ut/game/fc26/transfermarket', () => ({
      body: { auctionInfo: Array.from({ length: 6 }, (_, i) => auction(i + 1)) },
    }));

    const page = await client.market.search({ page: 3, pageSize: 5 });

    expect(game.requests.at(-1)?.query).toMatchObject({ num: '6', start: '15' });
    expect(page.auctions.map((a) => a.tradeId)).toEqual([1, 2, 3, 4, 5]);
    expect(page.hasNextPage).toBe(true);
  });
});
