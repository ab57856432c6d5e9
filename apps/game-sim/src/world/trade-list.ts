import type { Trade } from './types.js';

const BUCKET_MS = 60_000;

interface Bucket {
  items: Trade[];
  /** Set when an append broke the (expiresAt, tradeId) order. */
  dirty: boolean;
  /** Ended trades still in `items`. */
  dead: number;
}

function before(a: Trade, b: Trade): boolean {
  return a.expiresAt < b.expiresAt || (a.expiresAt === b.expiresAt && a.tradeId < b.tradeId);
}

/**
 * Trades of one index key ordered by time remaining, in one-minute expiry buckets: appends are
 * O(1), a bucket is sorted (and cleared of ended trades) only when a search reaches it, and
 * whole buckets in the past are dropped without looking at their trades.
 */
export class TradeList {
  private readonly buckets = new Map<number, Bucket>();
  /** Bucket keys in ascending order. */
  private keys: number[] = [];
  /** Active trades in the list (maintained by the owner through add/remove). */
  size = 0;

  insert(trade: Trade): void {
    const key = Math.floor(trade.expiresAt / BUCKET_MS);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { items: [], dirty: false, dead: 0 };
      this.buckets.set(key, bucket);
      let low = 0;
      let high = this.keys.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((this.keys[middle] as number) < key) low = middle + 1;
        else high = middle;
      }
      this.keys.splice(low, 0, key);
    }
    const last = bucket.items[bucket.items.length - 1];
    if (last && before(trade, last)) bucket.dirty = true;
    bucket.items.push(trade);
    this.size += 1;
  }

  /** Call when one of the list's trades stopped being active. */
  removed(trade: Trade): void {
    this.size -= 1;
    const bucket = this.buckets.get(Math.floor(trade.expiresAt / BUCKET_MS));
    if (bucket) bucket.dead += 1;
  }

  /**
   * Visits active trades expiring after `now`, soonest first, until `visit` returns false.
   * Buckets wholly in the past are dropped on the way.
   */
  forEachActive(now: number, visit: (trade: Trade) => boolean): void {
    const firstLive = Math.floor(now / BUCKET_MS);
    let dropped = 0;
    while (dropped < this.keys.length && (this.keys[dropped] as number) < firstLive) {
      this.buckets.delete(this.keys[dropped] as number);
      dropped += 1;
    }
    if (dropped > 0) this.keys = this.keys.slice(dropped);
    for (const key of this.keys) {
      const bucket = this.buckets.get(key) as Bucket;
      if (bucket.dirty || bucket.dead * 4 > bucket.items.length) this.tidy(bucket);
      for (const trade of bucket.items) {
        if (trade.state !== 'active' || trade.expiresAt <= now) continue;
        if (!visit(trade)) return;
      }
    }
  }

  private tidy(bucket: Bucket): void {
    const active = bucket.items.filter((trade) => trade.state === 'active');
    if (bucket.dirty) active.sort((a, b) => a.expiresAt - b.expiresAt || a.tradeId - b.tradeId);
    bucket.items = active;
    bucket.dirty = false;
    bucket.dead = 0;
  }
}
