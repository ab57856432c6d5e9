import type { Platform } from '@tradedesk/domain';
import type { Db } from '../../db/client.js';
import { readCurrentPrices } from './current-price-repo.js';

/** A card's current price on one platform, as `current_prices` holds it. */
export interface CurrentPrice {
  price: number;
  source: string;
  observedAt: Date;
}

/** Each node re-reads `current_prices` this often (other nodes' writes; see docs/decisions/prices.md). */
export const PRICE_MEMORY_REFRESH_MS = 5_000;
/**
 * A re-read fetches only prices observed since the previous one began, less this margin for
 * clock skew (a few rows, not a 37,000-row stall of the event loop). Other nodes write live
 * snipe observations stamped "now"; every node collects the feeds itself. Every
 * FULL_RELOAD_EVERY-th re-read (~5 min) fetches everything, for any late write of an old price.
 */
const RECENT_MARGIN_MS = 60_000;
const FULL_RELOAD_EVERY = 60;

/**
 * An in-memory copy of `current_prices` (the database stays the source of truth). Writes through
 * this process go in at once; a periodic re-read picks up other nodes' writes. Newer always wins,
 * as in the database's upsert, so a slow re-read can never undo a fresher write.
 */
export class CurrentPriceMemory {
  private readonly prices = new Map<number, { pc?: CurrentPrice; ps?: CurrentPrice }>();
  private readonly listeners = new Set<() => void>();
  private loading: Promise<void> | undefined;
  private loadedAtMs = Number.NEGATIVE_INFINITY;
  private reloads = 0;

  constructor(private readonly db: Db) {}

  get(definitionId: number, platform: Platform): CurrentPrice | undefined {
    return this.prices.get(definitionId)?.[platform];
  }

  /** Every known price of one platform as `[definitionId, price]` (the SBC solver's market). */
  pricesOf(platform: Platform): Array<[number, number]> {
    const prices: Array<[number, number]> = [];
    for (const [definitionId, card] of this.prices) {
      const price = card[platform]?.price;
      if (price !== undefined) prices.push([definitionId, price]);
    }
    return prices;
  }

  /** Takes prices in (newer than the kept ones only) and tells listeners when something changed. */
  apply(rows: readonly ({ definitionId: number; platform: Platform } & CurrentPrice)[]): void {
    let changed = false;
    for (const row of rows) {
      let card = this.prices.get(row.definitionId);
      if (!card) this.prices.set(row.definitionId, (card = {}));
      const kept = card[row.platform];
      if (kept && kept.observedAt >= row.observedAt) continue;
      card[row.platform] = { price: row.price, source: row.source, observedAt: row.observedAt };
      changed = true;
    }
    if (changed) for (const listener of this.listeners) listener();
  }

  /** Called after every change (cached answers built from these prices are out of date). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Ready to read: the first call waits for the database copy; later calls return at once and
   * start a background re-read when the copy is older than `refreshMs`.
   */
  async ready(nowMs: number, refreshMs = PRICE_MEMORY_REFRESH_MS): Promise<this> {
    if (this.loadedAtMs === Number.NEGATIVE_INFINITY) {
      await this.reload(nowMs);
    } else if (nowMs - this.loadedAtMs >= refreshMs && !this.loading) {
      void this.reload(nowMs).catch(() => undefined); // the next request retries
    }
    return this;
  }

  private reload(nowMs: number): Promise<void> {
    if (this.loading) return this.loading;
    const neverLoaded = this.loadedAtMs === Number.NEGATIVE_INFINITY;
    const full = neverLoaded || this.reloads % FULL_RELOAD_EVERY === 0;
    this.reloads += 1;
    this.loading = readCurrentPrices(this.db, full ? undefined : new Date(this.loadedAtMs - RECENT_MARGIN_MS))
      .then((rows) => {
        this.apply(rows);
        this.loadedAtMs = nowMs;
      })
      .finally(() => (this.loading = undefined));
    return this.loading;
  }
}

const memories = new WeakMap<Db, CurrentPriceMemory>();

/** The one price memory of a database connection in this process. */
export function currentPriceMemory(db: Db): CurrentPriceMemory {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new CurrentPriceMemory(db)));
  return memory;
}
