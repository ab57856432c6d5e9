import {
  defaultRarityFilter,
  rehearsalMessages,
  rehearsalSchema,
  type RarityFilter,
  type Rehearsal,
} from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPrices, snipeRehearsals } from '../../src/db/schema.js';
import { backends } from '../database.js';
import type { Client } from '../helpers.js';
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

/** Gold rares of 1,000–50,000 with a 500-coin margin: the standard capture's filter. */
async function saveGoldRares(http: Client, label: string): Promise<RarityFilter> {
  const { id: _unsaved, ...filter } = {
    ...defaultRarityFilter(label),
    id: undefined,
    rarity: 'rare' as const,
    quality: 'gold' as const,
    minPrice: 1_000,
    maxPrice: 50_000,
    minProfit: { value: 500, unit: 'fixed' as const },
    followUp: { ...defaultRarityFilter().followUp, startPrice: 10_000, buyNowPrice: 15_000 },
  };
  const response = await http.post('/api/filter', filter);
  if (response.status !== 200) throw new Error(`save filter failed: ${JSON.stringify(response.body)}`);
  return (response.body as { data: RarityFilter }).data;
}

async function latestRehearsal(http: Client, filterIds: string[]): Promise<Rehearsal | null> {
  const response = await http.get(`/api/rehearsal?filterIds=${filterIds.join(',')}`);
  expect(response.status).toBe(200);
  return rehearsalSchema.nullable().parse((response.body as { data: unknown }).data);
}

/** Reads the rehearsal until the condition holds; the deadline only turns a hang into a failure. */
async function waitForRehearsal(
  http: Client,
  filterIds: string[],
  until: (rehearsal: Rehearsal | null) => boolean,
): Promise<Rehearsal | null> {
  const deadline = Date.now() + 3 * waitDeadlineMs;
  for (;;) {
    const rehearsal = await latestRehearsal(http, filterIds);
    if (until(rehearsal)) return rehearsal;
    if (Date.now() > deadline) throw new Error(`rehearsal never got there: ${JSON.stringify(rehearsal)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.each(backends)('Rehearse in sandbox (%s)', { timeout: 4 * hubSuite.timeout }, (backend) => {
  let stack: Stack;
  let browser: Browser;
  let filter: RarityFilter;

  beforeAll(async () => {
    stack = await startStack(backend);
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
    browser.send('snipe-rehearse', { filterIds: ids, spanMinutes: 10 });
    const running = await waitForRehearsal(browser.http, ids, (rehearsal) => rehearsal !== null);
    expect(running?.spanMinutes).toBe(10);
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
});
