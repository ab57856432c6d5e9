import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { configurations } from '../../db/schema.js';

export type ConfigurationRow = typeof configurations.$inferSelect;
export type ConfigurationGroup = 'time' | 'calibration' | 'advanced' | 'notification' | 'market' | 'transfer';

/** The signed-in user's configuration row; every query is keyed by the user's id. */
export const configurationRepo = {
  get: async (db: Db, userId: string) =>
    (await db.select().from(configurations).where(eq(configurations.userId, userId)).limit(1))[0],

  setGroup: async (
    db: Db,
    userId: string,
    group: ConfigurationGroup,
    value: Record<string, unknown>,
    now: Date,
  ) =>
    (
      await db
        .update(configurations)
        .set({ [group]: value, updatedAt: now })
        .where(eq(configurations.userId, userId))
        .returning()
    )[0],
};
