/**
 * `npm run bench -- trading`: sniping end to end against the sandbox game on loopback.
 * (1) reaction time of a headless session, (2) trading capture of the standard scenario: our
 * engine vs the classic autobuyer vs the oracle bound under one request budget, (3) how many
 * sessions one agent process sustains and their memory. docs/benchmarks.md records a run.
 */
import os from 'node:os';
import { extraSeeds, runCapture, scenario, scenarioRules, type CaptureResult } from './capture.js';
import { measureDensity } from './density.js';
import { idealPacedSearcher, marketOfTheHour, oracleOf } from './market-hour.js';
import { measureReaction, type Distribution } from './reaction.js';

const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));

function captureLine(name: string, result: CaptureResult) {
  return (
    `${name.padEnd(18)} profit ${String(result.profit).padStart(8)}  won ${String(result.won).padStart(4)}  ` +
    `lost ${String(result.lost).padStart(3)}  requests ${String(result.requests).padStart(4)}  ` +
    `soft bans ${result.softBans}  (${(result.virtualMs / 60_000).toFixed(1)} virtual min in ${(result.realMs / 1000).toFixed(1)} s; ` +
    `${Math.round(result.backlogProfit)} of the profit from the backlog)`
  );
}

/** Profit per 100 requests: the oracle is charged the whole budget, whatever it bought. */
const per100 = (profit: number, requests: number) => (requests === 0 ? 0 : (profit * 100) / requests);

/**
 * Coins earned per 100 requests, the budget's real price: ours, the classic loop, the oracle.
 * The classic loop buys without a price check and loses money, so a ratio to it would say
 * nothing; what ours earns over it per 100 requests does.
 */
function efficiencyLine(ours: CaptureResult, classic: CaptureResult, oracle: number): string {
  const oursRate = per100(ours.profit, ours.requests);
  const classicRate = per100(classic.profit, classic.requests);
  const oracleRate = per100(oracle, scenario.requestBudget);
  const versusClassic =
    classicRate > 0
      ? `ours/classic ${ratio(oursRate, classicRate)}`
      : `ours − classic ${Math.round(oursRate - classicRate)} per 100 requests (classic loses money)`;
  return (
    `profit per 100 requests: ours ${Math.round(oursRate)}, classic ${Math.round(classicRate)}, ` +
    `oracle ${Math.round(oracleRate)} (budget ${scenario.requestBudget}); ` +
    `ours/oracle ${ratio(oursRate, oracleRate)}, classic/oracle ${ratio(classicRate, oracleRate)}, ${versusClassic}`
  );
}

export async function benchTrading(): Promise<void> {
  const reaction = await measureReaction(1_000);
  const spread = (d: Distribution) =>
    `p50 ${d.p50Ms.toFixed(3)} ms, p90 ${d.p90Ms.toFixed(3)} ms, p99 ${d.p99Ms.toFixed(3)} ms, max ${d.maxMs.toFixed(3)} ms over ${d.samples}`;
  console.log(
    `reaction (search answer's last byte → Buy Now request sent), headless on loopback, ` +
      `load average ${reaction.load[0].toFixed(1)} → ${reaction.load[1].toFixed(1)} on ${os.cpus().length} cores:\n` +
      `  engine (ours)           ${spread(reaction)} snipes (target p99 ≤ 1 ms)\n` +
      `  floor (client alone)    ${spread(reaction.floor)} buys: search, then Buy Now on the first listing\n` +
      `  ours/floor              p50 ${ratio(reaction.p50Ms, reaction.floor.p50Ms)}, p99 ${ratio(reaction.p99Ms, reaction.floor.p99Ms)}`,
  );

  const seeds = [scenario.seed, ...extraSeeds()];
  console.log(
    `\ntrading capture: ${scenario.virtualMinutes} virtual min, budget ${scenario.requestBudget} requests, ` +
      `gold rares ${scenario.minPrice}–${scenario.maxPrice}, min profit ${scenario.minProfit}, ${scenario.coins} coins; ` +
      `seed ${scenario.seed} (standard) and ${seeds.slice(1).join(', ')} (drawn from it)`,
  );
  const rules = scenarioRules();
  const summary: string[] = [];
  const ideals: string[] = [];
  for (const seed of seeds) {
    const market = await marketOfTheHour(seed, scenario.virtualMinutes);
    const oracle = oracleOf(market, rules);
    const ideal = idealPacedSearcher(market, rules, { budget: scenario.requestBudget, requestsPerBuy: 2 });
    const ours = await runCapture('engine', seed);
    const classic = await runCapture('classic', seed);
    console.log(`\nseed ${seed}${seed === scenario.seed ? ' (standard hour)' : ''}`);
    console.log(captureLine('engine (ours)', ours));
    console.log(captureLine('classic autobuyer', classic));
    const share = (part: number) => `${Math.round((part / Math.max(1, oracle.profit)) * 100)} %`;
    console.log(
      `oracle bound       profit ${String(oracle.profit).padStart(8)}  (every listing on the market during the hour, seen at once, ` +
        `never losing a race: ${share(oracle.backlog)} of it in the backlog at the start, ${share(oracle.taken)} in listings ` +
        `a rival or a human bought)`,
    );
    console.log(
      `ideal paced search profit ${String(ideal.profit).padStart(8)}  (same budget, a search every ${ideal.intervalS} s ` +
        `that shows the whole market on one page, 2 requests a buy; ${ratio(ideal.profit, oracle.profit)} of the oracle)`,
    );
    console.log(efficiencyLine(ours, classic, oracle.profit));
    summary.push(`${seed} ${ratio(ours.profit, oracle.profit)}`);
    ideals.push(`${seed} ${ratio(ideal.profit, oracle.profit)}`);
  }
  console.log(`\nours/oracle by seed: ${summary.join(', ')}`);
  console.log(`ideal paced search/oracle by seed: ${ideals.join(', ')}`);

  const density = await measureDensity(200, 15);
  console.log(
    `\ndensity: ${density.sustained}/${density.sessions} headless sessions sustained in one process ` +
      `(${density.searchesPerSecond.toFixed(0)} searches/s in total), ~${density.heapPerSessionMb.toFixed(2)} MB of heap per session (peak growth)`,
  );
}
