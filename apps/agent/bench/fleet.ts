/**
 * `npm run bench -- fleet`: one user's K accounts (K = 1, 3, 5) sniping one world for a virtual
 * hour, on the trading bench's seeds, with the same coins and request budget per account:
 * (a) K independent runs of today's engine, (b) the same accounts as one fleet, (c) the oracle
 * with K accounts' coins. `BENCH_FLEET_SEEDS=n` runs the first n seeds only.
 */
import { extraSeeds, scenario } from './capture.js';
import { runTeam, type TeamResult } from './fleet-capture.js';
import { marketOfTheHour, oracleOf } from './market-hour.js';

const TEAM_SIZES = [1, 3, 5] as const;
const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
const perHour = (result: TeamResult) => Math.round(result.profit / (result.virtualMs / 3_600_000));

function teamLine(name: string, result: TeamResult, oracle: number): string {
  return (
    `  ${name.padEnd(12)} profit/hour ${String(perHour(result)).padStart(8)}  capture ${ratio(result.profit, oracle)}  ` +
    `won ${String(result.won).padStart(3)}  lost ${String(result.lost).padStart(3)} ` +
    `(to own accounts ${result.lostToOwnAccount})  own listings bought ${result.ownListingsBought}  ` +
    `requests ${result.requests}  soft bans ${result.softBans}  per account [${result.perAccount.join(', ')}]  ` +
    `(${(result.realMs / 1000).toFixed(1)} s)`
  );
}

function seedCount(): number {
  const raw = process.env.BENCH_FLEET_SEEDS;
  const count = raw === undefined ? 4 : Number(raw);
  if (!Number.isSafeInteger(count) || count < 1 || count > 4)
    throw new Error(`BENCH_FLEET_SEEDS must be a whole number from 1 to 4, got ${raw}`);
  return count;
}

export async function benchFleet(): Promise<void> {
  const seeds = [scenario.seed, ...extraSeeds()].slice(0, seedCount());
  console.log(
    `fleet sniping: ${scenario.virtualMinutes} virtual min, per account ${scenario.requestBudget} requests and ` +
      `${scenario.coins} coins, gold rares ${scenario.minPrice}–${scenario.maxPrice}; seeds ${seeds.join(', ')}`,
  );
  const verdicts: string[] = [];
  for (const seed of seeds) {
    const market = await marketOfTheHour(seed, scenario.virtualMinutes);
    console.log(`\nseed ${seed}${seed === scenario.seed ? ' (standard hour)' : ''}`);
    let singleCapture = 0;
    for (const accounts of TEAM_SIZES) {
      const oracle = oracleOf(market, {
        maxBuyNow: scenario.maxPrice,
        minProfit: { value: scenario.minProfit, unit: 'fixed' },
        coins: scenario.coins * accounts,
      }).profit;
      const independent = await runTeam('independent', seed, accounts);
      // A fleet needs two accounts: one account runs alone, as today's engine.
      const fleet = accounts > 1 ? await runTeam('fleet', seed, accounts) : independent;
      if (accounts === 1) singleCapture = independent.profit / Math.max(1, oracle);
      console.log(`K = ${accounts}: oracle for ${accounts} budget(s) profit/hour ${oracle}`);
      console.log(teamLine('independent', independent, oracle));
      console.log(teamLine('fleet', fleet, oracle));
      console.log(
        `  fleet capture ${ratio(fleet.profit, oracle)} beside the single account's ${singleCapture.toFixed(2)}; ` +
          `headroom oracle/independent ${ratio(oracle, independent.profit)}`,
      );
      if (accounts === 5) {
        const line = `fleet/independent ${ratio(perHour(fleet), perHour(independent))}`;
        console.log(`seed ${seed} ${line}`);
        verdicts.push(`${seed} ${line}`);
      }
    }
  }
  console.log(`\nK = 5 by seed: ${verdicts.join('; ')}`);
}
