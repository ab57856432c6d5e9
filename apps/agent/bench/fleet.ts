/**
 * `npm run bench -- fleet`: one user's K accounts (K = 1, 3, 5) sniping one world for a virtual
 * hour, on the trading bench's seeds, with the same coins and request budget per account:
 * (a) K independent runs of today's engine, (b) the same accounts as one fleet, (c) the oracle
 * with K accounts' coins. `BENCH_FLEET_SEEDS=n` runs the first n seeds only, `BENCH_FLEET_SEED=s`
 * the one seed s (four processes run the four seeds side by side).
 */
import { extraSeeds, scenario, scenarioRules } from './capture.js';
import { runTeam, type TeamResult } from './fleet-capture.js';
import { marketOfTheHour, oracleOf, type HourMarket } from './market-hour.js';

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

/**
 * The oracle bounds what the price rule allows (profit ≥ the min profit, Buy Now ≤ the max): a
 * team's buys outside its listings (a recall up to 6 % over a limit, a margin under the min
 * profit, a listing the replay did not hold) are counted apart, so a capture over 1 would show why.
 */
function outsideOracle(result: TeamResult, market: HourMarket, oracleIds: ReadonlySet<number>): string {
  const inOracle = new Set(market.listings.filter((l) => oracleIds.has(l.tradeId)).map((l) => l.key));
  let count = 0;
  let profit = 0;
  for (const [key, gain] of result.profitOf)
    if (!inOracle.has(key)) {
      count += 1;
      profit += gain;
    }
  return `${count} buys, profit ${profit}`;
}

/** Session seeds of one world's draws: draw n's account i waits from seed + n × this + i. */
const DRAW_STRIDE = 1_000_003;

/**
 * `BENCH_FLEET_DRAW=n` replays each world with the accounts' waits drawn otherwise (0 by default:
 * account 0 waits as the trading bench's one account). A K = 5 figure hangs on which look meets
 * a few large listings, so one draw is not a verdict.
 */
function sessionDraw(): number {
  const raw = process.env.BENCH_FLEET_DRAW ?? '0';
  const draw = Number(raw);
  if (!Number.isSafeInteger(draw) || draw < 0 || draw > 1_000)
    throw new Error(`BENCH_FLEET_DRAW must be a whole number from 0 to 1000, got ${raw}`);
  return draw;
}

/** The bench's seeds: the first `BENCH_FLEET_SEEDS` of the four, or the one `BENCH_FLEET_SEED` names. */
function benchSeeds(): number[] {
  const all = [scenario.seed, ...extraSeeds()];
  const one = process.env.BENCH_FLEET_SEED;
  if (one !== undefined) {
    if (!all.includes(Number(one)))
      throw new Error(`BENCH_FLEET_SEED must be one of the bench's seeds ${all.join(', ')}, got ${one}`);
    return [Number(one)];
  }
  const raw = process.env.BENCH_FLEET_SEEDS;
  const count = raw === undefined ? 4 : Number(raw);
  if (!Number.isSafeInteger(count) || count < 1 || count > 4)
    throw new Error(`BENCH_FLEET_SEEDS must be a whole number from 1 to 4, got ${raw}`);
  return all.slice(0, count);
}

export async function benchFleet(): Promise<void> {
  const seeds = benchSeeds();
  const draw = sessionDraw();
  console.log(
    `fleet sniping: ${scenario.virtualMinutes} virtual min, per account ${scenario.requestBudget} requests and ` +
      `${scenario.coins} coins, gold rares ${scenario.minPrice}–${scenario.maxPrice}; seeds ${seeds.join(', ')}; ` +
      `session draw ${draw}`,
  );
  const verdicts: string[] = [];
  for (const seed of seeds) {
    const market = await marketOfTheHour(seed, scenario.virtualMinutes);
    console.log(`\nseed ${seed}${seed === scenario.seed ? ' (standard hour)' : ''}`);
    let singleCapture = 0;
    for (const accounts of TEAM_SIZES) {
      const bound = oracleOf(market, scenarioRules(accounts));
      const oracle = bound.profit;
      const oracleIds = new Set(bound.tradeIds);
      // What the oracle spent: coins bind only when this reaches the K accounts' coins.
      const spent = market.listings.reduce(
        (sum, listing) => sum + (oracleIds.has(listing.tradeId) ? listing.buyNowPrice : 0),
        0,
      );
      const sessionSeed = seed + draw * DRAW_STRIDE;
      const independent = await runTeam('independent', seed, accounts, undefined, sessionSeed);
      // A fleet needs two accounts: one account runs alone, as today's engine.
      const fleet =
        accounts > 1 ? await runTeam('fleet', seed, accounts, undefined, sessionSeed) : independent;
      if (accounts === 1) singleCapture = independent.profit / Math.max(1, oracle);
      console.log(
        `K = ${accounts}: oracle for ${accounts} budget(s) profit/hour ${oracle} ` +
          `(${bound.tradeIds.length} listings, ${spent} of ${scenario.coins * accounts} coins)`,
      );
      console.log(teamLine('independent', independent, oracle));
      console.log(teamLine('fleet', fleet, oracle));
      console.log(
        `  fleet capture ${ratio(fleet.profit, oracle)} beside the single account's ${singleCapture.toFixed(2)}; ` +
          `headroom oracle/independent ${ratio(oracle, independent.profit)}; bought outside the oracle's ` +
          `listings: independent ${outsideOracle(independent, market, oracleIds)}, fleet ${outsideOracle(fleet, market, oracleIds)}`,
      );
      if (accounts === 5) {
        const line =
          `fleet/independent ${ratio(perHour(fleet), perHour(independent))} ` +
          `(headroom oracle/independent ${ratio(oracle, independent.profit)})`;
        console.log(`seed ${seed} ${line}`);
        verdicts.push(`${seed} ${line}`);
      }
    }
  }
  console.log(`\nK = 5 by seed: ${verdicts.join('; ')}`);
}
