/**
 * The sandbox side of coin transfers, shared by the transfer benchmark and the agent's sandbox
 * tests: accounts with coins and the transfer card, a card whose price range allows the transfer
 * price, traps, and an engine clock that drives the sim's virtual clock.
 */
import { defaultTransferFilter, snapPrice, type TransferFilter } from '@tradedesk/domain';
import type { Clock } from '@tradedesk/engine';
import { admin, adminKey, type BenchSim } from './sandbox.js';

/** The sim's world as the transfer tools read it. */
interface TransferSimWorld {
  now(): number;
  readonly clock: { advance(ms: number): void };
  readonly cards: readonly {
    definitionId: number;
    rarityId: number;
    rating: number;
    special: boolean;
    synthetic?: boolean;
    name: string;
  }[];
  readonly values: {
    value(index: number, platform: 'pc' | 'ps', time: number): number;
    limits(index: number, platform: 'pc' | 'ps', time: number): { minPrice: number; maxPrice: number };
  };
  readonly ledger: { readonly sinks: { readonly simSellers: number } };
  readonly trades: ReadonlyMap<number, { state: string; highestBidderId: number }>;
}

export function transferWorld(sim: BenchSim): TransferSimWorld {
  return sim.world as unknown as TransferSimWorld;
}

/** An engine clock on the sim's virtual time: a sleep moves the world forward at once. */
export function simClock(sim: BenchSim): Clock {
  const world = transferWorld(sim);
  return {
    now: () => world.now(),
    sleep: async (ms, signal) => {
      if (signal?.aborted !== true) world.clock.advance(ms);
    },
  };
}

export interface TransferAccountSpec {
  readonly id: number;
  readonly accountId: string;
  readonly email: string;
  readonly password: string;
  readonly backupCode: string;
  readonly platform: 'pc';
}

let made = 0;

/** A PC account with `coins`, created through the admin API. */
export async function createTransferAccount(
  sim: BenchSim,
  coins: number,
  label = 'acct',
): Promise<TransferAccountSpec> {
  made += 1;
  const spec = {
    email: `${label}${made}-${Date.now() % 100_000}@example.com`,
    password: `transfer-pass-${made}`,
    backupCode: `TR${String(made).padStart(6, '0')}`,
    platform: 'pc' as const,
  };
  const created = (await admin(sim, '/accounts', { ...spec, coins })) as { id: number };
  return { ...spec, id: created.id, accountId: `account-${created.id}` };
}

/** Sets an account's coins (admin API). */
export async function setCoins(sim: BenchSim, accountId: number, coins: number): Promise<void> {
  const response = await fetch(`${sim.url}/admin/accounts/${accountId}/coins`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-sim-admin-key': adminKey },
    body: JSON.stringify({ coins }),
  });
  if (!response.ok) throw new Error(`sim admin coins: HTTP ${response.status}`);
}

/** Whether the trade sold to the account with this sim id (the seller's own listing reached the buyer). */
export function soldTo(sim: BenchSim, tradeId: number, buyerSimId: number): boolean {
  const trade = transferWorld(sim).trades.get(tradeId);
  return trade?.state === 'closed' && trade.highestBidderId === buyerSimId;
}

/** Gives the account `count` tradeable copies of the card in its club. */
export async function grantCard(
  sim: BenchSim,
  accountId: number,
  definitionId: number,
  count = 1,
): Promise<void> {
  await admin(sim, `/accounts/${accountId}/items`, { definitionId, count, place: 'club' });
}

/**
 * A gold rare card (not special) and a transfer price inside its price range, about `multiple`
 * times its market value: far above what any simulated human pays, and never a snipe for rivals.
 * `offset` picks another card of the same kind.
 */
export function transferCard(
  sim: BenchSim,
  multiple = 2.5,
  offset = 0,
): { definitionId: number; name: string; price: number } {
  const world = transferWorld(sim);
  const now = world.now();
  // Cards worth 20,000–60,000 coins: a transfer price of about 50,000–150,000, the usual size.
  const candidates = world.cards
    .map((card, index) => ({ card, index }))
    .filter(({ card, index }) => {
      if (card.rarityId !== 1 || card.rating < 75 || card.special || card.synthetic === true) return false;
      const value = world.values.value(index, 'pc', now);
      return value >= 20_000 && value <= 60_000;
    });
  const chosen = candidates[offset % candidates.length];
  if (!chosen) throw new Error('the sandbox has no gold rare card');
  const value = world.values.value(chosen.index, 'pc', now);
  const { maxPrice } = world.values.limits(chosen.index, 'pc', now);
  return {
    definitionId: chosen.card.definitionId,
    name: chosen.card.name,
    price: Math.min(maxPrice, snapPrice(value * multiple)),
  };
}

/** A transfer filter for that card at that price (gold, rare, one hour). */
export function transferFilter(card: { definitionId: number; name: string; price: number }): TransferFilter {
  const base = defaultTransferFilter('Sandbox transfer');
  return {
    ...base,
    id: 'filter-transfer',
    player: {
      ...base.player,
      id: card.definitionId,
      name: card.name,
      value: card.price,
      quality: 'gold',
      rarity: 'rare',
    },
  };
}

/** Arms a mirror trap: the next listing of the card at the price gets `count` strangers' copies ahead of it. */
export async function armMirrorTrap(
  sim: BenchSim,
  definitionId: number,
  price: number,
  count = 1,
): Promise<void> {
  await admin(sim, '/traps', { definitionId, platform: 'pc', buyNowPrice: price, mode: 'mirror', count });
}

/** Plants strangers' listings of the card at the price now (visible after the usual delay). */
export async function plantTrap(
  sim: BenchSim,
  definitionId: number,
  price: number,
  count = 1,
): Promise<void> {
  await admin(sim, '/traps', { definitionId, platform: 'pc', buyNowPrice: price, count });
}

/** Coins the user's accounts paid to strangers so far (the sim's ledger). */
export function coinsToStrangers(sim: BenchSim): number {
  return transferWorld(sim).ledger.sinks.simSellers;
}
