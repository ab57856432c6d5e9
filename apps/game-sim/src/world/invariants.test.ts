import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClock } from '../core/clock.js';
import { GameError } from '../core/errors.js';
import { nextPrice } from '@tradedesk/domain';
import { moveItems } from './piles.js';
import { listItem, placeBid, quickSell } from './trading.js';
import type { Account } from './types.js';
import { World } from './world.js';

function newWorld(seed: number): World {
  return new World(createClock({ speed: 0, start: Date.UTC(2026, 0, 1) }), {
    seed,
    market: { initialListings: 150, mispricedShare: 0.2 },
    abuse: { enabled: false, listingVisibilityDelaySeconds: 0 },
  });
}

const command = fc.oneof(
  fc.record({ kind: fc.constant('buyNow' as const), account: fc.nat(2), pick: fc.nat(1000) }),
  fc.record({ kind: fc.constant('bid' as const), account: fc.nat(2), pick: fc.nat(1000) }),
  fc.record({
    kind: fc.constant('list' as const),
    account: fc.nat(2),
    pick: fc.nat(1000),
    markup: fc.double({ min: 0.5, max: 2, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('quickSell' as const), account: fc.nat(2), pick: fc.nat(1000) }),
  fc.record({
    kind: fc.constant('move' as const),
    account: fc.nat(2),
    pick: fc.nat(1000),
    pile: fc.constantFrom('club' as const, 'trade' as const),
  }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 1_000, max: 2 * 3_600_000 }) }),
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

function activeTrades(world: World, account: Account) {
  return [...world.trades.values()].filter(
    (trade) =>
      trade.state === 'active' && trade.platform === account.platform && trade.expiresAt > world.now(),
  );
}

function ownedItemIds(account: Account): number[] {
  return [...account.unassigned, ...account.tradepile, ...account.club];
}

function run(world: World, accounts: Account[], step: Command): void {
  if (step.kind === 'advance') {
    world.clock.advance(step.ms);
    world.catchUp();
    return;
  }
  const account = accounts[step.account] as Account;
  world.catchUp();
  try {
    if (step.kind === 'buyNow' || step.kind === 'bid') {
      const trades = activeTrades(world, account);
      const trade = trades[step.pick % Math.max(1, trades.length)];
      if (trade)
        placeBid(
          world,
          account,
          trade.tradeId,
          step.kind === 'buyNow'
            ? trade.buyNowPrice
            : trade.currentBid === 0
              ? trade.startingBid
              : nextPrice(trade.currentBid),
        );
    } else {
      const ids = ownedItemIds(account);
      const itemId = ids[step.pick % Math.max(1, ids.length)];
      if (itemId === undefined) return;
      if (step.kind === 'quickSell') quickSell(world, account, [itemId]);
      else if (step.kind === 'move') moveItems(world, account, [{ id: itemId, pile: step.pile }]);
      else {
        const item = world.items.get(itemId);
        if (!item) return;
        const { minPrice, maxPrice } = world.values.limits(item.cardIndex, 'ps', world.now());
        const value = world.values.value(item.cardIndex, 'ps', world.now());
        const buyNow = Math.min(
          maxPrice,
          Math.max(minPrice + 100, Math.round((value * step.markup) / 100) * 100),
        );
        listItem(world, account, itemId, minPrice, buyNow, 3600);
      }
    }
  } catch (error) {
    if (!(error instanceof GameError)) throw error;
  }
}

function checkInvariants(world: World): void {
  const sinks = world.ledger.sinks;
  const balances = [...world.accounts.values()].reduce((sum, account) => sum + account.coins, 0);
  // Coins are conserved: balances + escrow + tax + sellers' proceeds − buyers' spend − minted = 0.
  expect(balances + sinks.escrow + sinks.tax + sinks.simSellers + sinks.simBuyers + sinks.issuer).toBe(0);
  const heldBids = [...world.trades.values()]
    .filter((trade) => trade.state === 'active' && trade.highestBidderId > 0)
    .reduce((sum, trade) => sum + trade.currentBid, 0);
  expect(sinks.escrow).toBe(heldBids);
  for (const account of world.accounts.values()) expect(account.coins).toBeGreaterThanOrEqual(0);
  // No item is owned twice or lost: every pile entry is a live item of that account, in one pile only.
  const seen = new Set<number>();
  for (const account of world.accounts.values()) {
    for (const itemId of ownedItemIds(account)) {
      expect(seen.has(itemId)).toBe(false);
      seen.add(itemId);
      const item = world.items.get(itemId);
      expect(item?.ownerId).toBe(account.id);
    }
  }
  for (const item of world.items.values()) {
    if (item.ownerId > 0 && item.place !== 'won') expect(seen.has(item.id)).toBe(true);
  }
  // A trade is bought at most once.
  const taxed = new Map<number, number>();
  for (const entry of world.ledger.recent(1_000_000)) {
    if (entry.kind === 'sale-tax' && entry.tradeId)
      taxed.set(entry.tradeId, (taxed.get(entry.tradeId) ?? 0) + 1);
  }
  for (const count of taxed.values()) expect(count).toBe(1);
}

describe('world invariants', () => {
  const world = newWorld(11);
  it('conserves coins and items and sells each trade once, whatever accounts do', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 5, maxLength: 30 }), fc.nat(1_000_000), (steps, salt) => {
        const accounts = [0, 1, 2].map((index) =>
          world.createAccount({
            email: `p${salt}-${index}-${world.accounts.size}@example.com`,
            password: 'pw',
            backupCode: 'AAAA1111',
            platform: 'ps',
            coins: 60_000,
          }),
        );
        for (const step of steps) run(world, accounts, step);
        checkInvariants(world);
      }),
      { numRuns: 40, seed: 4242 },
    );
  }, 60_000);

  it('lets only one of two racing accounts buy a trade', () => {
    fc.assert(
      fc.property(fc.nat(500), (pick) => {
        world.catchUp();
        const [first, second] = [0, 1].map((index) =>
          world.createAccount({
            email: `race${pick}-${index}-${world.accounts.size}@example.com`,
            password: 'pw',
            backupCode: 'AAAA1111',
            platform: 'ps',
            coins: 5_000_000,
          }),
        ) as [Account, Account];
        const trades = activeTrades(world, first);
        const trade = trades[pick % trades.length];
        if (!trade) return;
        const outcomes = [first, second].map((account) => {
          try {
            placeBid(world, account, trade.tradeId, trade.buyNowPrice);
            return 'bought';
          } catch (error) {
            return error instanceof GameError ? error.code : 'crash';
          }
        });
        expect(outcomes).toEqual(['bought', 461]);
        expect(first.unassigned).toContain(trade.itemId);
        expect(second.unassigned).not.toContain(trade.itemId);
      }),
      { numRuns: 30, seed: 7 },
    );
  });
});
