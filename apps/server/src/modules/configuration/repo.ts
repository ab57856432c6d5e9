import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { configurations } from '../../db/schema.js';
import { defaultConfigurationRow } from './defaults.js';

export type ConfigurationRow = typeof configurations.$inferSelect;
export type ConfigurationGroup = 'time' | 'calibration' | 'advanced' | 'notification' | 'market' | 'transfer';

/** The signed-in user's configuration row; every query is keyed by the user's id. */
export const configurationRepo = {
  get: async (db: Db, userId: string) =>
    (await db.select().from(configurations).where(eq(configurations.userId, userId)).limit(1))[0],

  /** The user's transfer settings alone (the transfer events read them for every outcome). */
  transferOf: async (db: Db, userId: string) =>
    (
      await db
        .select({ transfer: configurations.transfer })
        .from(configurations)
        .where(eq(configurations.userId, userId))
        .limit(1)
    )[0]?.transfer,

  /** The user's row; every user gets one at creation, so this only heals rows lost to manual database edits. */
  async getOrCreate(db: Db, userId: string): Promise<ConfigurationRow> {
    const row = await configurationRepo.get(db, userId);
    if (row) return row;
    await db
      .insert(configurations)
      .values({ userId, ...defaultConfigurationRow() })
      .onConflictDoNothing();
    const created = await configurationRepo.get(db, userId);
    if (!created) throw new Error('Configuration row missing after insert');
    return created;
  },

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
