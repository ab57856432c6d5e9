/**
 * A targeted trading capture for iterating on the engine: `npx tsx apps/agent/bench/one-seed.ts 11705 [7 …]`.
 * One seed's hour with our engine only (no classic loop, no reaction or density), its ratio to the
 * oracle and the ideal paced searcher, and where the oracle's profit that ours missed went.
 */
import os from 'node:os';
import { runCapture, scenario, type PageSeen } from './capture.js';
import { idealPacedSearcher, marketOfTheHour, missBreakdown, oracleOf } from './market-hour.js';

const rules = {
  maxBuyNow: scenario.maxPrice,
  minProfit: { value: scenario.minProfit, unit: 'fixed' as const },
  coins: scenario.coins,
};

async function oneSeed(seed: number): Promise<void> {
  const market = await marketOfTheHour(seed, scenario.virtualMinutes);
  const oracle = oracleOf(market, rules);
  const ideal = idealPacedSearcher(market, rules, { budget: scenario.requestBudget, requestsPerBuy: 2 });
  const pages: PageSeen[] = [];
  const ours = await runCapture('engine', seed, (page) => pages.push(page));
  const misses = missBreakdown(market, oracle.tradeIds, pages, ours.bought);
  console.log(
    `seed ${seed}: ours ${ours.profit} (${ours.requests} requests, soft bans ${ours.softBans}, ${(ours.realMs / 1000).toFixed(1)} s), ` +
      `oracle ${oracle.profit}, ours/oracle ${(ours.profit / oracle.profit).toFixed(2)}, ideal ${(ideal.profit / oracle.profit).toFixed(2)}`,
  );
  for (const [cause, { count, profit }] of Object.entries(misses))
    console.log(`  ${cause.padEnd(44)} ${String(count).padStart(4)} listings ${String(profit).padStart(8)} profit`);
}

const seeds = process.argv.slice(2).map(Number);
console.log(`load average ${os.loadavg()[0]?.toFixed(1)}`);
for (const seed of seeds.length > 0 ? seeds : [scenario.seed]) await oneSeed(seed);
console.log(`load average ${os.loadavg()[0]?.toFixed(1)}`);
