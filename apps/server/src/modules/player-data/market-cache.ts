import { gzipSync } from 'node:zlib';

/** A small time-limited cache of computed answers; `clear` drops everything (new prices). */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 64,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** A /market answer ready to send: UTF-8 JSON, and its gzip form made on the first request for it. */
export interface MarketAnswer {
  json: Buffer;
  gzipped(): Buffer;
}

export function marketAnswer(text: string): MarketAnswer {
  const json = Buffer.from(text, 'utf8');
  let gzip: Buffer | undefined;
  return { json, gzipped: () => (gzip ??= gzipSync(json, { level: 6 })) };
}
