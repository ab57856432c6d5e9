import type { GameClient } from '@tradedesk/game-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  goldCard,
  rejectionOf,
  signedInClient,
  startHarness,
  stepBelow,
  type Harness,
  type TestAccount,
} from './harness.js';

let harness: Harness;
let seller: TestAccount;
let client: GameClient;

/** Gives an account (the seller by default) cards of one definition through the admin API. */
async function grant(
  place: 'club' | 'unassigned' | 'trade',
  offset: number,
  count = 1,
  owner: TestAccount = seller,
): Promise<number[]> {
  const { itemIds } = await harness.admin<{ itemIds: number[] }>('POST', `/accounts/${owner.id}/items`, {
    definitionId: goldCard(harness, offset).definitionId,
    count,
    place,
  });
  return itemIds;
}

/** Lists an owned item at the top of its price limits (nobody buys it); returns the trade id and Buy Now. */
async function listInsideLimits(itemId: number, duration = 3600) {
  const [limits] = await client.market.priceLimitsForItems([itemId]);
  const buyNowPrice = limits?.maxPrice ?? 0;
  const startingBid = stepBelow(buyNowPrice);
  const tradeId = await client.piles.list({ itemId, startingBid, buyNowPrice, duration });
  return { tradeId, buyNowPrice };
}

beforeAll(async () => {
  // Listings live an hour; keep the session and token alive across the clock jumps.
  harness = await startHarness({
    piles: { tradepile: 6 },
    market: { initialListings: 400, humanBuyShare: 0 },
    protocol: { sessionIdleMinutes: 24 * 60, accessTokenSeconds: 7 * 86_400 },
  });
  seller = await createAccount(harness, { platform: 'pc', coins: 100_000 });
  client = await signedInClient(harness, seller);
});
afterAll(() => harness.close());

