import type { GameClient } from '@tradedesk/game-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  rejectionOf,
  signedInClient,
  startHarness,
  type Harness,
  type TestAccount,
} from './harness.js';

let harness: Harness;
let seller: TestAccount;
let buyer: TestAccount;
let sellerClient: GameClient;
let buyerClient: GameClient;

/** A gold card whose price range allows a 40,000 Buy Now (max price ≥ 3 × value). */
function transferCard(harness: Harness, offset = 0) {
  const world = harness.sim.world;
  const cards = world.cards
    .map((card, index) => ({ card, index }))
    .filter(({ card, index }) => {
      const limits = world.values.limits(index, 'pc', world.now());
      return (
        card.quality === 'gold' &&
        !card.special &&
        !card.synthetic &&
        limits.maxPrice >= 40_000 &&
        limits.minPrice <= 30_000
      );
    });
  const found = cards[offset];
  if (!found) throw new Error('no card allows a 40,000 listing');
  return found.card.definitionId;
}

async function giveCard(account: TestAccount, definitionId: number): Promise<number> {
  const { itemIds } = await harness.admin<{ itemIds: number[] }>('POST', `/accounts/${account.id}/items`, {
    definitionId,
    place: 'unassigned',
  });
  return itemIds[0] ?? 0;
}

const advance = (ms: number) => harness.admin('POST', '/clock/advance', { ms });

beforeAll(async () => {
  harness = await startHarness({ seed: 21 });
  seller = await createAccount(harness, { platform: 'pc', coins: 1_000 });
  buyer = await createAccount(harness, { platform: 'pc', coins: 200_000 });
  sellerClient = await signedInClient(harness, seller);
  buyerClient = await signedInClient(harness, buyer);
});
afterAll(() => harness.close());

describe('conformance: what a coin transfer meets on the market', () => {
  it('shows a new listing in searches only after the visibility delay; a Buy Now before it finds no trade', async () => {
    const definitionId = transferCard(harness);
    const itemId = await giveCard(seller, definitionId);
    const tradeId = await sellerClient.piles.list({ itemId, startingBid: 37_000, buyNowPrice: 40_000 });
    const search = { definitionId, minBuyNow: 40_000, maxBuyNow: 40_000 };

    expect((await buyerClient.market.search(search)).auctions).toEqual([]);
    expect((await rejectionOf(buyerClient.market.bid(tradeId, 40_000))).kind).toBe('no-such-trade');
    await advance(2_000);
    expect((await buyerClient.market.search(search)).auctions.map((a) => a.tradeId)).toEqual([tradeId]);
  });

  it('a mirror trap copies the next listing’s exact terms ahead of it; only the trade id tells them apart', async () => {
    const definitionId = transferCard(harness, 1);
    const armed = await harness.admin<{ armed: number }>('POST', '/traps', {
      definitionId,
      platform: 'pc',
      buyNowPrice: 40_000,
      mode: 'mirror',
      count: 2,
    });
    expect(armed.armed).toBe(1);
    const itemId = await giveCard(seller, definitionId);
    const tradeId = await sellerClient.piles.list({ itemId, startingBid: 36_750, buyNowPrice: 40_000 });
    await advance(2_000);

    const page = await buyerClient.market.search({
      definitionId,
      minBid: 36_750,
      maxBid: 36_750,
      maxBuyNow: 40_000,
    });
    expect(page.auctions).toHaveLength(3);
    expect(page.auctions.at(-1)?.tradeId).toBe(tradeId);
    for (const auction of page.auctions)
      expect(auction).toMatchObject({ startingBid: 36_750, buyNowPrice: 40_000 });

    // A naive buyer takes the first: the coins go to a stranger, the seller's listing stays.
    const strangersBefore = harness.sim.world.ledger.sinks.simSellers;
    await buyerClient.market.bid(page.auctions[0]!.tradeId, 40_000);
    expect(harness.sim.world.ledger.sinks.simSellers - strangersBefore).toBe(38_000);
    // Buying by the seller's trade id moves the coins between the two accounts.
    const sellerBefore = (await sellerClient.account.credits()).coins;
    await buyerClient.market.bid(tradeId, 40_000);
    expect((await sellerClient.account.credits()).coins - sellerBefore).toBe(38_000);
  });

  it('plants a stranger’s listing now, and refuses bad trap orders', async () => {
    const definitionId = transferCard(harness, 2);
    const planted = await harness.admin<{ tradeIds: number[] }>('POST', '/traps', {
      definitionId,
      platform: 'pc',
      buyNowPrice: 40_000,
      startingBid: 39_000,
    });
    await advance(2_000);
    const page = await buyerClient.market.search({ definitionId, maxBuyNow: 40_000 });
    expect(page.auctions.map((auction) => auction.tradeId)).toEqual(planted.tradeIds);

    await expect(
      harness.admin('POST', '/traps', { definitionId, platform: 'pc', buyNowPrice: 100 }),
    ).rejects.toThrow(/answered 400/);
    await expect(
      harness.admin('POST', '/traps', { definitionId: 1, platform: 'pc', buyNowPrice: 40_000 }),
    ).rejects.toThrow(/answered 404: .*Unknown definitionId/);
  });
});
