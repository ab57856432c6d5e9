import { GameClient, sandboxConfig } from '@tradedesk/game-client';
import { corpusExchange, loadProtocolCorpus } from '@tradedesk/game-client/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, goldCard, startHarness, stepBelow, type Harness } from './harness.js';

/** Paths present in the corpus answer but missing from the sim's answer (arrays compare first elements). */
function missingFields(expected: unknown, actual: unknown, path = ''): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [path || '(root)'];
    return expected.length > 0 && actual.length > 0
      ? missingFields(expected[0], actual[0], `${path}[0]`)
      : [];
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null) return [path || '(root)'];
    return Object.entries(expected).flatMap(([key, value]) =>
      key in actual
        ? missingFields(value, (actual as Record<string, unknown>)[key], `${path}.${key}`)
        : [`${path}.${key}`],
    );
  }
  return [];
}

const corpus = loadProtocolCorpus();
const answers: { path: string; method: string; text: string }[] = [];
let harness: Harness;
let client: GameClient;

/** Records the raw answers the client receives, so the sim's wire shapes can be compared with the corpus. */
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  answers.push({ path: url.pathname, method: init?.method ?? 'GET', text: await response.clone().text() });
  return response;
};

const lastAnswer = (method: string, path: string): unknown => {
  const found = answers.findLast((answer) => answer.method === method && answer.path === path);
  if (found === undefined) throw new Error(`no answer recorded for ${method} ${path}`);
  return JSON.parse(found.text) as unknown;
};

beforeAll(async () => {
  harness = await startHarness({ market: { initialListings: 400, humanBuyShare: 0 } });
  const account = await createAccount(harness, { platform: 'pc', coins: 500_000 });
  client = new GameClient({ config: sandboxConfig(harness.sim.url), fetch: recordingFetch });
  await client.signIn(account.credentials, 'pc');
  // Fill every pile so list answers have entries to compare.
  const definitionId = goldCard(harness, 20).definitionId;
  await harness.admin('POST', `/accounts/${account.id}/items`, {
    definitionId,
    count: 2,
    place: 'unassigned',
  });
  await harness.admin('POST', `/accounts/${account.id}/items`, { definitionId, count: 1, place: 'club' });
  const [listed] = await client.piles.moveItems([
    { itemId: (await client.piles.unassigned()).items[0]?.id ?? 0, pile: 'trade' },
  ]);
  const [limits] = await client.market.priceLimitsForItems([listed?.itemId ?? 0]);
  await client.piles.list({
    itemId: listed?.itemId ?? 0,
    startingBid: stepBelow(limits?.maxPrice ?? 0),
    buyNowPrice: limits?.maxPrice ?? 0,
  });
  const target = (await client.market.search({ minBuyNow: 5_000 })).auctions[0];
  await client.market.watch(target?.tradeId ?? 0);
});
afterAll(() => harness.close());

const gamePath = (name: string) => corpusExchange(corpus, name).request.path;

describe('conformance: the sim answers with the corpus shapes', () => {
  it.each([
    ['market search', (c: GameClient) => c.market.search({})],
    ['transfer list', (c: GameClient) => c.piles.transferList()],
    ['watchlist', (c: GameClient) => c.piles.watchlist()],
    ['unassigned', (c: GameClient) => c.piles.unassigned()],
    ['credits', (c: GameClient) => c.account.credits()],
    ['usermassinfo', (c: GameClient) => c.account.userMassInfo()],
    ['price limits by definition', (c: GameClient) => c.market.priceLimitsForDefinitions([20801])],
    ['card versions', (c: GameClient) => c.club.cardVersions(20801)],
    ['club search', (c: GameClient) => c.club.search()],
    ['sbc sets', (c: GameClient) => c.sbc.sets()],
    ['chemistry profiles', (c: GameClient) => c.sbc.chemistryVersion()],
  ])('%s', async (name, call) => {
    const exchange = corpusExchange(corpus, name);

    await call(client);

    expect(
      missingFields(exchange.response.body, lastAnswer(exchange.request.method, gamePath(name))),
    ).toEqual([]);
  });
});

describe('conformance: SBC answers with the corpus shapes', () => {
  it('sbc challenges, start and squad', async () => {
    const [set] = (await client.sbc.sets()).flatMap((category) => category.sets);
    const setId = Number(set?.setId);
    const [challenge] = await client.sbc.challenges(setId);
    const challengeId = Number(challenge?.challengeId);
    await client.sbc.start(challengeId);
    await client.sbc.squad(challengeId);
    const prefix = `/ut/game/${harness.sim.gameSegment}/sbs`;

    const gaps = [
      ...missingFields(
        corpusExchange(corpus, 'sbc challenges').response.body,
        lastAnswer('GET', `${prefix}/setId/${setId}/challenges`),
      ),
      ...missingFields(
        corpusExchange(corpus, 'sbc start').response.body,
        lastAnswer('POST', `${prefix}/challenge/${challengeId}`),
      ),
      ...missingFields(
        corpusExchange(corpus, 'sbc squad').response.body,
        lastAnswer('GET', `${prefix}/challenge/${challengeId}/squad`),
      ),
    ];

    expect(gaps).toEqual([]);
  });
});

