import {
  defaultTransferAccountMetadata,
  emptyTransferList,
  type TransferAccountMetadata,
  type TransferList,
  type TransferListItem,
} from '@tradedesk/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transferAccountMetadata, transferLists } from '../../db/schema.js';

/** The user's transfer list and the accounts' transfer-side metadata; every query scoped to one user. */
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

export const accountMetadataRepo = {
  async of(db: Db, userId: string, accountId: string): Promise<TransferAccountMetadata> {
    const [row] = await db
      .select()
      .from(transferAccountMetadata)
      .where(
        and(eq(transferAccountMetadata.userId, userId), eq(transferAccountMetadata.accountId, accountId)),
      );
    if (!row) return defaultTransferAccountMetadata();
    return {
      username: row.username,
      coins: row.coins,
      unassigned: row.unassigned,
      tradepile: row.tradepile,
      screenshot: row.screenshot,
    };
  },

  /** Stores what a sync saw; a screenshot of '' keeps the one stored before. */
  async save(db: Db, userId: string, accountId: string, metadata: TransferAccountMetadata, now: Date) {
    const values = {
      username: metadata.username,
      coins: metadata.coins,
      unassigned: metadata.unassigned,
      tradepile: metadata.tradepile,
      updatedAt: now,
      ...(metadata.screenshot === '' ? {} : { screenshot: metadata.screenshot }),
    };
    await db
      .insert(transferAccountMetadata)
      .values({ accountId, userId, ...values })
      .onConflictDoUpdate({ target: transferAccountMetadata.accountId, set: values });
  },
};
