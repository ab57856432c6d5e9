import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

/** Why credits moved. Every credit change in the product is one of these, through applyCreditChange. */
export type CreditChangeKind =
  | 'opening' // the balance a user was created with
  | 'transfer' // a successful coin transfer (−1)
  | 'purchase' // a paid credit package or plan
  | 'referral' // a referrer's reward
  | 'admin' // granted or taken by an admin
  | 'refund'; // a paid event reversed

export interface CreditChange {
  userId: string;
  /** Whole credits; positive adds, negative spends. */
  delta: number;
  kind: CreditChangeKind;
  /** Unique name of the event ('transfer:<id>'); the same key never moves credits twice. */
  eventKey: string;
}

export type CreditChangeResult =
  | { status: 'applied'; balance: number }
  /** The event was already booked: nothing changed. */
  | { status: 'replayed'; balance: number }
  /** A spend larger than the balance: nothing changed. */
  | { status: 'insufficient'; balance: number };

/** A database handle or an open transaction (both have `transaction`, which nests as a savepoint). */
type DbOrTx = Pick<Db, 'transaction' | 'select'>;

/**
 * Moves a user's credits exactly once per event: the ledger row (unique by `eventKey`) and the
 * balance change commit together or not at all. A replay, or a spend the balance cannot cover,
 * changes nothing and says so. Pass a transaction to tie the change to the caller's own rows.
 */
export async function applyCreditChange(db: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0) {
    throw new RangeError(`A credit change is a non-zero whole number, got ${change.delta}`);
  }
  try {
    return await bookOnce(db, change);
  } catch (error) {
    // Two concurrent deliveries of one event both passed the look-up; the unique index let one
    // insert win and rolled the loser's balance change back with its (nested) transaction.
    if (isUniqueViolation(error)) return { status: 'replayed', balance: await balanceOf(db, change.userId) };
    throw error;
  }
}

function bookOnce(db: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  return db.transaction(async (tx) => {
    const [booked] = await tx
      .select({ balanceAfter: creditLedger.balanceAfter })
      .from(creditLedger)
      .where(eq(creditLedger.eventKey, change.eventKey));
    if (booked) return { status: 'replayed', balance: await balanceOf(tx, change.userId) };

    const [updated] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${change.delta}` })
      .where(and(eq(users.id, change.userId), gte(sql`${users.credits} + ${change.delta}`, 0)))
      .returning({ credits: users.credits });
    if (!updated) return { status: 'insufficient', balance: await balanceOf(tx, change.userId) };

    await tx.insert(creditLedger).values({
      userId: change.userId,
      delta: change.delta,
      kind: change.kind,
      eventKey: change.eventKey,
      balanceAfter: updated.credits,
    });
    return { status: 'applied', balance: updated.credits };
  });
}

async function balanceOf(tx: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

/** The user's credit history, newest first. */
export function creditHistory(db: Db, userId: string, limit = 100) {
  return db
    .select({
      delta: creditLedger.delta,
      kind: creditLedger.kind,
      eventKey: creditLedger.eventKey,
      balanceAfter: creditLedger.balanceAfter,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt))
    .limit(limit);
}
