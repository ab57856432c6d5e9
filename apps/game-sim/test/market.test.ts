import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { admin, game, signIn, type SignedIn } from './helpers.js';

const KEY = 'market-admin-key';
let sim: RunningSim;
let buyer: SignedIn;
let rival: SignedIn;
let buyerId: number;

/** A cheap common gold card of the catalogue. */
function goldCommon(offset = 0) {
  const cards = sim.world.cards.filter(
    (card) => card.quality === 'gold' && card.rarityId === 0 && card.baseValue < 2_000,
  );
  const card = cards[offset];
  if (!card) throw new Error('no gold common');
  return card;
}

async function inject(definitionId: number, buyNowPrice: number, count = 1): Promise<number[]> {
  const response = await admin(sim, KEY, 'POST', '/listings', {
    definitionId,
    platform: 'ps',
    buyNowPrice,
    count,
  });
  expect(response.status).toBe(201);
  sim.world.clock.advance(3_000); // past the listing-visibility delay
  return response.json.tradeIds;
}

/** Gives the buyer a card on the transfer list; returns its item id and price limits. */
async function transferListItem(offset: number) {
  const granted = await admin(sim, KEY, 'POST', `/accounts/${buyerId}/items`, {
    definitionId: goldCommon(offset).definitionId,
    place: 'trade',
  });
  const itemId: number = granted.json.itemIds[0];
  const limits = (await game(sim, buyer.sid, 'GET', `marketdata/item/pricelimits?itemIdList=${itemId}`))
    .json[0];
  return { itemId, limits };
}

beforeAll(async () => {
  sim = await startSim({
    seed: 5,
    adminKey: KEY,
    clock: { speed: 0 },
    market: { initialListings: 300, rivalCatchShare: 1, humanBuyShare: 0 },
    abuse: { enabled: false },
  });
  buyer = await signIn(sim, 'buyer@example.com', 'pw', 'BUYER001');
  rival = await signIn(sim, 'rival@example.com', 'pw', 'RIVAL001');
  buyerId = sim.world.accountByEmail('buyer@example.com')?.id ?? 0;
});
afterAll(async () => {
  await sim.close();
});

