import { rehearsalMessages, type RarityFilter } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPrices, snipeRehearsals } from '../../src/db/schema.js';
import { storeObservations } from '../../src/modules/prices/repo.js';
import { rehearsalLostMessage, startValuesOf } from '../../src/modules/rehearsal/service.js';
import { backends } from '../database.js';
import { latestRehearsal, saveGoldRares, waitForRehearsal } from './rehearsal-helpers.js';
import {
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  saveRonaldoFilter,
  startStack,
  waitDeadlineMs,
  type Browser,
  type Stack,
} from './stack.js';

describe.each(backends)('Rehearse in sandbox (%s)', { timeout: 4 * hubSuite.timeout }, (backend) => {
  let stack: Stack;
  let browser: Browser;
  let filter: RarityFilter;

  beforeAll(async () => {
    // An agent that drops has a minute (app clock) to come back: only a page's check ends its runs early.
    // One world for every run of the file: a drawn world may hold no bargain for the classic side
    // in ten minutes (seen once in CI: classic wins 0).
    stack = await startStack(backend, { reconnectGraceMs: 60_000, rehearsalSeed: () => 1 });
    browser = await openBrowser(stack.server);
    filter = await saveGoldRares(browser.http, 'Gold rares');
    // The price database names Ronaldo's price: the rehearsal world starts his market there.
    await stack.database.db.insert(currentPrices).values({
      definitionId: 20_801,
      platform: 'pc',
      source: 'futbin',
      price: 9_500,
      observedAt: new Date(),
    });
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    await stack?.close();
  }, hubHookTimeoutMs);

  it('refuses a span outside 5–240 minutes, no filter and a filter of someone else', async () => {
    browser.send('snipe-rehearse', { filterIds: [filter.id], spanMinutes: 1 });
    expect(await browser.waitForError()).toBe(rehearsalMessages.span);
    browser.send('snipe-rehearse', { filterIds: [], spanMinutes: 60 });
    expect(await browser.waitForError()).toBe(rehearsalMessages.chooseFilter);
    const stranger = await openBrowser(stack.server);
    const theirs = await saveRonaldoFilter(stranger.http, 'Theirs', 900);
    stranger.socket.disconnect();
    browser.send('snipe-rehearse', { filterIds: [theirs.id], spanMinutes: 60 });
    expect(await browser.waitForError()).toBe(rehearsalMessages.unknownFilter);
    // Nothing refused was recorded.
    expect(await latestRehearsal(browser.http, [theirs.id ?? ''])).toBeNull();
  });

  it('rehearses the filter beside the classic autobuyer, one at a time, and keeps the result per filter version', async () => {
    const ids = [filter.id ?? ''];
    // Tests run in random order and another may have rehearsed this filter before, at the same
    // moment of the standing test clock: this one is made the latest, and found by its own span.
    stack.server.clock.advance(1_000);
    browser.send('snipe-rehearse', { filterIds: ids, spanMinutes: 10 });
    const running = await waitForRehearsal(browser.http, ids, (rehearsal) => rehearsal?.spanMinutes === 10);
    expect(running?.status).toBe('running');
    // A second one waits for the first.
    browser.send('snipe-rehearse', { filterIds: ids, spanMinutes: 10 });
    expect(await browser.waitForError()).toBe(rehearsalMessages.alreadyRunning);

    const done = await waitForRehearsal(browser.http, ids, (rehearsal) => rehearsal?.status !== 'running');
    const result = done?.result;
    if (!done || !result) throw new Error(`no result: ${JSON.stringify(done)}`);
    expect(done.status).toBe('done');
    expect(done.progress).toBe(1);
    expect(result.spanMinutes).toBe(10);
    expect(result.limits).toEqual({ perMinute: 40, perHour: 1_000 });
    for (const side of [result.ours, result.classic]) {
      expect(side.requests).toBeGreaterThan(0);
      expect(side.profitByMinute).toHaveLength(10);
      expect(side.profitByMinute.at(-1)).toBe(side.profit);
      expect(side.best.length).toBe(Math.min(10, side.wins));
      expect(side.peakRequestsPerMinute).toBeLessThanOrEqual(side.requests);
      // The figures agree with each other: the best trades are wins and the worst losses, a
      // side that lost coins had a loss, and no peak stands above the limit it is shown against.
      expect(side.best.every((trade) => trade.profit > 0)).toBe(true);
      expect(side.worst.every((trade) => trade.profit < 0)).toBe(true);
      expect(side.worst.length).toBe(Math.min(10, side.losses));
      if (side.profit < 0) expect(side.losses).toBeGreaterThan(0);
      expect(side.peakRequestsPerMinute).toBeLessThanOrEqual(result.limits.perMinute);
    }
    // The classic loop buys the first listing under its max price, every 7–15 s.
    expect(result.classic.wins).toBeGreaterThan(0);

    // Editing the filter makes a new version: no result for it, the old one kept.
    stack.server.clock.advance(60_000);
    const edited = await browser.http.post('/api/filter', { ...filter, maxPrice: 40_000 });
    expect(edited.status).toBe(200);
    expect(await latestRehearsal(browser.http, ids)).toBeNull();
    const kept = await stack.database.db
      .select()
      .from(snipeRehearsals)
      .where(eq(snipeRehearsals.id, done.id));
    expect(kept.map((row) => row.status)).toEqual(['done']);
  });

  it('seeds the world from the prices the server holds, a price it just recorded included', async () => {
    const messi = 158_023;
    const observedAt = new Date();
    await storeObservations(stack.database.db, [
      { definitionId: messi, platform: 'pc', source: 'futbin', price: 9_900, observedAt },
      { definitionId: messi, platform: 'ps', source: 'futbin', price: 9_700, observedAt },
    ]);
    const values = await startValuesOf(stack.server.app.appContext);
    expect(values.filter((value) => value.definitionId === messi)).toEqual([
      { definitionId: messi, pc: 9_900, ps: 9_700 },
    ]);
    // Ronaldo's price, written before the server read its prices, is there too.
    expect(values).toContainEqual({ definitionId: 20_801, pc: 9_500 });
  });

  it('ends a rehearsal whose agent is gone with the lost message when the page next reads it', async () => {
    const ids = [filter.id ?? ''];
    // Four virtual hours: still running when the agent goes.
    browser.send('snipe-rehearse', { filterIds: ids, spanMinutes: 240 });
    const running = await waitForRehearsal(
      browser.http,
      ids,
      (rehearsal) => rehearsal?.status === 'running' && rehearsal.spanMinutes === 240,
    );
    const gone = stack.agent.agentId;
    stack.agent.kill();
    const deadline = Date.now() + waitDeadlineMs;
    while (stack.server.realtime.connectedAgents().includes(gone)) {
      if (Date.now() > deadline) throw new Error('the server never saw the agent go');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Within the reconnect grace the agent may still come back: the rehearsal keeps running.
    expect((await latestRehearsal(browser.http, ids))?.status).toBe('running');

    stack.server.clock.advance(61_000);
    const ended = await latestRehearsal(browser.http, ids);
    expect(ended).toMatchObject({ id: running?.id, status: 'failed', message: rehearsalLostMessage });
    // Nothing blocks the next one.
    await stack.startAgent();
    browser.send('snipe-rehearse', { filterIds: ids, spanMinutes: 5 });
    await waitForRehearsal(browser.http, ids, (rehearsal) => rehearsal?.status === 'done');
  });
});
