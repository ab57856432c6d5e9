import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { runLogMessages, startingSnipeFor } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, snipeLogEntries } from '../../src/db/schema.js';
import { chatFailingNotice } from '../../src/modules/webhook/notifier.js';
import { onlyDebugLogsMessage } from '../../src/modules/webhook/routes.js';
import { backends } from '../database.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  injectListing,
  openBrowser,
  ronaldoFilter,
  snipeConfiguration,
  startPayload,
  startStack,
  type Browser,
  type Stack,
} from './stack.js';

type Behaviour = 'hang' | 'fail' | 'ok' | 'rate-limit-once';

interface Arrival {
  path: string;
  at: number;
  text: string;
}

/**
 * A local chat service: each path behaves as told (never answer, 500, 204, or 429 with
 * Retry-After: 1 for the first arrival of each body and then 204), recording every arrival.
 */
async function startChatReceiver() {
  const arrivals: Arrival[] = [];
  const behaviours = new Map<string, Behaviour>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      const behaviour = behaviours.get(path) ?? 'ok';
      const seenBefore = arrivals.some((arrival) => arrival.path === path && arrival.text === text);
      arrivals.push({ path, at: performance.now(), text });
      if (behaviour === 'hang') return;
      if (behaviour === 'fail') return void response.writeHead(500).end('down');
      if (behaviour === 'rate-limit-once' && !seenBefore)
        return void response
          .writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: false, parameters: { retry_after: 1 } }));
      response.writeHead(path.includes('/sendMessage') ? 200 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    arrivals,
    /** A webhook address on this receiver that behaves as told. */
    hook(path: string, behaviour: Behaviour) {
      behaviours.set(path, behaviour);
      return `${base}${path}`;
    },
    behave: (path: string, behaviour: Behaviour) => behaviours.set(path, behaviour),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const attempts = 3;
const telegramToken = 'test-bot-token';

/**
 * One stack and one local chat receiver for the tests of a describe block, with the helpers that
 * trade through it. One sandbox market: each test waits for its own run to end before the next
 * injects a listing.
 */
function useChatStack(backend: (typeof backends)[number], chatTimeoutMs: number) {
  const ctx = {} as {
    stack: Stack;
    browser: Browser;
    chat: Awaited<ReturnType<typeof startChatReceiver>>;
  };

  beforeAll(async () => {
    ctx.chat = await startChatReceiver();
    ctx.stack = await startStack(backend, {
      chat: {
        timeoutMs: chatTimeoutMs,
        policy: { maxAttempts: attempts, backoffMs: () => 50 },
        telegram: { botToken: telegramToken, apiUrl: ctx.chat.base },
      },
    });
    ctx.browser = await openBrowser(ctx.stack.server, { maxAccounts: 3 });
  }, hubHookTimeoutMs);
  afterAll(async () => {
    ctx.browser?.socket.disconnect();
    await ctx.stack?.close();
    await ctx.chat?.close();
  }, hubHookTimeoutMs);

  async function useChat(webhookUrl: string, telegramId = '') {
    const saved = await ctx.browser.http.put('/api/user/provider', {
      discordId: '',
      discordWebhookUrl: webhookUrl,
      telegramId,
    });
    expect(saved.status).toBe(200);
  }

  /** A run that buys one mispriced listing and ends on its searches threshold, as with a healthy chat. */
  async function tradeOnce(email: string, price: number) {
    const { browser, stack } = ctx;
    const accountId = await createAccount(browser.http, email);
    await injectListing(stack.sim, price);
    browser.send(
      'snipe-create-browser',
      startPayload(accountId, [ronaldoFilter()], snipeConfiguration({ time: { maxSearches: 3 } })),
    );
    const result = await browser.waitFor(
      (m) => m.action === 'snipe-result' && m.data.accountId === accountId,
      'the purchase',
    );
    expect(result.data).toMatchObject({ buyPrice: price, playerId: 20_801 });
    expect(result.data.errorCode).toBeUndefined();
    const stop = await browser.waitFor(
      (m) => m.action === 'stop' && m.data.accountId === accountId,
      'the stop',
    );
    expect(stop.data.reason).toBe(runLogMessages.thresholdsExceeded);
    const [row] = await stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row?.status).toBe('thresholds_met');
    const entries = await stack.database.db
      .select()
      .from(snipeLogEntries)
      .where(eq(snipeLogEntries.accountId, accountId));
    expect(entries).toHaveLength(1);
    return accountId;
  }

  async function keptNotices() {
    const response = await ctx.browser.http.get('/api/notification');
    return (response.body as { data: Array<{ id: string; message: string; isRead: boolean }> }).data;
  }

  const arrivalsAt = (path: string, containing: string) =>
    ctx.chat.arrivals.filter((arrival) => arrival.path === path && arrival.text.includes(containing));

  return { ctx, useChat, tradeOnce, keptNotices, arrivalsAt };
}

// Its own stack, with a short answer limit: only the hanging hook is used there, so no late answer
// of the local receiver can be taken for "no answer in time", and its 3 messages × 3 attempts wait
// 9 s rather than 45 s.
describe.each(backends)('a chat webhook that never answers (%s)', hubSuite, (backend) => {
  const { ctx, useChat, tradeOnce, keptNotices, arrivalsAt } = useChatStack(backend, 1_000);

  it('a webhook that never answers: the run trades, every message is tried again, one notice', async () => {
    await useChat(ctx.chat.hook('/hang', 'hang'));
    await tradeOnce('hang@example.com', 500);
    await ctx.browser.waitFor(
      (m) =>
        m.action === 'notification' && m.data.message === chatFailingNotice('webhook', 'no answer in time'),
      'the failing notice',
    );
    await ctx.stack.server.realtime.drainWebhooks();
    expect(arrivalsAt('/hang', startingSnipeFor('hang@example.com'))).toHaveLength(attempts);
    expect(arrivalsAt('/hang', 'Snipe successful')).toHaveLength(attempts);
    const notices = (await keptNotices()).filter((notice) => notice.message.startsWith('Your chat webhook'));
    expect(notices.map((notice) => notice.message)).toEqual([
      chatFailingNotice('webhook', 'no answer in time'),
    ]);
  });
});

