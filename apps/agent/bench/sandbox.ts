/**
 * Benchmark-only access to the sandbox game. The agent never imports the sim (it reaches the game
 * over HTTP); the benchmark starts one in-process, through a string specifier so the agent's
 * type check and import rules stay independent of the sim's sources.
 */
import { sandboxConfig, type GameClientConfig } from '@tradedesk/game-client';

export interface SimTrade {
  readonly tradeId: number;
  readonly cardIndex: number;
  readonly platform: 'pc' | 'ps';
  /** 0 for a simulated seller, else the listing account's id. */
  readonly sellerId: number;
  readonly buyNowPrice: number;
  readonly listedAt: number;
  readonly visibleAt: number;
  readonly expiresAt: number;
  /** 'active', 'closed' (sold) or 'expired'. */
  readonly state: string;
}

/**
 * A listing's identity across replays of one seed: trade ids shift once a run lists cards, and
 * each world's times count from its own epoch (to the second: a new listing's time is floored to
 * the millisecond, so two epochs' fractions can move it by one).
 */
export const listingKey = (world: Pick<SimWorld, 'epoch'>, trade: SimTrade): string =>
  `${trade.cardIndex}:${Math.round((trade.listedAt - world.epoch) / 1000)}:${trade.buyNowPrice}`;

export interface SimWorld {
  /** When the world began (its clock's start). */
  readonly epoch: number;
  now(): number;
  catchUp(): number;
  openTrade(trade: SimTrade): void;
  readonly clock: { advance(ms: number): void };
  readonly values: { value(index: number, platform: 'pc' | 'ps', time: number): number };
  readonly cardIndexByDefinition: ReadonlyMap<number, number>;
  card(index: number): { rarityId: number; rating: number; definitionId: number };
  /** Every trade by id, ended ones included (until nobody can ask about them). */
  readonly trades: ReadonlyMap<number, SimTrade>;
  /** Accounts' clubs and the items in them (tests count a new club's cards). */
  readonly accounts: ReadonlyMap<number, { readonly club: ReadonlySet<number>; readonly email: string }>;
  readonly items: ReadonlyMap<number, { readonly untradeable: boolean }>;
}

export interface BenchSim {
  url: string;
  hosts: { feeds: string };
  world: SimWorld;
  close(): Promise<void>;
}

export const adminKey = 'bench-admin-key';

export async function startBenchSim(options: Record<string, unknown>): Promise<BenchSim> {
  const specifier: string = '@tradedesk/game-sim';
  const sim = (await import(specifier)) as { startSim(options: Record<string, unknown>): Promise<BenchSim> };
  return sim.startSim({ port: 0, adminKey, ...options });
}

export const gameConfig = (sim: { url: string }): GameClientConfig => sandboxConfig(sim.url);

export async function admin(sim: { url: string }, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${sim.url}/admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sim-admin-key': adminKey },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sim admin ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
