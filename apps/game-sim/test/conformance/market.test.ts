import type { GameClient } from '@tradedesk/game-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  goldCard,
  rejectionOf,
  signedInClient,
  startHarness,
  type Harness,
  type TestAccount,
} from './harness.js';

let harness: Harness;
let buyer: TestAccount;
let client: GameClient;

/** Puts one listing with exact terms on the PC market and waits out the visibility delay. */
async function injectListing(terms: { buyNowPrice: number; startingBid: number }, offset = 0) {
  const card = goldCard(harness, offset);
  const { tradeIds } = await harness.admin<{ tradeIds: number[] }>('POST', '/listings', {
    definitionId: card.definitionId,
    platform: 'pc',
    ...terms,
  });
  await harness.admin('POST', '/clock/advance', { ms: 5_000 });
  return { tradeId: tradeIds[0] ?? 0, card };
}

beforeAll(async () => {
  harness = await startHarness();
  buyer = await createAccount(harness, { platform: 'pc', coins: 200_000 });
  client = await signedInClient(harness, buyer);
});
afterAll(() => harness.close());

describe('conformance: transfer market', () => {
  it('pages a broad search: one more than the page size comes back as "has next page"', async () => {
    const first = await client.market.search({ type: 'player', pageSize: 20 });
    const second = await client.market.search({ type: 'player', pageSize: 20, page: 1 });

    expect(first.auctions).toHaveLength(20);
    expect(first.hasNextPage).toBe(true);
    expect(second.auctions.map((a) => a.tradeId)).not.toContain(first.auctions[0]?.tradeId);
  });

  it('finds one exact listing the way a coin transfer does (base id, Buy Now and starting bid)', async () => {
    const { tradeId, card } = await injectListing({ buyNowPrice: 9_700, startingBid: 4_300 });

    const page = await client.market.search({
      maskedDefId: card.baseId,
      minBuyNow: 9_700,
      maxBuyNow: 9_700,
      minBid: 4_300,
      maxBid: 4_300,
    });

    expect(page.auctions.map((a) => a.tradeId)).toContain(tradeId);
  });

  it('lists synthetic special versions marked as synthetic, with their rarity groups', async () => {
    const synthetic = harness.sim.world.cards.find((card) => card.synthetic && card.rarityId === 22);
    if (synthetic === undefined) throw new Error('no synthetic Ratings Reload card');
    await harness.admin('POST', '/listings', {
      definitionId: synthetic.definitionId,
      platform: 'pc',
      buyNowPrice: 50_000,
    });
    await harness.admin('POST', '/clock/advance', { ms: 5_000 });

    const page = await client.market.search({ definitionId: synthetic.definitionId, rarityIds: [22] });

    expect(page.auctions.length).toBeGreaterThan(0);
    for (const auction of page.auctions) {
      expect(auction.itemData).toMatchObject({ synthetic: true, rareflag: 22, groups: [4] });
    }
  });

  it('filters by chemistry style: listed cards carry Basic (250), so another style finds nothing', async () => {
    const basic = await client.market.search({ playStyle: 250 });
    const hunter = await client.market.search({ playStyle: 266 });

    expect(basic.auctions.length).toBeGreaterThan(0);
    for (const auction of basic.auctions) expect(auction.itemData.playStyle).toBe(250);
    expect(hunter.auctions).toEqual([]);
  });

  it('applies the quality, rarity and price filters to every result', async () => {
    const page = await client.market.search({ level: 'gold', rarityIds: [1], maxBuyNow: 50_000 });

    for (const auction of page.auctions) {
      expect(auction.itemData.rating).toBeGreaterThanOrEqual(75);
      expect(auction.itemData.rareflag).toBe(1);
      expect(auction.buyNowPrice).toBeLessThanOrEqual(50_000);
    }
  });

  it('filters by nation, league and club', async () => {
    const { card } = await injectListing({ buyNowPrice: 4_100, startingBid: 3_900 }, 6);
    const simCard = harness.sim.world.cards.find((c) => c.definitionId === card.definitionId);
    if (simCard === undefined) throw new Error('unknown card');

    const pages = await Promise.all([
      client.market.search({ nation: simCard.nationId }),
      client.market.search({ league: simCard.leagueId }),
      client.market.search({ club: simCard.clubId }),
    ]);

    const [byNation, byLeague, byClub] = pages.map((p) => p.auctions);
    expect(byClub?.map((a) => a.itemData.resourceId)).toContain(card.definitionId);
    expect(byNation?.every((a) => a.itemData.nation === simCard.nationId)).toBe(true);
    expect(byLeague?.every((a) => a.itemData.leagueId === simCard.leagueId)).toBe(true);
    expect(byClub?.every((a) => a.itemData.teamid === simCard.clubId)).toBe(true);
  });

  it('filters by exact position, position zone and special quality', async () => {
    const defenders = ['GK', 'RWB', 'RB', 'CB', 'LB', 'LWB'];
    const byPosition = await client.market.search({ position: 'CB' });
    const byZone = await client.market.search({ zone: 'defense' });
    const special = await client.market.search({ special: true });

    const positionsOf = (a: (typeof byZone.auctions)[number]) => [
      a.itemData.preferredPosition ?? '',
      ...(a.itemData.possiblePositions ?? []),
    ];
    expect(byPosition.auctions.length).toBeGreaterThan(0);
    expect(byPosition.auctions.every((a) => positionsOf(a).includes('CB'))).toBe(true);
    expect(byZone.auctions.every((a) => positionsOf(a).some((p) => defenders.includes(p)))).toBe(true);
    expect(special.auctions.every((a) => (a.itemData.rareflag ?? 0) > 1)).toBe(true);
  });

  it('buys at Buy Now: coins fall by the price and the card waits in unassigned', async () => {
    const { tradeId } = await injectListing({ buyNowPrice: 2_500, startingBid: 2_000 }, 1);
    const before = (await client.account.credits()).coins;

    const result = await client.market.buyNow({ tradeId, buyNowPrice: 2_500 });

    expect(result.auctions[0]).toMatchObject({ tradeId, tradeState: 'closed', bidState: 'buyNow' });
    expect(result.credits).toBe(before - 2_500);
    expect((await client.account.credits()).coins).toBe(before - 2_500);
    const unassigned = await client.piles.unassigned();
    expect(unassigned.items.map((item) => item.id)).toContain(result.auctions[0]?.itemData.id);
  });

  it('reports a lost snipe when the listing was already bought', async () => {
    const { tradeId } = await injectListing({ buyNowPrice: 3_000, startingBid: 2_500 }, 2);
    const rival = await signedInClient(harness, await createAccount(harness, { platform: 'pc' }));
    await rival.market.buyNow({ tradeId, buyNowPrice: 3_000 });

    const error = await rejectionOf(client.market.buyNow({ tradeId, buyNowPrice: 3_000 }));

    expect(error).toMatchObject({ kind: 'outbid-or-not-allowed', code: 461, category: 'user-logic' });
  });

  it('answers no such trade for a trade id that never existed', async () => {
    const error = await rejectionOf(client.market.bid(999_999_999_999, 1_000));

    expect(error.kind).toBe('no-such-trade');
    expect(error.code).toBe(478);
  });

  it('refuses a Buy Now the account cannot pay for', async () => {
    const poor = await createAccount(harness, { platform: 'pc' });
    const poorClient = await signedInClient(harness, poor);
    await harness.admin('PUT', `/accounts/${poor.id}/coins`, { coins: 100 });
    const { tradeId } = await injectListing({ buyNowPrice: 5_000, startingBid: 4_000 }, 3);

    const error = await rejectionOf(poorClient.market.buyNow({ tradeId, buyNowPrice: 5_000 }));

    expect(error.kind).toBe('not-enough-coins');
    expect(error.code).toBe(470);
  });

  it('refuses a Buy Now into a full unassigned pile with 471 and shows at most 50 unassigned items', async () => {
    const hoarder = await createAccount(harness, { platform: 'pc', coins: 100_000 });
    const hoarderClient = await signedInClient(harness, hoarder);
    await harness.admin('POST', `/accounts/${hoarder.id}/items`, {
      definitionId: goldCard(harness, 4).definitionId,
      count: 200,
      place: 'unassigned',
    });
    const { tradeId } = await injectListing({ buyNowPrice: 1_500, startingBid: 1_000 }, 5);

    const error = await rejectionOf(hoarderClient.market.buyNow({ tradeId, buyNowPrice: 1_500 }));

    expect(error).toMatchObject({ kind: 'pile-full', code: 471, category: 'operational' });
    expect((await hoarderClient.account.credits()).coins).toBe(100_000);
    // The unassigned endpoint answers at most 50 items (GAME-PROTOCOL §2.5).
    expect((await hoarderClient.piles.unassigned()).items).toHaveLength(50);
  });

  it('places a bid, shows it on the watchlist and in the trade status, and unwatches', async () => {
    const { tradeId } = await injectListing({ buyNowPrice: 20_000, startingBid: 10_000 }, 4);

    const placed = await client.market.bid(tradeId, 10_000);
    const watchlist = await client.piles.watchlist();
    const lite = await client.market.tradeStatus([tradeId]);
    const full = await client.market.tradeStatus([tradeId], { full: true });

    expect(placed.auctions[0]).toMatchObject({ tradeId, bidState: 'highest', currentBid: 10_000 });
    expect(watchlist.auctions.find((a) => a.tradeId === tradeId)?.bidState).toBe('highest');
    expect(lite.auctions[0]?.currentBid).toBe(10_000);
    expect(full.auctions[0]?.tradeId).toBe(tradeId);
  });

  it('watches and unwatches a listing without bidding', async () => {
    const { tradeId } = await injectListing({ buyNowPrice: 30_000, startingBid: 15_000 }, 5);

    await client.market.watch(tradeId);
    const watched = await client.piles.watchlist();
    await client.market.unwatch([tradeId]);
    const after = await client.piles.watchlist();

    expect(watched.auctions.map((a) => a.tradeId)).toContain(tradeId);
    expect(after.auctions.map((a) => a.tradeId)).not.toContain(tradeId);
  });

  it('reads price limits by definition', async () => {
    const card = goldCard(harness, 6);

    const [limits] = await client.market.priceLimitsForDefinitions([card.definitionId]);

    expect(limits?.minPrice).toBeGreaterThanOrEqual(150);
    expect(limits?.maxPrice).toBeGreaterThan(limits?.minPrice ?? 0);
  });

  it('counts the searches it sent', async () => {
    client.resetStats();

    await client.market.search({});
    await client.account.credits();

    expect(client.stats).toEqual({ requests: 2, searches: 1 });
  });
});
