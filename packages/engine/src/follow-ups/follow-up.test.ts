import { describe, expect, it } from 'vitest';
import { defaultFollowUp, type FollowUp } from '@tradedesk/domain';
import { listing, ScriptedMarket } from '../testing/index.js';
import { runFollowUp, type BoughtCard } from './follow-up.js';

/** A market holding one bought card (item 1,000,001, base id 20,801) in the unassigned pile. */
async function marketWithBoughtCard(options: ConstructorParameters<typeof ScriptedMarket>[0] = {}) {
  const market = new ScriptedMarket({
    ...options,
    onSearch: () => ({
      auctions: [listing({ tradeId: 1, buyNowPrice: 5_000, definitionId: 20_801, discardValue: 650 })],
    }),
  });
  await market.search({ page: 0 });
  const result = await market.bid(1, 5_000);
  const card: BoughtCard = {
    itemId: 1_000_001,
    buyPrice: 5_000,
    isDuplicate: result.duplicateItemIds.length > 0,
    discardValue: 650,
    valuation: { playerName: 'Test Striker', marketPrice: 12_000 },
  };
  return { market, card };
}

const follow = (action: FollowUp['action'], overrides: Partial<FollowUp> = {}): FollowUp => ({
  ...defaultFollowUp(),
  action,
  ...overrides,
});
const ports = (market: ScriptedMarket) => ({ game: market, pause: async () => {} });

describe('follow-ups after a buy', () => {
  it('send to club', async () => {
    const { market, card } = await marketWithBoughtCard();
    expect(await runFollowUp(ports(market), follow('send_to_club'), card)).toEqual({
      placement: 'club',
      sellPrice: 0,
      notices: [],
    });
    expect(market.club.map((item) => item.id)).toEqual([1_000_001]);
  });

  it('send to club with a duplicate: the card goes to the transfer list', async () => {
    const { market, card } = await marketWithBoughtCard({ clubAssetIds: [20_801] });
    expect(card.isDuplicate).toBe(true);
    expect((await runFollowUp(ports(market), follow('send_to_club'), card)).placement).toBe('transfer-list');
    expect(market.calls).not.toContain('moveItem 1000001 club');
    expect(market.tradePile.map((entry) => entry.itemData.id)).toEqual([1_000_001]);
  });

  it('send to club refused as a duplicate (472) after all: the card goes to the transfer list', async () => {
    const { market, card } = await marketWithBoughtCard({ clubAssetIds: [20_801] });
    const outcome = await runFollowUp(ports(market), follow('send_to_club'), { ...card, isDuplicate: false });
    expect(outcome.placement).toBe('transfer-list');
    expect(market.calls.slice(-2)).toEqual(['moveItem 1000001 club', 'moveItem 1000001 trade']);
  });

  it('send to club refused for another reason: "Failed to send player to club", the card stays unassigned', async () => {
    const { market, card } = await marketWithBoughtCard();
    market.failNext('moveItem', 460);
    expect(await runFollowUp(ports(market), follow('send_to_club'), card)).toEqual({
      placement: 'unassigned',
      sellPrice: 0,
      notices: ['Failed to send player to club'],
    });
    expect(market.unassignedItems).toHaveLength(1);
  });

  it('send to transfer list, and "Failed to move player to transfer list" when it is full', async () => {
    const { market, card } = await marketWithBoughtCard();
    expect((await runFollowUp(ports(market), follow('send_to_transfer_list'), card)).placement).toBe(
      'transfer-list',
    );
    const full = await marketWithBoughtCard({ transferListCapacity: 0 });
    expect(await runFollowUp(ports(full.market), follow('send_to_transfer_list'), full.card)).toEqual({
      placement: 'unassigned',
      sellPrice: 0,
      notices: ['Failed to move player to transfer list'],
    });
  });

  it('list on the transfer list at the filter start price, Buy Now and duration', async () => {
    const { market, card } = await marketWithBoughtCard();
    const followUp = follow('list_on_transfer_list', {
      startPrice: 9_000,
      buyNowPrice: 9_900,
      duration: 10800,
    });
    expect(await runFollowUp(ports(market), followUp, card)).toEqual({
      placement: 'listed',
      sellPrice: 9_900,
      notices: [],
    });
    expect(market.calls.at(-1)).toBe('list 1000001 9000/9900 10800');
  });

  it('a refused listing: "Failed to list player", and the card waits on the transfer list', async () => {
    const { market, card } = await marketWithBoughtCard();
    market.failNext('list', 409);
    const followUp = follow('list_on_transfer_list', { startPrice: 9_000, buyNowPrice: 9_900 });
    expect(await runFollowUp(ports(market), followUp, card)).toEqual({
      placement: 'transfer-list',
      sellPrice: 0,
      notices: ['Failed to list player'],
    });
  });

  it('list at the price site price × percent, snapped to the ladder, start one step below', async () => {
    const { market, card } = await marketWithBoughtCard();
    // 12,000 × 95% = 11,400 → on the 250 ladder 11,500; start 11,250.
    const outcome = await runFollowUp(
      ports(market),
      follow('list_at_price_site_price', { percentage: 95 }),
      card,
    );
    expect(outcome).toEqual({ placement: 'listed', sellPrice: 11_500, notices: [] });
    expect(market.calls.at(-1)).toBe('list 1000001 11250/11500 3600');
  });

  it('list at the price site price without a price: the card goes to the transfer list with a notice', async () => {
    const { market, card } = await marketWithBoughtCard();
    const unpriced = { ...card, valuation: { playerName: 'Test Striker', marketPrice: 0 } };
    expect(await runFollowUp(ports(market), follow('list_at_price_site_price'), unpriced)).toEqual({
      placement: 'transfer-list',
      sellPrice: 0,
      notices: ['Failed to fetch market price for Test Striker'],
    });
  });

  it('quick sell credits the discard value; "Failed to sell player" when refused', async () => {
    const { market, card } = await marketWithBoughtCard();
    // The game answers the balance after the sale (95,650): the card sold for its 650, not for that.
    expect(await runFollowUp(ports(market), follow('quick_sell'), card)).toEqual({
      placement: 'quick-sold',
      sellPrice: 650,
      coins: 95_650,
      notices: [],
    });
    expect(market.coins).toBe(100_000 - 5_000 + 650);
    const refused = await marketWithBoughtCard();
    refused.market.failNext('quickSell', 475);
    expect((await runFollowUp(ports(refused.market), follow('quick_sell'), refused.card)).notices).toEqual([
      'Failed to sell player',
    ]);
  });

  it('lets a captcha during the follow-up reach the session', async () => {
    const { market, card } = await marketWithBoughtCard();
    market.failNext('moveItem', 458);
    await expect(runFollowUp(ports(market), follow('send_to_club'), card)).rejects.toMatchObject({
      kind: 'captcha',
    });
  });
});
