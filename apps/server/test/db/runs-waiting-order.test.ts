import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { runs, users } from '../../src/db/schema.js';
import { runsRepo } from '../../src/runs/runs-repo.js';
import { backends, createTestDatabase } from '../database.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 10, minute));

describe.each(backends)('runs waiting for an agent (%s)', (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase(backend));
    const [user] = await database.db
      .insert(users)
      .values({ username: 'waiter', tokenPrefix: 'p', tokenHash: 'h' })
      .returning();
    const waiting = (id: string, startedAt: Date, detail: Record<string, unknown>) => ({
      id,
      kind: 'snipe' as const,
      userId: user?.id ?? '',
      agentId: null,
      detail,
      startedAt,
      heartbeatAt: startedAt,
    });
    await database.db.insert(runs).values([
      // Began waiting at 10:02 and has waited under this lease since then.
      waiting('younger', at(2), {}),
      // Began waiting at 10:00; its start on an agent was refused at 10:05, so this lease is newer.
      waiting('put-back', at(5), { waitingSince: at(0).getTime() }),
      waiting('youngest', at(4), {}),
    ]);
  });
  afterAll(() => dispose());

  it('come longest waiting first, a run put back after a refused start by when its wait began', async () => {
    const order = await runsRepo.waitingForAgent(database.db, 'snipe', 10);
    expect(order.map((run) => run.id)).toEqual(['put-back', 'younger', 'youngest']);
    const firstTwo = await runsRepo.waitingForAgent(database.db, 'snipe', 2);
    expect(firstTwo.map((run) => run.id)).toEqual(['put-back', 'younger']);
  });
});
