import type { GameClient } from '@tradedesk/game-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers.js';
import {
  createAccount,
  goldCard,
  rejectionOf,
  signedInClient,
  startHarness,
  type Harness,
  type TestAccount,
} from './harness.js';

/** Issue 26, "The sandbox's protocol, last details": each difference from the real service, pinned. */
let harness: Harness;
let trader: TestAccount;
let client: GameClient;

const gameUrl = (path: string) => `${harness.sim.hosts.game}/ut/game/${harness.sim.gameSegment}/${path}`;

/** One listing by a simulated seller on the PC market, visible once the delay is waited out. */
async function simulatedListing(offset: number) {
  const { definitionId } = goldCard(harness, offset);
  const { tradeIds } = await harness.admin<{ tradeIds: number[] }>('POST', '/listings', {
    definitionId,
    platform: 'pc',
    buyNowPrice: 5_000,
    startingBid: 4_000,
    durationSeconds: 3_600,
  });
  await harness.admin('POST', '/clock/advance', { ms: 5_000 });
  return tradeIds[0] ?? 0;
}

beforeAll(async () => {
  harness = await startHarness();
  trader = await createAccount(harness, { platform: 'pc', coins: 200_000 });
  client = await signedInClient(harness, trader);
});
afterAll(() => harness.close());

describe('conformance: the last protocol details', () => {
  it('answers 478 for the status of an unknown trade id', async () => {
    const error = await rejectionOf(client.market.tradeStatus([999_999_999_999]));
    expect(error).toMatchObject({ kind: 'no-such-trade', code: 478 });
  });

  it('answers 478 for the status of a trade that has ended, never 200 with no auctionInfo', async () => {
    const tradeId = await simulatedListing(1);
    expect((await client.market.tradeStatus([tradeId])).auctions.map((a) => a.tradeId)).toEqual([tradeId]);
    await harness.admin('POST', '/clock/advance', { ms: 3_700_000 });

    const error = await rejectionOf(client.market.tradeStatus([tradeId], { full: true }));
    expect(error).toMatchObject({ kind: 'no-such-trade', code: 478 });
  });

  it('sends null tradeState and bidState for an unlisted transfer-list item', async () => {
    const { itemIds } = await harness.admin<{ itemIds: number[] }>('POST', `/accounts/${trader.id}/items`, {
      definitionId: goldCard(harness, 2).definitionId,
      count: 1,
      place: 'unassigned',
    });
    await client.piles.moveItem({ itemId: itemIds[0] ?? 0, pile: 'trade' });

    const pile = await client.piles.transferList();
    const unlisted = pile.auctions.find((entry) => entry.itemData.id === itemIds[0]);
    expect(unlisted).toMatchObject({ tradeId: 0, tradeState: null, bidState: null });
  });

  it('answers a CORS preflight on the game endpoints as the real service does', async () => {
    const response = await fetch(gameUrl('transfermarket?num=21&start=0&type=player'), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://www.ea.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type,x-ut-sid',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://www.ea.com');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-ut-sid');
  });

  it('answers the settings the web app reads after signing in', async () => {
    const { sid } = await signIn(
      harness.sim,
      trader.credentials.email,
      trader.credentials.password,
      trader.credentials.backupCode,
      'FFA26PCC',
    );
    const response = await fetch(gameUrl('settings'), {
      headers: { 'X-UT-SID': sid, origin: 'https://www.ea.com' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ configs: [] });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://www.ea.com');
  });

  it('answers 461 for watching an unknown trade, as the public record says', async () => {
    const error = await rejectionOf(client.market.watch(999_999_999_999));
    expect(error).toMatchObject({ code: 461 });
  });
});
