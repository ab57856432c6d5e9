import type { Shortcuts } from '@tradedesk/domain';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { configurations, users } from '../../db/schema.js';
import type { UserRow } from '../auth/repo.js';

/** The user record itself: its settings, its chat links and its licence token. */
export const userRepo = {
  async count(db: Db): Promise<number> {
    return (await db.select({ total: count() }).from(users))[0]?.total ?? 0;
  },

  async tokenOf(db: Db, username: string) {
    const [row] = await db
      .select({ id: users.id, tokenHash: users.tokenHash })
      .from(users)
      .where(eq(users.username, username));
    return row;
  },

  setToken: (db: Db, userId: string, token: { tokenPrefix: string; tokenHash: string }) =>
    db
      .update(users)
      .set({ tokenPrefix: token.tokenPrefix, tokenHash: token.tokenHash })
      .where(eq(users.id, userId)),

  /** The user after the change, or undefined when the user is gone. */
  async setProviders(db: Db, userId: string, providers: UserRow['providers'], now: Date) {
    const [updated] = await db
      .update(users)
      .set({ providers, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return updated;
  },

  async setShortcuts(db: Db, userId: string, shortcuts: Shortcuts, now: Date) {
    const [updated] = await db
      .update(users)
      .set({ shortcuts, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return updated;
  },

  /** Whether another user than `userId` has linked this chat-community id. */
  async discordIdTakenByOther(db: Db, discordId: string, userId: string): Promise<boolean> {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${users.providers}->>'discordId' = ${discordId}`, ne(users.id, userId)));
    return taken !== undefined;
  },

  /** Where the user's chat messages go, and their notification switches (null: never configured). */
  async chatSettingsOf(db: Db, userId: string) {
    const [row] = await db
      .select({ providers: users.providers, notification: configurations.notification })
      .from(users)
      .leftJoin(configurations, eq(configurations.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  },
};
