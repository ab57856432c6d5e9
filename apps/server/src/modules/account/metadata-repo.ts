import { defaultTransferAccountMetadata, type TransferAccountMetadata } from '@tradedesk/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, transferAccountMetadata } from '../../db/schema.js';

/**
 * What the last read of a game account saw (club name, coins, piles, coin screenshot), kept beside the
 * account row: transfers and marketplace deliveries both read and move it. Every query scoped to one user.
 */
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
  /**
   * Stores what a sync read of an account and mirrors its club name and coins on the account row
   * (the account lists show them too).
   */
  async saveSnapshot(
    db: Db,
    userId: string,
    accountId: string,
    metadata: TransferAccountMetadata,
    now: Date,
  ) {
    await accountMetadataRepo.save(db, userId, accountId, metadata, now);
    await accountMetadataRepo.markCoinsRead(db, userId, accountId, metadata.coins, now, metadata.username);
  },

  /**
   * A balance read from the game (a sync, an opened web app, a coin screenshot): the account row
   * keeps it and when it was read, so the account lists show it instead of '—' (never read).
   * A club name read with it ('' when none was) is kept too.
   */
  async markCoinsRead(db: Db, userId: string, accountId: string, coins: number, now: Date, username = '') {
    await db
      .update(accounts)
      .set({ coins, coinsReadAt: now, ...(username ? { username } : {}), updatedAt: now })
      .where(and(eq(accounts.userId, userId), eq(accounts.id, accountId)));
  },

  /** A finished transfer moved coins: both views of the balance follow (never below 0). */
  async addCoins(db: Db, userId: string, accountId: string, delta: number, now: Date) {
    await db
      .update(transferAccountMetadata)
      .set({ coins: sql`greatest(0, ${transferAccountMetadata.coins} + ${delta})`, updatedAt: now })
      .where(
        and(eq(transferAccountMetadata.userId, userId), eq(transferAccountMetadata.accountId, accountId)),
      );
    await db
      .update(accounts)
      .set({ coins: sql`greatest(0, ${accounts.coins} + ${delta})`, updatedAt: now })
      .where(and(eq(accounts.userId, userId), eq(accounts.id, accountId)));
  },

  /**
   * The balance an opened web app shows (Launch Webapp): the account row keeps it (the dashboard
   * shows it after a reload) and so does the last sync's view, when there is one.
   */
  async saveLaunchedCoins(db: Db, userId: string, accountId: string, coins: number, now: Date) {
    await accountMetadataRepo.markCoinsRead(db, userId, accountId, coins, now);
    await db
      .update(transferAccountMetadata)
      .set({ coins, updatedAt: now })
      .where(
        and(eq(transferAccountMetadata.userId, userId), eq(transferAccountMetadata.accountId, accountId)),
      );
  },

  /**
   * A coin-balance screenshot of an owned account and the balance it shows, read like a sync's
   * (someone else's account changes nothing).
   */
  async saveScreenshot(
    db: Db,
    userId: string,
    accountId: string,
    screenshot: string,
    coins: number,
    now: Date,
  ) {
    const [owned] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.id, accountId)));
    if (!owned) return;
    await db
      .insert(transferAccountMetadata)
      .values({ accountId, userId, coins, screenshot, updatedAt: now })
      .onConflictDoUpdate({
        target: transferAccountMetadata.accountId,
        set: { coins, screenshot, updatedAt: now },
      });
    await accountMetadataRepo.markCoinsRead(db, userId, accountId, coins, now);
  },
};
