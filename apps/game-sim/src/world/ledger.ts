import type { Account } from './types.js';

/** Coin holders outside the accounts: they make the coin supply auditable. */
export type Sink = 'issuer' | 'escrow' | 'tax' | 'simSellers' | 'simBuyers';

export type LedgerKind =
  | 'starting-coins'
  | 'admin-set'
  | 'quick-sell'
  | 'sbc-award'
  | 'buy-now'
  | 'bid-hold'
  | 'bid-refund'
  | 'auction-payment'
  | 'sale-proceeds'
  | 'sale-tax';

export interface LedgerEntry {
  readonly seq: number;
  readonly at: number;
  readonly kind: LedgerKind;
  readonly from: string;
  readonly to: string;
  readonly amount: number;
  readonly tradeId?: number;
}

type Party = Account | Sink;

function nameOf(party: Party): string {
  return typeof party === 'string' ? party : `account:${party.id}`;
}

/**
 * Every coin movement of the world. Coins are conserved: the balances of all accounts plus
 * the sinks always sum to zero (the issuer goes negative as it mints starting coins).
 */
export class Ledger {
  readonly sinks: Record<Sink, number> = { issuer: 0, escrow: 0, tax: 0, simSellers: 0, simBuyers: 0 };
  private readonly entries: LedgerEntry[] = [];
  private seq = 0;

  constructor(private readonly keep = 50_000) {}

  transfer(from: Party, to: Party, amount: number, kind: LedgerKind, at: number, tradeId?: number): void {
    if (!Number.isInteger(amount) || amount < 0)
      throw new RangeError(`ledger amount must be a whole number >= 0: ${amount}`);
    if (amount === 0) return;
    this.adjust(from, -amount);
    this.adjust(to, amount);
    this.seq += 1;
    this.entries.push({
      seq: this.seq,
      at,
      kind,
      from: nameOf(from),
      to: nameOf(to),
      amount,
      ...(tradeId ? { tradeId } : {}),
    });
    if (this.entries.length > this.keep * 2) this.entries.splice(0, this.entries.length - this.keep);
  }

  /** The latest entries, optionally of one account. */
  recent(limit: number, accountId?: number): LedgerEntry[] {
    const name = accountId === undefined ? undefined : `account:${accountId}`;
    const matching = name
      ? this.entries.filter((entry) => entry.from === name || entry.to === name)
      : this.entries;
    return matching.slice(-limit);
  }

  private adjust(party: Party, delta: number): void {
    if (typeof party === 'string') this.sinks[party] += delta;
    else party.coins += delta;
  }
}