describe('conformance: piles, listing and selling', () => {
  it('moves an unassigned card to the transfer list and lists it inside its price limits', async () => {
    const [itemId = 0] = await grant('unassigned', 10);

    await client.piles.moveItem({ itemId, pile: 'trade' });
    const { tradeId } = await listInsideLimits(itemId);
    const pile = await client.piles.transferList();

    const entry = pile.auctions.find((a) => a.tradeId === tradeId);
    expect(entry).toMatchObject({ tradeState: 'active', tradeOwner: true });
    expect(entry?.itemData.id).toBe(itemId);
  });

  it('refuses to remove a listing that is still active with invalid transaction', async () => {
    const [itemId = 0] = await grant('trade', 11);
    const { tradeId } = await listInsideLimits(itemId);

    const error = await rejectionOf(client.piles.removeTrade(tradeId));

    expect(error.kind).toBe('invalid-transaction');
    expect(error.code).toBe(475);
  });

  it('relists every expired listing with new trade ids', async () => {
    const [itemId = 0] = await grant('trade', 12);
    const { tradeId } = await listInsideLimits(itemId);
    await harness.admin('POST', '/clock/advance', { ms: 3_700_000 });
    const expired = (await client.piles.transferList()).auctions.find((a) => a.tradeId === tradeId);

    const relisted = await client.piles.relistAll();
    const pile = await client.piles.transferList();

    expect(expired?.tradeState).toBe('expired');
    expect(relisted.length).toBeGreaterThan(0);
    expect(relisted).not.toContain(tradeId);
    expect(pile.auctions.find((a) => a.itemData.id === itemId)?.tradeState).toBe('active');
  });

  it('removes one sold entry from the transfer list', async () => {
    const [itemId = 0] = await grant('trade', 17);
    const { tradeId, buyNowPrice } = await listInsideLimits(itemId);
    await harness.admin('POST', '/clock/advance', { ms: 5_000 });
    const buyer = await signedInClient(
      harness,
      await createAccount(harness, { platform: 'pc', coins: 2_000_000 }),
    );
    await buyer.market.buyNow({ tradeId, buyNowPrice });

    await client.piles.removeTrade(tradeId);

    expect((await client.piles.transferList()).auctions.map((a) => a.tradeId)).not.toContain(tradeId);
  });

  it('removes an expired entry: its card goes back to the club', async () => {
    const card = goldCard(harness, 19);
    const [itemId = 0] = await grant('trade', 19);
    const { tradeId } = await listInsideLimits(itemId);
    await harness.admin('POST', '/clock/advance', { ms: 3_700_000 });

    await client.piles.removeTrade(tradeId);

    const pile = await client.piles.transferList();
    expect(pile.auctions.map((a) => a.itemData.id)).not.toContain(itemId);
    const club = await client.club.search({ definitionId: card.definitionId });
    expect(club.items.map((item) => item.id)).toContain(itemId);
  });

  it('removes an expired entry whose card the club already holds to unassigned', async () => {
    await grant('club', 20);
    const [itemId = 0] = await grant('trade', 20);
    const { tradeId } = await listInsideLimits(itemId);
    await harness.admin('POST', '/clock/advance', { ms: 3_700_000 });

    await client.piles.removeTrade(tradeId);

    expect((await client.piles.transferList()).auctions.map((a) => a.itemData.id)).not.toContain(itemId);
    expect((await client.piles.unassigned()).items.map((item) => item.id)).toContain(itemId);
  });

  it("answers 478 when removing another account's or an unknown trade", async () => {
    const stranger = await signedInClient(harness, await createAccount(harness, { platform: 'pc' }));
    const [itemId = 0] = await grant('trade', 21);
    const { tradeId } = await listInsideLimits(itemId);

    const foreign = await rejectionOf(stranger.piles.removeTrade(tradeId));
    const unknown = await rejectionOf(client.piles.removeTrade(999_999_999));

    for (const error of [foreign, unknown]) expect(error).toMatchObject({ kind: 'no-such-trade', code: 478 });
  });

  it('sells to another account, pays the seller after tax and clears sold entries', async () => {
    const [itemId = 0] = await grant('trade', 13);
    const { tradeId, buyNowPrice } = await listInsideLimits(itemId);
    await harness.admin('POST', '/clock/advance', { ms: 5_000 });
    const coinsBefore = (await client.account.credits()).coins;
    const buyer = await signedInClient(
      harness,
      await createAccount(harness, { platform: 'pc', coins: 2_000_000 }),
    );

    await buyer.market.buyNow({ tradeId, buyNowPrice });
    const sold = (await client.piles.transferList()).auctions.find((a) => a.tradeId === tradeId);
    await client.piles.clearSold();
    const afterClear = await client.piles.transferList();

    expect(sold).toMatchObject({ tradeState: 'closed', currentBid: buyNowPrice });
    expect((await client.account.credits()).coins).toBe(coinsBefore + Math.floor(buyNowPrice * 0.95));
    expect(afterClear.auctions.map((a) => a.tradeId)).not.toContain(tradeId);
  });

  it('quick sells a card for its discard value', async () => {
    const [itemId = 0] = await grant('unassigned', 14);
    const discardValue =
      (await client.piles.unassigned()).items.find((item) => item.id === itemId)?.discardValue ?? 0;
    const before = (await client.account.credits()).coins;

    await client.piles.quickSell(itemId);

    expect(discardValue).toBeGreaterThan(0);
    expect((await client.account.credits()).coins).toBe(before + discardValue);
  });

  it('reports a duplicate when the club already holds the card', async () => {
    await grant('club', 15);
    const [duplicate = 0] = await grant('unassigned', 15);

    const unassigned = await client.piles.unassigned();
    const error = await rejectionOf(client.piles.moveItem({ itemId: duplicate, pile: 'club' }));

    expect(unassigned.duplicates.map((pair) => pair.itemId)).toContain(duplicate);
    expect(error.kind).toBe('duplicate-item');
    expect(error.code).toBe(472);
  });

  it('reports a full transfer list when a move does not fit', async () => {
    // Its own account, so filling the transfer list does not touch the other tests.
    const owner = await createAccount(harness, { platform: 'pc' });
    const ownerClient = await signedInClient(harness, owner);
    const spare = await grant('unassigned', 16, 8, owner);

    const results = await ownerClient.piles.moveItems(
      spare.map((itemId) => ({ itemId, pile: 'trade' as const })),
    );

    const refused = results.filter((result) => !result.success);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.error?.kind).toBe('pile-full');
    expect(refused[0]?.error?.code).toBe(473);
  });

  it('finds club players and every version of a player', async () => {
    const card = goldCard(harness, 18);
    const [owned] = await grant('club', 18);

    const club = await client.club.search({ definitionId: card.definitionId });
    const versions = await client.club.cardVersions(card.baseId);

    expect(club.items.map((item) => item.id)).toContain(owned);
    expect(versions.map((item) => item.resourceId ?? item.definitionId)).toContain(card.definitionId);
  });

  it('orders the club by value as asked: most valuable first by default, cheapest first with asc', async () => {
    const owner = await createAccount(harness, { platform: 'pc' });
    const ownerClient = await signedInClient(harness, owner);
    const ratings = async (sort?: 'asc' | 'desc') =>
      (await ownerClient.club.search(sort === undefined ? {} : { sort })).items.map(
        (item) => item.rating ?? 0,
      );

    const cheapestFirst = await ratings('asc');
    const mostValuableFirst = await ratings();

    expect(cheapestFirst.length).toBeGreaterThan(1);
    expect(cheapestFirst).toEqual([...cheapestFirst].sort((a, b) => a - b));
    expect(mostValuableFirst).toEqual([...cheapestFirst].sort((a, b) => b - a));
  });

  it('reports coins and the server pile sizes', async () => {
    const credits = await client.account.credits();
    const info = await client.account.userMassInfo();

    expect(credits.currencies.map((c) => c.name)).toContain('COINS');
    expect(info.coins).toBe(credits.coins);
    expect(info.canTrade).toBe(true);
    expect(info.pileSizes.transferList).toBe(6);
  });
});
