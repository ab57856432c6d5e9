/**
 * A targeted trading capture for iterating on the engine: `npx tsx apps/agent/bench/one-seed.ts 11705 [7 …]`,
 * or `… one-seed.ts --drawn 10` for the standard seed and ten drawn from it (the bench's three first).
 * Each seed's hour with our engine only (no classic loop, no reaction or density), its ratio to the
 * oracle and the ideal paced searcher, where the oracle's profit that ours missed went, and the
 * ratio of the sums over all seeds (one seed's figure hangs on a few large listings).
 */
import os from 'node:os';
import { extraSeeds, runCapture, scenario, scenarioRules, type PageSeen } from './capture.js';
import { idealPacedSearcher, marketOfTheHour, missBreakdown, oracleOf } from './market-hour.js';

const rules = scenarioRules();

async function oneSeed(seed: number): Promise<{ ours: number; oracle: number }> {
  const market = await marketOfTheHour(seed, scenario.virtualMinutes);
  const oracle = oracleOf(market, rules);
  const ideal = idealPacedSearcher(market, rules, { budget: scenario.requestBudget, requestsPerBuy: 2 });
  const pages: PageSeen[] = [];
  const ours = await runCapture('engine', seed, (page) => pages.push(page));
  const misses = missBreakdown(market, oracle.tradeIds, pages, ours.bought);
  // The same world with the session's waits drawn otherwise: which look wins a large listing moves.
  const profits = [ours.profit];
  for (let session = 1; session < sessions; session += 1)
    profits.push((await runCapture('engine', seed, undefined, seed + session * SESSION_SEED_STRIDE)).profit);
  const meanProfit = Math.round(profits.reduce((sum, profit) => sum + profit, 0) / sessions);
  console.log(
    `seed ${seed}: ours ${ours.profit} (${ours.requests} requests, soft bans ${ours.softBans}, ${(ours.realMs / 1000).toFixed(1)} s), ` +
      `oracle ${oracle.profit}, ours/oracle ${(ours.profit / oracle.profit).toFixed(2)}, ideal ${(ideal.profit / oracle.profit).toFixed(2)}`,
  );
  console.log(`  ${requestProfile(pages, ours.requests)}`);
  for (const [cause, { count, profit }] of Object.entries(misses))
    console.log(
      `  ${cause.padEnd(44)} ${String(count).padStart(4)} listings ${String(profit).padStart(8)} profit`,
    );
  if (sessions > 1)
    console.log(
      `  ${sessions} sessions: ${profits.join(' / ')}, mean ${meanProfit} (${(meanProfit / oracle.profit).toFixed(2)})`,
    );
  return { ours: meanProfit, oracle: oracle.profit };
}

/**
 * Where the request budget went: backlog sweep pages (a narrowed price band), looks at the newest
 * listings (the filter's own band; pages less than a pagination interval apart are one look), and
 * everything else (Buy Now, follow-ups, coin checks).
 */
function requestProfile(pages: readonly PageSeen[], requests: number): string {
  const isSweep = (page: PageSeen) =>
    page.minBuyNow !== scenario.minPrice || page.maxBuyNow !== scenario.maxPrice;
  const lookPages = pages.filter((page) => !isSweep(page));
  const looks = lookPages.filter(
    (page, index) => index === 0 || page.at - (lookPages[index - 1]?.at ?? 0) > 3_500,
  );
  const sweep = pages.length - lookPages.length;
  const spanS = ((lookPages.at(-1)?.at ?? 0) - (lookPages[0]?.at ?? 0)) / 1000;
  return (
    `requests: sweep ${sweep}, looks ${lookPages.length} in ${looks.length} looks ` +
    `(one every ${(spanS / Math.max(1, looks.length - 1)).toFixed(1)} s), other ${requests - pages.length}`
  );
}

/** Session seeds of one world: the world's own, then this far apart. */
const SESSION_SEED_STRIDE = 1_000_003;
// `--sessions K` runs each world K times with different session waits and sums the means: one
// seed's figure hangs on a few large listings that a look a second earlier or later wins or loses.
const given = process.argv.slice(2);
const sessionsAt = given.indexOf('--sessions');
const sessions = sessionsAt === -1 ? 1 : Number(given[sessionsAt + 1]);
const args = sessionsAt === -1 ? given : given.filter((_, at) => at !== sessionsAt && at !== sessionsAt + 1);
const seeds =
  args[0] === '--drawn'
    ? [scenario.seed, ...extraSeeds(Number(args[1] ?? 3))]
    : args.length > 0
      ? args.map(Number)
      : [scenario.seed];
// A typo ("7 --drawn 11") would otherwise run a NaN seed and print figures for it.
if (
  seeds.some((seed) => !Number.isSafeInteger(seed) || seed < 0) ||
  !Number.isSafeInteger(sessions) ||
  sessions < 1 ||
  (args[0] === '--drawn' && args.length > 2)
) {
  console.error('usage: one-seed.ts [seed …] | --drawn N [--sessions K]');
  process.exit(2);
}
console.log(`load average ${os.loadavg()[0]?.toFixed(1)}`);
let ours = 0;
let oracle = 0;
for (const seed of seeds) {
  const result = await oneSeed(seed);
  ours += result.ours;
  oracle += result.oracle;
}
console.log(
  `over ${seeds.length} seeds${sessions > 1 ? ` (mean of ${sessions} sessions each)` : ''}: ours ${ours}, oracle ${oracle}, ours/oracle ${(ours / oracle).toFixed(2)}`,
);
console.log(`load average ${os.loadavg()[0]?.toFixed(1)}`);
