import { defaultRarityFilter, rehearsalSchema, type RarityFilter, type Rehearsal } from '@tradedesk/domain';
import { expect } from 'vitest';
import type { Client } from '../helpers.js';
import { waitDeadlineMs } from './stack.js';

/** Gold rares of 1,000–50,000 with a 500-coin margin: the standard capture's filter. */
export async function saveGoldRares(http: Client, label: string): Promise<RarityFilter> {
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

export async function latestRehearsal(http: Client, filterIds: string[]): Promise<Rehearsal | null> {
  const response = await http.get(`/api/rehearsal?filterIds=${filterIds.join(',')}`);
  expect(response.status).toBe(200);
  return rehearsalSchema.nullable().parse((response.body as { data: unknown }).data);
}

/** Reads the rehearsal until the condition holds; the deadline only turns a hang into a failure. */
export async function waitForRehearsal(
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
