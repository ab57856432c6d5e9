import { emptyTransferList, type TransferList, type TransferListItem } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transferLists } from '../../db/schema.js';

/** The user's transfer list; every query scoped to one user. */
export const transferListRepo = {
  async listOf(db: Db, userId: string): Promise<TransferList> {
    const [row] = await db.select().from(transferLists).where(eq(transferLists.userId, userId));
    return row ? { id: row.id, players: row.players, updatedAt: row.updatedAt } : emptyTransferList();
  },

  async save(db: Db, userId: string, players: TransferListItem[], now: Date): Promise<TransferList> {
    const [row] = await db
      .insert(transferLists)
      .values({ userId, players, updatedAt: now })
      .onConflictDoUpdate({ target: transferLists.userId, set: { players, updatedAt: now } })
      .returning();
    if (!row) throw new Error('transfer list was not stored');
    return { id: row.id, players: row.players, updatedAt: row.updatedAt };
  },
};
