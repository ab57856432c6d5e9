import type { AppContext } from '../../context.js';
import { configurations } from '../../db/schema.js';
import { defaultConfigurationRow } from './defaults.js';
import { configurationRepo, type ConfigurationGroup } from './repo.js';

/** Reads and replaces configuration groups of one user. */
export function createConfigurationService(ctx: AppContext) {
  /** Every user gets a row at creation; this only heals rows lost to manual database edits. */
  async function ensure(userId: string) {
    const row = await configurationRepo.get(ctx.db, userId);
    if (row) return row;
    await ctx.db
      .insert(configurations)
      .values({ userId, ...defaultConfigurationRow() })
      .onConflictDoNothing();
    const created = await configurationRepo.get(ctx.db, userId);
    if (!created) throw new Error('Configuration row missing after insert');
    return created;
  }

  return {
    get: ensure,

    async replaceGroup(userId: string, group: ConfigurationGroup, value: Record<string, unknown>) {
      await ensure(userId);
      const now = ctx.now();
      // Calibration records when it was measured; the client sends only the delay.
      const stored = group === 'calibration' ? { ...value, updatedAt: now.toISOString() } : value;
      const row = await configurationRepo.setGroup(ctx.db, userId, group, stored, now);
      if (!row) throw new Error('Configuration update matched no row');
      return row;
    },
  };
}
