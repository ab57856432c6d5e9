import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusExchange, loadProtocolCorpus, protocolCorpusUrl } from '../src/corpus.js';
import { GameClient, sandboxConfig, type GameErrorKind } from '../src/index.js';
import { accountInfoSchema, authCodeSchema, identitySchema, utAuthSchema } from '../src/schemas/auth.js';
import { installFakeAccount, testAccount } from './fake-account.js';
import { startFakeGame, type FakeGame } from './fake-game.js';

const corpus = loadProtocolCorpus();
let game: FakeGame;
let client: GameClient;

beforeAll(async () => {
  game = await startFakeGame();
  installFakeAccount(game);
  client = new GameClient({ config: sandboxConfig(game.url) });
  await client.signIn(testAccount, 'pc');
});
afterAll(() => game.close());

/** How the client produces each corpus request. */
const calls: Record<string, (c: GameClient) => Promise<unknown>> = {
  'market search': (c) => c.market.search({ maskedDefId: 20801, maxBuyNow: 2000 }),
  'market search empty': (c) =>
    c.market.search({
      page: 2,
      level: 'gold',
      special: true,
      rarityIds: [3, 12],
      position: 'ST',
      nation: 38,
      league: 53,
      club: 243,
      minBid: 150,
      maxBid: 10000,
      minBuyNow: 200,
      maxBuyNow: 20000,
    }),
  'buy now': (c) => c.market.buyNow({ tradeId: 310000001, buyNowPrice: 1500 }),
  'bid outbid': (c) => c.market.bid(310000002, 1200),
  'bid on gone trade': (c) => c.market.bid(310000003, 1500),
  'bid without coins': (c) => c.market.bid(310000004, 99000),
  'trade status lite': (c) => c.market.tradeStatus([310000002]),
  'transfer list': (c) => c.piles.transferList(),
  watchlist: (c) => c.piles.watchlist(),
  'watch trade': (c) => c.market.watch(310000002),
  'unwatch trades': (c) => c.market.unwatch([310000002, 310000005]),
  unassigned: (c) => c.piles.unassigned(),
  'move items': (c) =>
    c.piles.moveItems([
      { itemId: 900000001, pile: 'trade', tradeId: 310000001 },
      { itemId: 900000003, pile: 'club' },
    ]),
  'list item': (c) =>
    c.piles.list({ itemId: 900000001, startingBid: 1900, buyNowPrice: 2000, duration: 3600 }),
  'relist all': (c) => c.piles.relistAll(),
  'clear sold': (c) => c.piles.clearSold(),
  'remove trade': (c) => c.piles.removeTrade(310000011),
  'quick sell': (c) => c.piles.quickSell(900000003),
  credits: (c) => c.account.credits(),
  usermassinfo: (c) => c.account.userMassInfo(),
  'price limits by item': (c) => c.market.priceLimitsForItems([900000001]),
  'price limits by definition': (c) => c.market.priceLimitsForDefinitions([20801]),
  'club search': (c) => c.club.search({ definitionId: 20801 }),
  'card versions': (c) => c.club.cardVersions(20801),
  'sbc sets': (c) => c.sbc.sets(),
  'sbc challenges': (c) => c.sbc.challenges(101),
  'sbc start': (c) => c.sbc.start(1001),
  'sbc squad': (c) => c.sbc.squad(1001),
  'sbc save squad': (c) => c.sbc.saveSquad(1001, [900000050]),
  'chemistry profiles': (c) => c.sbc.chemistryVersion(),
  'sbc submit': (c) => c.sbc.submit(1001, { chemistryProfilesVersion: 26 }),
  captcha: (c) => c.market.search({}),
  'soft ban': (c) => c.market.search({}),
  throttled: (c) => c.market.search({}),
  'market locked': (c) => c.market.search({}),
  'destination full': (c) => c.piles.moveItem({ itemId: 900000001, pile: 'trade' }),
};

const expectedKinds: Record<string, GameErrorKind> = {
  'bid outbid': 'outbid-or-not-allowed',
  'bid on gone trade': 'no-such-trade',
  'bid without coins': 'not-enough-coins',
  captcha: 'captcha',
  'soft ban': 'soft-ban',
  throttled: 'throttled',
  'market locked': 'market-locked',
  'destination full': 'pile-full',
};

describe('protocol corpus replay', () => {
  it.each(Object.keys(calls))('%s: sends the corpus request and reads its answer', async (name) => {
    const exchange = corpusExchange(corpus, name);
    const { status, body } = exchange.response;
    game.on(exchange.request.method, exchange.request.path, () => ({ status, body }));
    const before = game.requests.length;

    const outcome = await calls[name]!(client).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );

    const sent = game.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe(exchange.request.method);
    expect(sent[0]?.path).toBe(exchange.request.path);
    expect(sent[0]?.query).toEqual(exchange.request.query ?? {});
    const sentBody = sent[0]?.body === '' ? undefined : (JSON.parse(sent[0]?.body ?? '') as unknown);
    expect(sentBody).toEqual(exchange.request.body);
    if (status >= 400) {
      expect(outcome).toMatchObject({ error: { kind: expectedKinds[name], code: status } });
    } else {
      expect(outcome).not.toHaveProperty('error');
    }
  });

  it('covers every game exchange of the corpus with a client call', () => {
    const signInAndSession = [
      'auth code',
      'identity',
      'account info',
      'ut auth',
      'no club',
      'session expired',
      'logout',
    ];
    const uncovered = corpus.exchanges
      .map((e) => e.name)
      .filter((n) => !(n in calls) && !signInAndSession.includes(n));
    expect(uncovered).toEqual([]);
  });

  it('parses the sign-in answers of the corpus', () => {
    expect(authCodeSchema.safeParse(corpusExchange(corpus, 'auth code').response.body).success).toBe(true);
    expect(identitySchema.safeParse(corpusExchange(corpus, 'identity').response.body).success).toBe(true);
    expect(accountInfoSchema.safeParse(corpusExchange(corpus, 'account info').response.body).success).toBe(
      true,
    );
    expect(utAuthSchema.safeParse(corpusExchange(corpus, 'ut auth').response.body).success).toBe(true);
  });
});

describe('protocol corpus hygiene', () => {
  const raw = readFileSync(protocolCorpusUrl, 'utf8');
  const secretKeys =
    /^(password|backupCode|oneTimeCode|access_token|accessToken|authCode|code|sid|X-UT-SID|token|phishingToken)$/i;

  const walk = (value: unknown, visit: (key: string, leaf: unknown) => void, key = ''): void => {
    if (Array.isArray(value)) value.forEach((entry) => walk(entry, visit, key));
    else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) walk(v, visit, k);
    } else visit(key, value);
  };

  it('holds only placeholders where secrets and session values would be', () => {
    const leaks: string[] = [];
    walk(JSON.parse(raw), (key, leaf) => {
      const isErrorCode = key === 'code' && typeof leaf === 'number';
      if (
        secretKeys.test(key) &&
        !isErrorCode &&
        !(typeof leaf === 'string' && /^<[a-z-]+>$|^0$/.test(leaf))
      ) {
        leaks.push(`${key}=${String(leaf)}`);
      }
    });
    expect(leaks).toEqual([]);
  });

  it('holds no e-mail address, bearer token, JWT or cookie', () => {
    expect(raw).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(raw).not.toMatch(/Bearer\s+\w/i);
    expect(raw).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(raw).not.toMatch(/set-cookie|_nx_mpcid|remid|"sid=/i);
  });
});
