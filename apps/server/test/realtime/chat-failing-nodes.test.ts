import { createServer } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/lib/app-context.js';
import type { Database } from '../../src/db/client.js';
import { notifications, users } from '../../src/db/schema.js';
import { CredentialCipher, generateSecretKey } from '../../src/lib/crypto.js';
import { createLiveEvents } from '../../src/lib/live-events.js';
import { notificationRepo } from '../../src/modules/notification/repo.js';
import { createUserWithToken } from '../../src/modules/user/commands.js';
import { chatFailingKey, chatFailingNotice, createChatNotifier } from '../../src/modules/webhook/notifier.js';
import { backends, createTestDatabase } from '../database.js';

/** A chat receiver that answers 500 while `failing`, 204 otherwise. */
async function startReceiver() {
  const state = { failing: true };
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(state.failing ? 500 : 204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const debugLine = (message: string) => ({ message, clubName: 'Nodes FC', type: 'DEBUG' as const });

// Two server nodes are two notifiers over one database: each keeps its own queues and memory.
describe.each(backends)('the chat failing notice across server nodes (%s)', (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let userId: string;
  const errors: unknown[] = [];
  /** The failing notices the nodes announced to their pages (each node has its own live bus). */
  const announced: string[] = [];

  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase(backend));
    receiver = await startReceiver();
    const { user } = await createUserWithToken(database.db, { username: `nodes_${backend}` });
    userId = user.id;
    await database.db
      .update(users)
      .set({ providers: { discordId: '', discordWebhookUrl: receiver.url, telegramId: '' } })
      .where(eq(users.id, userId));
  }, 240_000);
  afterAll(async () => {
    await receiver?.close();
    await dispose?.();
  });

  function node(): ReturnType<typeof createChatNotifier> {
    const ctx: AppContext = {
      db: database.db,
      cipher: new CredentialCipher(generateSecretKey()),
      gameMode: 'sandbox',
      now: () => new Date(),
    };
    const liveEvents = createLiveEvents((error) => errors.push(error));
    liveEvents.on('chatNoticeKept', (_userId, notification) => announced.push(notification.message));
    return createChatNotifier(ctx, { policy: { maxAttempts: 1 } }, (error) => errors.push(error), liveEvents);
  }

  const failingNotices = () =>
    database.db
      .select({ id: notifications.id, isRead: notifications.isRead, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.message, failing)));
  const failing = chatFailingNotice('webhook', 'HTTP 500');

  it('two nodes seeing the same webhook fail raise one notice; a node that delivers again clears it', async () => {
    const [one, two] = [node(), node()];
    // Both nodes fail at once, as a user's runs on two nodes would.
    expect(
      await Promise.all([
        one.queue(userId, 'log', debugLine('from node 1')),
        two.queue(userId, 'log', debugLine('from node 2')),
      ]),
    ).toEqual([true, true]);
    await Promise.all([one.drain(), two.drain()]);
    expect(await failingNotices()).toEqual([expect.objectContaining({ isRead: false })]);
    // Only the node whose write kept the notice shows it live: the user sees it once.
    expect(announced).toEqual([failing]);

    // Still failing: neither node raises it again.
    await one.queue(userId, 'log', debugLine('again from node 1'));
    await two.queue(userId, 'log', debugLine('again from node 2'));
    await Promise.all([one.drain(), two.drain()]);
    expect(await failingNotices()).toHaveLength(1);

    // The chat recovers: node 2's next delivery clears the notice node 1's write kept.
    receiver.state.failing = false;
    await two.queue(userId, 'log', debugLine('node 2 delivers'));
    await two.drain();
    expect(await failingNotices()).toEqual([expect.objectContaining({ isRead: true })]);

    // Failing again is news again: one new notice, whichever node sees it first.
    receiver.state.failing = true;
    await Promise.all([
      one.queue(userId, 'log', debugLine('down again 1')),
      two.queue(userId, 'log', debugLine('down again 2')),
    ]);
    await Promise.all([one.drain(), two.drain()]);
    const notices = await failingNotices();
    expect(notices.filter((notice) => !notice.isRead)).toHaveLength(1);
    expect(notices).toHaveLength(2);
    expect(announced).toEqual([failing, failing]);
    expect(errors).toEqual([]);
    one.close();
    two.close();
  });

  it('the database refuses a second unread notice of one key, however the writes race', async () => {
    const { user } = await createUserWithToken(database.db, { username: `race_${backend}` });
    const noticeKey = chatFailingKey('telegram');
    const kept = await Promise.all(
      Array.from({ length: 5 }, () =>
        notificationRepo.insert(database.db, {
          userId: user.id,
          type: 'ERROR',
          message: chatFailingNotice('telegram', 'HTTP 403'),
          noticeKey,
          createdAt: new Date(),
        }),
      ),
    );
    expect(kept.filter((row) => row !== undefined)).toHaveLength(1);
    // Notices without a key are never held back.
    const plain = await Promise.all(
      Array.from({ length: 2 }, () =>
        notificationRepo.insert(database.db, {
          userId: user.id,
          type: 'INFO',
          message: 'Snipe stopped',
          createdAt: new Date(),
        }),
      ),
    );
    expect(plain.filter((row) => row !== undefined)).toHaveLength(2);
  });
});