describe.each(backends)('a failing chat never slows or stops a run (%s)', hubSuite, (backend) => {
  // Only the hanging hook may time out, and it is in the block above: an answer of the local
  // receiver that comes late on a loaded machine must not turn into a third attempt (seen at 300 ms).
  const { ctx, useChat, tradeOnce, keptNotices, arrivalsAt } = useChatStack(backend, 5_000);

  it('a webhook answering 500: one notice while it fails, cleared when it recovers, raised again after', async () => {
    await useChat(ctx.chat.hook('/down', 'fail'));
    await tradeOnce('down@example.com', 550);
    await ctx.stack.server.realtime.drainWebhooks();
    expect(arrivalsAt('/down', 'Snipe successful')).toHaveLength(attempts);
    // The stop's own message is posted as the run ends, so the drain right after must wait for it too.
    expect(arrivalsAt('/down', runLogMessages.thresholdsExceeded)).toHaveLength(attempts);
    const failing = chatFailingNotice('webhook', 'HTTP 500');
    const first = (await keptNotices()).filter((notice) => notice.message === failing);
    expect(first).toHaveLength(1);
    expect(first[0]?.isRead).toBe(false);

    // It recovers: the next message goes through and the notice is cleared (read).
    ctx.chat.behave('/down', 'ok');
    const debug = { message: 'Recovered?', clubName: 'Down FC', type: 'DEBUG' as const };
    expect((await ctx.browser.http.post('/api/webhook/log', debug)).body).toEqual({
      data: { isQueued: true },
    });
    await ctx.stack.server.realtime.drainWebhooks();
    // The logger's form: plain `content` JSON, not an embed.
    const logged = JSON.parse(arrivalsAt('/down', 'Recovered?').at(-1)?.text ?? '{}');
    expect(logged.content).toContain('Recovered?');
    expect(logged.embeds).toBeUndefined();
    const cleared = (await keptNotices()).filter((notice) => notice.message === failing);
    expect(cleared).toEqual([expect.objectContaining({ id: first[0]?.id, isRead: true })]);

    // Failing again is news again: one more notice.
    ctx.chat.behave('/down', 'fail');
    await ctx.browser.http.post('/api/webhook/log', { ...debug, message: 'Down again' });
    await ctx.stack.server.realtime.drainWebhooks();
    expect((await keptNotices()).filter((notice) => notice.message === failing)).toHaveLength(2);
  });

  it('429 with Retry-After: waits what it asks, delivers everything, no notice; Telegram gets the run too', async () => {
    await useChat(ctx.chat.hook('/busy', 'rate-limit-once'), '123456789');
    ctx.chat.behave(`/bot${telegramToken}/sendMessage`, 'rate-limit-once');
    await tradeOnce('busy@example.com', 600);
    await ctx.stack.server.realtime.drainWebhooks();
    const snipe = arrivalsAt('/busy', 'Snipe successful');
    expect(snipe).toHaveLength(2);
    // The backoff is 50 ms; the second attempt waited the second the receiver asked for.
    expect((snipe[1]?.at ?? 0) - (snipe[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    const telegram = ctx.chat.arrivals.filter(
      (arrival) => arrival.path === `/bot${telegramToken}/sendMessage`,
    );
    const texts = telegram.map((arrival) => JSON.parse(arrival.text) as { chat_id: string; text: string });
    expect(texts.every((message) => message.chat_id === '123456789')).toBe(true);
    expect(texts.some((message) => message.text.includes(startingSnipeFor('busy@example.com')))).toBe(true);
    expect(texts.filter((message) => message.text.includes('Snipe successful'))).toHaveLength(2);
    const notices = await keptNotices();
    expect(notices.some((notice) => notice.message.includes('429'))).toBe(false);
  });

  it('the chat log takes DEBUG messages only', async () => {
    await useChat(ctx.chat.hook('/plain', 'ok'));
    const refused = await ctx.browser.http.post('/api/webhook/log', {
      message: 'Hello',
      clubName: 'FC',
      type: 'INFO',
    });
    expect(refused).toMatchObject({ status: 400, body: { message: onlyDebugLogsMessage } });
    const report = {
      buyerId: 'acc-1',
      platform: 'pc',
      playerId: 20_801,
      playerName: 'Cristiano Ronaldo',
      buyPrice: 500,
      sellPrice: 9_000,
      tax: 450,
      value: 8_050,
    };
    const posted = await ctx.browser.http.post('/api/webhook/snipe', report);
    expect(posted.body).toEqual({ data: { isQueued: true } });
    await ctx.stack.server.realtime.drainWebhooks();
    const embed = JSON.parse(arrivalsAt('/plain', 'Snipe successful')[0]?.text ?? '{}');
    expect(embed.embeds[0]).toMatchObject({ title: 'Snipe successful', color: 0x57f287 });
    expect(arrivalsAt('/plain', 'Hello')).toHaveLength(0);
  });
});
