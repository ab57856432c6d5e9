import type { AppContext } from '../../lib/app-context.js';
import { configurationRepo, type ConfigurationGroup } from './repo.js';

/** Reads and replaces configuration groups of one user. */
export function createConfigurationService(ctx: AppContext) {
  const ensure = (userId: string) => configurationRepo.getOrCreate(ctx.db, userId);

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
