import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../src/db/schema.js';
import { notificationRetention } from '../../src/modules/notification/retention.js';
import { backends, createTestDatabase } from '../database.js';
import type { Database } from '../../src/db/client.js';
import { createUser, TestClock } from '../helpers.js';
import { hubHookTimeoutMs, startServerNode, type ServerNode } from './stack.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(backends)('notification history (%s)', (backend) => {
  let node: ServerNode;
  let dispose: () => Promise<void>;
  let database: Database;

  beforeAll(async () => {
    const created = await createTestDatabase(backend);
    dispose = created.dispose;
    database = created.database;
    node = await startServerNode(created.database);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    await node?.app.close();
    await dispose?.();
  }, hubHookTimeoutMs);

  const db = () => node.app.appContext.db;
  const idOf = async (username: string) =>
    (await db().select().from(users).where(eq(users.username, username)))[0]?.id ?? '';

  /** `count` notifications for the user, one minute apart, the newest `newestAgeMs` old. */
  async function notify(userId: string, count: number, newestAgeMs: number, label: string) {
    const newest = node.clock.now().getTime() - newestAgeMs;
    await db()
      .insert(notifications)
      .values(
        Array.from({ length: count }, (_, index) => ({
          userId,
          type: 'ERROR',
          message: `${label} ${index}`,
          createdAt: new Date(newest - index * 60_000),
        })),
      );
  }

  const messagesOf = async (userId: string) =>
    (
      await db()
        .select({ message: notifications.message })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt))
    ).map((row) => row.message);

  it('the sweep keeps each user’s newest 500, none older than 90 days, at most once an hour', async () => {
    const busy = await idOf((await createUser(node.app)).username);
    const quiet = await idOf((await createUser(node.app)).username);
    const { keepNewest, maxAgeDays, everyMs } = notificationRetention;
    // Tests run in any order: this node's pruning turn is due whatever ran before.
    node.clock.advance(everyMs);
    await notify(busy, keepNewest + 20, 0, 'recent');
    await notify(quiet, 3, 0, 'recent');
    await notify(quiet, 2, (maxAgeDays + 1) * DAY_MS, 'stale');

    await node.realtime.sweep();

    const kept = await messagesOf(busy);
    expect(kept).toHaveLength(keepNewest);
    // The oldest 20 went: the newest (index 0) stays, index 500 and beyond do not.
    expect(kept).toContain('recent 0');
    expect(kept).toContain(`recent ${keepNewest - 1}`);
    expect(kept).not.toContain(`recent ${keepNewest}`);
    expect(await messagesOf(quiet)).toEqual(['recent 2', 'recent 1', 'recent 0']);

    // Within the hour the sweep does not scan again; an hour later it does.
    await notify(busy, 5, -1, 'later');
    await node.realtime.sweep();
    expect(await messagesOf(busy)).toHaveLength(keepNewest + 5);
    node.clock.advance(everyMs);
    await node.realtime.sweep();
    expect(await messagesOf(busy)).toHaveLength(keepNewest);
    expect(await messagesOf(busy)).toContain('later 0');
  });

  it('prunes on one node of the cluster: another node leaves its turn to the lease holder until the lease lapses', async () => {
    const { keepNewest, everyMs } = notificationRetention;
    // This node's turn is due and it holds the pruning lease for the next hour.
    node.clock.advance(everyMs);
    await node.realtime.sweep();
    const busy = await idOf((await createUser(node.app)).username);
    await notify(busy, keepNewest + 5, 0, 'cluster');

    const otherClock = new TestClock();
    otherClock.advance(node.clock.now().getTime() - otherClock.now().getTime());
    const other = await startServerNode(database, {}, otherClock);
    try {
      await other.realtime.sweep();
      expect(await messagesOf(busy)).toHaveLength(keepNewest + 5);
      // The holder went silent: past the lease, the other node's next turn prunes.
      otherClock.advance(everyMs + 1);
      await other.realtime.sweep();
      expect(await messagesOf(busy)).toHaveLength(keepNewest);
    } finally {
      await other.app.close();
    }
  });
});
