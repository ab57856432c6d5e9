import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';

/** A database handle or an open transaction (both have `transaction`, which nests as a savepoint). */
export type DbOrTx = Pick<Db, 'transaction' | 'select'>;

/** One credit movement as the ledger books it (`eventKey` is unique). */
export interface CreditBooking {
  userId: string;
  delta: number;
  kind: string;
  eventKey: string;
}

/** The `credit_ledger` table and the users' credit balances. */
export const creditLedgerRepo = {
  /**
   * In one (nested) transaction: a key already booked is 'replayed'; a spend the balance cannot cover
   * is 'insufficient'; otherwise the balance moves and the ledger row is written.
   */
  bookOnce(db: DbOrTx, change: CreditBooking) {
    return db.transaction(
      async (tx): Promise<{ status: 'applied' | 'replayed' | 'insufficient'; balance: number }> => {
        const [booked] = await tx
          .select({ balanceAfter: creditLedger.balanceAfter })
          .from(creditLedger)
          .where(eq(creditLedger.eventKey, change.eventKey));
        if (booked)
          return { status: 'replayed', balance: await creditLedgerRepo.balanceOf(tx, change.userId) };

        const [updated] = await tx
          .update(users)
          .set({ credits: sql`${users.credits} + ${change.delta}` })
          .where(and(eq(users.id, change.userId), gte(sql`${users.credits} + ${change.delta}`, 0)))
          .returning({ credits: users.credits });
        if (!updated)
          return { status: 'insufficient', balance: await creditLedgerRepo.balanceOf(tx, change.userId) };

        await tx.insert(creditLedger).values({
          userId: change.userId,
          delta: change.delta,
          kind: change.kind,
          eventKey: change.eventKey,
          balanceAfter: updated.credits,
        });
        return { status: 'applied', balance: updated.credits };
      },
    );
  },

  async balanceOf(tx: Pick<Db, 'select'>, userId: string): Promise<number> {
    const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
    return row?.credits ?? 0;
  },

  /** The user's credit history, newest first. */
  history(db: Db, userId: string, limit: number) {
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
  },
};
