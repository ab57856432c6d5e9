/**
 * `npm run bench -- trading`: sniping end to end against the sandbox game on loopback.
 * (1) reaction time of a headless session, (2) trading capture of the standard scenario: our
 * engine vs the classic autobuyer vs the oracle bound under one request budget, (3) how many
 * sessions one agent process sustains and their memory. docs/benchmarks.md records a run.
 */
import { runCapture, scenario, type CaptureResult } from './capture.js';
import { measureDensity } from './density.js';
import { measureReaction } from './reaction.js';

const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));

function captureLine(name: string, result: CaptureResult) {
  return (
    `${name.padEnd(18)} profit ${String(result.profit).padStart(8)}  won ${String(result.won).padStart(4)}  ` +
    `lost ${String(result.lost).padStart(3)}  requests ${String(result.requests).padStart(4)}  ` +
    `soft bans ${result.softBans}  (${(result.virtualMs / 60_000).toFixed(1)} virtual min in ${(result.realMs / 1000).toFixed(1)} s)`
  );
}

export async function benchTrading(): Promise<void> {
  const reaction = await measureReaction(1_000);
  console.log(
    `reaction (search answer's last byte → Buy Now request sent), headless on loopback: ` +
      `p50 ${reaction.p50Ms.toFixed(3)} ms, p90 ${reaction.p90Ms.toFixed(3)} ms, p99 ${reaction.p99Ms.toFixed(3)} ms over ${reaction.samples} snipes (target p99 ≤ 2 ms)`,
  );

  console.log(
    `\ntrading capture: seed ${scenario.seed}, ${scenario.virtualMinutes} virtual min, budget ${scenario.requestBudget} requests, ` +
      `gold rares ${scenario.minPrice}–${scenario.maxPrice}, min profit ${scenario.minProfit}, ${scenario.coins} coins`,
  );
  const ours = await runCapture('engine');
  const classic = await runCapture('classic');
  console.log(captureLine('engine (ours)', ours));
  console.log(captureLine('classic autobuyer', classic));
  console.log(
    `oracle bound       profit ${String(ours.oracle).padStart(8)}  (every listing of the hour, never losing a race)`,
  );
  console.log(
    `ratio ours/baseline ${ratio(ours.profit, classic.profit)}  ours/oracle ${ratio(ours.profit, ours.oracle)}`,
  );

  const density = await measureDensity(200, 15);
  console.log(
    `\ndensity: ${density.sustained}/${density.sessions} headless sessions sustained in one process ` +
      `(${density.searchesPerSecond.toFixed(0)} searches/s in total), ~${density.rssPerSessionMb.toFixed(2)} MB RSS per session`,
  );
}