describe('transfer market', () => {
  it('pages 21 rows at a time, soonest expiry first, and hides listings during the visibility delay', async () => {
    const card = goldCommon(1);
    const response = await admin(sim, KEY, 'POST', '/listings', {
      definitionId: card.definitionId,
      platform: 'ps',
      buyNowPrice: 900,
      count: 25,
    });
    const hidden = await game(
      sim,
      buyer.sid,
      'GET',
      `transfermarket?num=21&start=0&type=player&definitionId=${card.definitionId}&maxb=900&minb=900`,
    );
    expect(hidden.json.auctionInfo).toHaveLength(0);
    expect(response.status).toBe(201);
    sim.world.clock.advance(3_000);
    const first = await game(
      sim,
      buyer.sid,
      'GET',
      `transfermarket?num=21&start=0&type=player&definitionId=${card.definitionId}&maxb=900&minb=900`,
    );
    const second = await game(
      sim,
      buyer.sid,
      'GET',
      `transfermarket?num=21&start=20&type=player&definitionId=${card.definitionId}&maxb=900&minb=900`,
    );
    expect(first.json.auctionInfo).toHaveLength(21);
    expect(second.json.auctionInfo).toHaveLength(5);
    const expires = first.json.auctionInfo.map((row: { expires: number }) => row.expires);
    expect(expires).toEqual([...expires].sort((a, b) => a - b));
    expect(first.json.auctionInfo[0]).toMatchObject({
      tradeState: 'active',
      bidState: 'none',
      buyNowPrice: 900,
      currentBid: 0,
    });
    expect(first.json.auctionInfo[0].itemData).toMatchObject({
      resourceId: card.definitionId,
      assetId: card.baseId,
      rating: card.rating,
    });
  });

  it('sells a listing to the first Buy Now; the second buyer gets 461', async () => {
    const [tradeId] = await inject(goldCommon(2).definitionId, 1_000);
    const won = await game(sim, buyer.sid, 'PUT', `trade/${tradeId}/bid`, { bid: 1_000 });
    const lost = await game(sim, rival.sid, 'PUT', `trade/${tradeId}/bid`, { bid: 1_000 });
    expect(won.status).toBe(200);
    expect(won.json.auctionInfo[0]).toMatchObject({
      tradeState: 'closed',
      bidState: 'buyNow',
      currentBid: 1_000,
    });
    expect(won.json.credits).toBe(99_000);
    expect(lost.status).toBe(461);
    expect(lost.json.code).toBe('461');
    const unassigned = await game(sim, buyer.sid, 'GET', 'purchased/items');
    expect(unassigned.json.itemData.map((item: { id: number }) => item.id)).toContain(
      won.json.auctionInfo[0].itemData.id,
    );
  });

  it('answers 470 when coins do not cover the Buy Now and 478 for unknown trades', async () => {
    const [tradeId] = await inject(goldCommon(3).definitionId, 200_000);
    expect((await game(sim, rival.sid, 'PUT', `trade/${tradeId}/bid`, { bid: 200_000 })).status).toBe(470);
    expect((await game(sim, rival.sid, 'PUT', 'trade/123/bid', { bid: 200 })).status).toBe(478);
  });

  it('rejects a malformed search with 400 and the error body', async () => {
    const response = await game(
      sim,
      buyer.sid,
      'GET',
      'transfermarket?num=21&start=0&type=player&lev=platinum',
    );
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('400');
  });

  it('lists an item, sells it to a simulated buyer, pays 95 % and clears it', async () => {
    const { itemId, limits } = await transferListItem(4);
    const outside = await game(sim, buyer.sid, 'POST', 'auctionhouse', {
      itemData: { id: itemId },
      startingBid: limits.minPrice,
      buyNowPrice: limits.maxPrice + 1_000,
      duration: 3600,
    });
    expect(outside.status).toBe(409);
    const before = (await game(sim, buyer.sid, 'GET', 'user/credits')).json.credits;
    // Listed far below value: a rival sniper takes it within seconds.
    const listed = await game(sim, buyer.sid, 'POST', 'auctionhouse', {
      itemData: { id: itemId },
      startingBid: limits.minPrice,
      buyNowPrice: limits.minPrice + 50,
      duration: 3600,
    });
    expect(listed.status).toBe(200);
    sim.world.clock.advance(120_000);
    const pile = await game(sim, buyer.sid, 'GET', 'tradepile');
    const sold = pile.json.auctionInfo.find((row: { tradeId: number }) => row.tradeId === listed.json.id);
    expect(sold).toMatchObject({ tradeState: 'closed', expires: -1, currentBid: limits.minPrice + 50 });
    expect(pile.json.credits).toBe(before + Math.floor((limits.minPrice + 50) * 0.95));
    expect((await game(sim, buyer.sid, 'DELETE', 'trade/sold')).status).toBe(200);
    const cleared = await game(sim, buyer.sid, 'GET', 'tradepile');
    expect(cleared.json.auctionInfo.some((row: { tradeId: number }) => row.tradeId === listed.json.id)).toBe(
      false,
    );
  });

  it('expires an unsold listing and relists it at the same prices', async () => {
    const { itemId, limits } = await transferListItem(5);
    const listed = await game(sim, buyer.sid, 'POST', 'auctionhouse', {
      itemData: { id: itemId },
      startingBid: limits.maxPrice - 1_000,
      buyNowPrice: limits.maxPrice,
      duration: 3600,
    });
    sim.world.clock.advance(3_601_000);
    // An hour without calls ends the session, as in the game: sign in again.
    buyer = await signIn(sim, 'buyer@example.com', 'pw', 'BUYER001');
    const expired = (await game(sim, buyer.sid, 'GET', 'tradepile')).json.auctionInfo.find(
      (row: { tradeId: number }) => row.tradeId === listed.json.id,
    );
    expect(expired).toMatchObject({ tradeState: 'expired', currentBid: 0, expires: -1 });
    const relisted = await game(sim, buyer.sid, 'PUT', 'auctionhouse/relist');
    expect(relisted.json.tradeIdList).toHaveLength(1);
    expect(relisted.json.tradeIdList[0].id).not.toBe(listed.json.id);
  });

  it('quick sells for the discard value and refuses a duplicate in the club with 472', async () => {
    const card = goldCommon(6);
    const granted = await admin(sim, KEY, 'POST', `/accounts/${buyerId}/items`, {
      definitionId: card.definitionId,
      count: 2,
      place: 'unassigned',
    });
    const [first, second] = granted.json.itemIds;
    const moved = await game(sim, buyer.sid, 'PUT', 'item', {
      itemData: [
        { id: first, pile: 'club' },
        { id: second, pile: 'club' },
      ],
    });
    expect(moved.json.itemData).toEqual([
      { id: first, pile: 'club', success: true },
      { id: second, pile: 'club', success: false, reason: 'Duplicate Item Type', errorCode: 472 },
    ]);
    const duplicates = await game(sim, buyer.sid, 'GET', 'purchased/items');
    expect(duplicates.json.duplicateItemIdList).toContainEqual({ itemId: second, duplicateItemId: first });
    const before = (await game(sim, buyer.sid, 'GET', 'user/credits')).json.credits;
    const sold = await game(sim, buyer.sid, 'DELETE', `item/${second}`);
    expect(sold.json.items).toEqual([{ id: second }]);
    expect(sold.json.totalCredits).toBe(before + card.discardValue);
  });

  it('lets the highest bid win at expiry; the won item waits in the watchlist until moved', async () => {
    const card = goldCommon(7);
    const response = await admin(sim, KEY, 'POST', '/listings', {
      definitionId: card.definitionId,
      platform: 'ps',
      buyNowPrice: 5_000,
      startingBid: 1_000,
      durationSeconds: 3600,
    });
    const tradeId = response.json.tradeIds[0];
    sim.world.clock.advance(3_000);
    rival = await signIn(sim, 'rival@example.com', 'pw', 'RIVAL001');
    buyer = await signIn(sim, 'buyer@example.com', 'pw', 'BUYER001');
    const first = await game(sim, rival.sid, 'PUT', `trade/${tradeId}/bid`, { bid: 1_000 });
    expect(first.json.auctionInfo[0]).toMatchObject({ bidState: 'highest', currentBid: 1_000 });
    const tooLow = await game(sim, buyer.sid, 'PUT', `trade/${tradeId}/bid`, { bid: 1_000 });
    expect(tooLow.status).toBe(461);
    const outbid = await game(sim, buyer.sid, 'PUT', `trade/${tradeId}/bid`, { bid: 1_100 });
    expect(outbid.json.auctionInfo[0]).toMatchObject({ bidState: 'highest', currentBid: 1_100 });
    const rivalView = await game(sim, rival.sid, 'GET', `trade/status/lite?tradeIds=${tradeId}`);
    expect(rivalView.json.auctionInfo[0].bidState).toBe('outbid');
    sim.world.clock.advance(3_600_000);
    buyer = await signIn(sim, 'buyer@example.com', 'pw', 'BUYER001');
    const watchlist = await game(sim, buyer.sid, 'GET', 'watchlist');
    const won = watchlist.json.auctionInfo.find((row: { tradeId: number }) => row.tradeId === tradeId);
    expect(won).toMatchObject({ tradeState: 'closed', bidState: 'highest', currentBid: 1_100, expires: -1 });
    const moved = await game(sim, buyer.sid, 'PUT', 'item', {
      itemData: [{ id: won.itemData.id, pile: 'trade', tradeId: String(tradeId) }],
    });
    expect(moved.json.itemData[0]).toEqual({ id: won.itemData.id, pile: 'trade', success: true });
  });
});
