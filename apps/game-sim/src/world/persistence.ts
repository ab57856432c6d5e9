import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { scheduleSimBuyers } from './population.js';
import type { Account, Item, Trade } from './types.js';
import type { WorldState } from './world-state.js';

/**
 * What of a world outlives a restart: the accounts (coins, piles, credentials' digests), their
 * items, the trades they take part in, the coin sinks (so the supply still balances) and the id
 * counters (so no id is handed out twice). The simulated market around them is grown anew from the
 * seed, as at any start; the ledger's history and the sessions are not kept.
 */
export const worldSnapshotSchema = z.object({
  version: z.literal(1),
  seed: z.number().int(),
  cardCount: z.number().int().nonnegative(),
  savedAt: z.number(),
  counters: z.object({ item: z.number().int(), trade: z.number().int(), account: z.number().int() }),
  sinks: z.object({
    issuer: z.number(),
    escrow: z.number(),
    tax: z.number(),
    simSellers: z.number(),
    simBuyers: z.number(),
  }),
  accounts: z.array(
    z.object({
      id: z.number().int(),
      personaId: z.number().int(),
      email: z.string(),
      passwordDigest: z.string(),
      backupCode: z.string(),
      platform: z.enum(['pc', 'ps']).optional(),
      personaName: z.string(),
      clubName: z.string(),
      clubAbbr: z.string(),
      createdAt: z.number(),
      coins: z.number().int(),
      marketLocked: z.boolean(),
      captchaPending: z.boolean(),
      softBan: z.object({ until: z.number(), code: z.union([z.literal(512), z.literal(521)]) }).optional(),
      tradepile: z.array(z.number().int()),
      soldTrades: z.array(z.number().int()),
      watchlist: z.array(z.number().int()),
      unassigned: z.array(z.number().int()),
      club: z.array(z.number().int()),
    }),
  ),
  items: z.array(z.record(z.unknown())),
  trades: z.array(z.record(z.unknown())),
});
export type WorldSnapshot = z.infer<typeof worldSnapshotSchema>;

/** A trade an account takes part in: it sells it, bids on it, or watches it. */
function involvesAccounts(trade: Trade): boolean {
  return trade.sellerId > 0 || trade.highestBidderId > 0 || (trade.watchers?.size ?? 0) > 0;
}

/** The part of `world` that a restart must keep (see worldSnapshotSchema). */
export function snapshotOf(world: WorldState): WorldSnapshot {
  const trades = [...world.trades.values()].filter(involvesAccounts);
  const itemIds = new Set<number>();
  for (const item of world.items.values()) if (item.ownerId > 0) itemIds.add(item.id);
  for (const trade of trades) itemIds.add(trade.itemId);
  return {
    version: 1,
    seed: world.options.seed,
    cardCount: world.cards.length,
    savedAt: world.now(),
    counters: world.idCounters(),
    sinks: { ...world.ledger.sinks },
    accounts: [...world.accounts.values()].map((account) => ({
      ...account,
      platform: account.platform,
      softBan: account.softBan,
      tradepile: [...account.tradepile],
      soldTrades: [...account.soldTrades],
      watchlist: [...account.watchlist],
      unassigned: [...account.unassigned],
      club: [...account.club],
    })),
    items: [...itemIds].flatMap((id) => {
      const item = world.items.get(id);
      return item ? [{ ...item }] : [];
    }),
    trades: trades.map((trade) => ({ ...trade, watchers: [...(trade.watchers ?? [])] })),
  };
}

/**
 * Puts a saved world's accounts, items and trades back into a new world, before its market is
 * seeded (the counters move past every saved id first). Live listings go back on the market with
 * their expiry and simulated buyers scheduled again.
 */
export function applySnapshot(world: WorldState, snapshot: WorldSnapshot): void {
  world.restoreIdCounters(snapshot.counters);
  Object.assign(world.ledger.sinks, snapshot.sinks);
  for (const saved of snapshot.items) {
    const item = saved as unknown as Item;
    world.items.set(item.id, item);
  }
  for (const saved of snapshot.accounts) {
    const account: Account = {
      ...saved,
      platform: saved.platform,
      softBan: saved.softBan,
      tradepile: new Set(saved.tradepile),
      soldTrades: new Set(saved.soldTrades),
      watchlist: new Set(saved.watchlist),
      unassigned: [...saved.unassigned],
      club: new Set(saved.club),
    };
    world.accounts.set(account.id, account);
    world.accountsByEmail.set(account.email, account);
  }
  for (const saved of snapshot.trades) {
    const { watchers, ...rest } = saved as unknown as Trade & { watchers: number[] };
    const trade: Trade = { ...rest, ...(watchers.length > 0 ? { watchers: new Set(watchers) } : {}) };
    if (trade.state === 'active') {
      world.openTrade(trade);
      if (trade.sellerId > 0) scheduleSimBuyers(world, trade);
    } else world.trades.set(trade.tradeId, trade);
  }
}

/** Reads a saved world: none when the file is missing, a problem when it is not a saved world. */
export async function loadSnapshot(file: string): Promise<{ snapshot?: WorldSnapshot; problem?: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed = worldSnapshotSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { snapshot: parsed.data };
  } catch {
    // Not JSON: reported below like any other unreadable file.
  }
  return { problem: `${file} is not a saved sandbox world; a new world starts` };
}

/** Whether a snapshot fits a world built from this seed and catalogue (card indexes mean the same). */
export function snapshotFits(snapshot: WorldSnapshot, world: { seed: number; cardCount: number }): boolean {
  return snapshot.seed === world.seed && snapshot.cardCount === world.cardCount;
}

/** Writes the snapshot next to `file` and renames it over (a crash never leaves half a file). */
export async function saveSnapshot(file: string, snapshot: WorldSnapshot): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  await writeFile(temporary, JSON.stringify(snapshot));
  await rename(temporary, file);
}