/** Top-level fields of the sim's answer that the game's answer does not have (arrays: first rows). */
function extraFields(expected: unknown, actual: unknown): string[] {
  const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  const [want, got] = [first(expected), first(actual)];
  if (typeof want !== 'object' || want === null || typeof got !== 'object' || got === null) return [];
  return Object.keys(got).filter((key) => !(key in want));
}

describe('conformance: answers carry the game’s own fields and no other', () => {
  it.each([
    ['auth code', 'GET', '/connect/auth'],
    ['identity', 'GET', '/proxy/identity/pids/me'],
    ['ut auth', 'POST', '/ut/auth'],
    ['move items', 'PUT', '/ut/game/fc26/item'],
    ['list item', 'POST', '/ut/game/fc26/auctionhouse'],
    ['price limits by item', 'GET', '/ut/game/fc26/marketdata/item/pricelimits'],
  ])('%s (during sign-in and set-up)', (name, method, path) => {
    expect(extraFields(corpusExchange(corpus, name).response.body, lastAnswer(method, path))).toEqual([]);
  });

  it.each([
    ['market search', (c: GameClient) => c.market.search({})],
    ['transfer list', (c: GameClient) => c.piles.transferList()],
    ['watchlist', (c: GameClient) => c.piles.watchlist()],
    ['unassigned', (c: GameClient) => c.piles.unassigned()],
    ['credits', (c: GameClient) => c.account.credits()],
    ['usermassinfo', (c: GameClient) => c.account.userMassInfo()],
    ['relist all', (c: GameClient) => c.piles.relistAll()],
    ['card versions', (c: GameClient) => c.club.cardVersions(20801)],
    ['club search', (c: GameClient) => c.club.search()],
    // Not here: price limits by definition (GAME-PROTOCOL §2.1 gives it the by-item row, which the
    // corpus samples sparsely) and chemistry profiles (`{version, ...}`).
  ])('%s', async (name, call) => {
    const exchange = corpusExchange(corpus, name);

    await call(client);

    expect(extraFields(exchange.response.body, lastAnswer(exchange.request.method, gamePath(name)))).toEqual(
      [],
    );
  });

  it('buy now and trade status', async () => {
    const [offer] = (await client.market.search({ maxBuyNow: 20_000 })).auctions;
    const tradeId = offer?.tradeId ?? 0;
    await client.market.tradeStatus([tradeId]);
    await client.market.buyNow({ tradeId, buyNowPrice: offer?.buyNowPrice ?? 0 });
    const prefix = `/ut/game/${harness.sim.gameSegment}`;

    expect([
      ...extraFields(
        corpusExchange(corpus, 'buy now').response.body,
        lastAnswer('PUT', `${prefix}/trade/${tradeId}/bid`),
      ),
      ...extraFields(
        corpusExchange(corpus, 'trade status lite').response.body,
        lastAnswer('GET', `${prefix}/trade/status/lite`),
      ),
    ]).toEqual([]);
  });

  it('quick sell answers items and the balance only, so no client reads the sale as the balance', async () => {
    const [item] = (await client.piles.unassigned()).items;
    const before = (await client.account.credits()).coins;
    await client.piles.quickSell(item?.id ?? 0);
    const answer = lastAnswer('DELETE', `/ut/game/${harness.sim.gameSegment}/item/${item?.id}`);

    expect(Object.keys(answer as object).sort()).toEqual(['items', 'totalCredits']);
    expect(answer).toEqual({ items: [{ id: item?.id }], totalCredits: before + (item?.discardValue ?? 0) });
  });

  it('usermassinfo lists every pile size the game sends, in its order', async () => {
    await client.account.userMassInfo();
    const answer = lastAnswer('GET', `/ut/game/${harness.sim.gameSegment}/usermassinfo`) as {
      pileSizeClientData: { entries: { key: number; value: number }[] };
    };

    expect(answer.pileSizeClientData.entries.map((entry) => entry.key)).toEqual([2, 3, 4, 6]);
    // Clients that index the list read the transfer list at [0] and the watchlist at [2].
    expect(answer.pileSizeClientData.entries[0]?.value).toBe(100);
    expect(answer.pileSizeClientData.entries[2]?.value).toBe(50);
  });
});
