import { describe, expect, it } from 'vitest';
import { gamePortFromClient, type GameClientLike } from './game-client-port.js';

describe('game-client adapter', () => {
  it('routes each port call to the matching game-client call and exposes its counters', async () => {
    const seen: string[] = [];
    const record =
      (name: string, answer: unknown = undefined) =>
      async (...args: unknown[]) => {
        seen.push(`${name} ${JSON.stringify(args)}`);
        return answer;
      };
    const client = {
      market: {
        search: record('search', { auctions: [] }),
        bid: record('bid'),
        tradeStatus: record('tradeStatus'),
      },
      piles: {
        transferList: record('transferList'),
        unassigned: record('unassigned'),
        moveItem: record('moveItem'),
        list: record('list', 77),
        relistAll: record('relistAll'),
        clearSold: record('clearSold'),
        quickSell: record('quickSell'),
      },
      account: { credits: record('credits', { coins: 5, currencies: [] }) },
      stats: { requests: 3, searches: 1 },
    } as unknown as GameClientLike;
    const port = gamePortFromClient(client);
    await port.search({ page: 2 });
    await port.bid(9, 1_000);
    expect(await port.list({ itemId: 4, startingBid: 150, buyNowPrice: 200 })).toBe(77);
    expect(await port.credits()).toEqual({ coins: 5, currencies: [] });
    expect(port.requestCounters()).toEqual({ requests: 3, searches: 1 });
    expect(port.reauthenticate).toBeUndefined();
    expect(seen).toEqual([
      'search [{"page":2}]',
      'bid [9,1000]',
      'list [{"itemId":4,"startingBid":150,"buyNowPrice":200}]',
      'credits []',
    ]);
    const renew = async () => {};
    expect(gamePortFromClient(client, renew).reauthenticate).toBe(renew);
  });
});
