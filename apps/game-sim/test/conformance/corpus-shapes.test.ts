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
