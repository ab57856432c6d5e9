import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { marketLedger } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

/** One line of a marketplace money event: `book` gains `deltaCents` (negative: loses). */
export interface MoneyEntry {
  book: 'payment' | 'escrow' | 'payout' | 'refund' | 'fee';
  /** The user whose balance the line is (a seller's payout, a buyer's refund). */
  userId?: string;
  deltaCents: number;
}

export interface MoneyEvent {
  /** Unique name of the event ('market:<order>:paid'); the same key never moves money twice. */
  eventKey: string;
  orderId: string;
  entries: readonly MoneyEntry[];
  now: Date;
}

/**
 * Books one marketplace money event exactly once, double entry: its lines add up to 0 and commit
 * together with the caller's own changes (pass the caller's transaction) or not at all. A replay
 * (the key is booked) changes nothing and says so; callers then leave their own rows alone too.
 */
export async function bookMoneyEvent(db: Db, event: MoneyEvent): Promise<'applied' | 'replayed'> {
  const entries = event.entries.filter((entry) => entry.deltaCents !== 0);
  const total = entries.reduce((sum, entry) => sum + entry.deltaCents, 0);
  if (total !== 0 || entries.some((entry) => !Number.isSafeInteger(entry.deltaCents)))
    throw new RangeError(`A money event must balance in whole cents, ${event.eventKey} is off by ${total}`);
  const [booked] = await db
    .select({ id: marketLedger.id })
    .from(marketLedger)
    .where(eq(marketLedger.eventKey, event.eventKey))
    .limit(1);
  if (booked) return 'replayed';
  try {
    await db.transaction(async (tx) => {
      for (const entry of entries)
        await tx.insert(marketLedger).values({
          eventKey: event.eventKey,
          book: entry.userId ? `${entry.book}:${entry.userId}` : entry.book,
          userId: entry.userId ?? null,
          orderId: event.orderId,
          deltaCents: entry.deltaCents,
          createdAt: event.now,
        });
    });
    return 'applied';
  } catch (error) {
    // A concurrent delivery of the same event won the unique index; this one changed nothing.
    if (isUniqueViolation(error)) return 'replayed';
    throw error;
  }
}

/** A user's balance in one book (cents): their payout balance, or what was refunded to them. */
export async function userBookBalance(db: Db, userId: string, book: 'payout' | 'refund'): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${marketLedger.deltaCents}), 0)` })
    .from(marketLedger)
    .where(and(eq(marketLedger.userId, userId), eq(marketLedger.book, `${book}:${userId}`)));
  return Number(row?.total ?? 0);
}

/** What a whole book holds (escrow, fee), for audits and tests. */
export async function bookBalance(db: Db, book: 'escrow' | 'fee' | 'payment'): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${marketLedger.deltaCents}), 0)` })
    .from(marketLedger)
    .where(eq(marketLedger.book, book));
  return Number(row?.total ?? 0);
}
