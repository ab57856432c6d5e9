/**
 * `npm run bench -- rehearsal`: how long "Rehearse in sandbox" takes for one virtual hour, as the
 * agent runs it (both sides, each in its child process with its own world), beside a baseline of
 * the same run: the classic autobuyer's capture hour of the trading bench (one world built in this
 * process, reached over loopback). docs/benchmarks.md records a run.
 */
import os from 'node:os';
import { defaultConfiguration, defaultRarityFilter } from '@tradedesk/domain';
import type { RehearsalStart } from '@tradedesk/domain/realtime';
import { forkedRehearsalSides } from '../src/rehearsal/forked-sides.js';
import { runRehearsal } from '../src/rehearsal/run-rehearsal.js';
import { rehearseSideHere } from '../src/rehearsal/side-process.js';
import { runCapture, scenario } from './capture.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** The standard capture's filter, rehearsed with the default configuration for one virtual hour. */
function command(): RehearsalStart {
  return {
    rehearsalId: 'bench',
    seed: scenario.seed,
    spanMinutes: 60,
    platform: 'pc',
    coins: scenario.coins,
    filters: [
      {
        ...defaultRarityFilter('Gold rares'),
        id: 'gold-rares',
        rarity: 'rare',
        quality: 'gold',
        minPrice: scenario.minPrice,
        maxPrice: scenario.maxPrice,
        minProfit: { value: scenario.minProfit, unit: 'fixed' },
        followUp: { ...defaultRarityFilter().followUp, startPrice: 10_000, buyNowPrice: 15_000 },
      },
    ],
    configuration: defaultConfiguration(),
    startValues: [],
  };
}

export async function benchRehearsal(): Promise<void> {
  const load = os.loadavg()[0] ?? 0;
  const baselineStart = Date.now();
  const baseline = await runCapture('classic');
  const baselineMs = Date.now() - baselineStart;

  const sides = forkedRehearsalSides();
  const rehearse = async () => {
    const started = Date.now();
    let firstProgressMs: number | undefined;
    const result = await runRehearsal(command(), sides, (done) => {
      if (done > 0) firstProgressMs ??= Date.now() - started;
    });
    const wallMs = Date.now() - started;
    return { result, wallMs, firstProgressMs: firstProgressMs ?? wallMs };
  };
  // The agent's first rehearsal starts its side processes; later ones find them warm.
  const cold = await rehearse();
  await sides.warm();
  const warm = await rehearse();
  sides.close();
  // What each side costs in CPU (world built and the hour run), one after the other in this
  // process: on an idle 2-core machine the rehearsal takes about the dearer side plus a process start.
  const cpuOf = async (kind: 'ours' | 'classic') => {
    let close = () => Promise.resolve();
    const before = process.cpuUsage();
    let worldMs = 0;
    await rehearseSideHere(
      kind,
      command(),
      () => {
        if (worldMs === 0) worldMs = cpuMs(process.cpuUsage(before));
      },
      new AbortController().signal,
      (closer) => (close = closer),
    );
    const totalMs = cpuMs(process.cpuUsage(before));
    await close();
    return `${kind} ${seconds(totalMs)} (world ${seconds(worldMs)})`;
  };
  const cpu = [await cpuOf('ours'), await cpuOf('classic')];
  const line = (name: string, run: typeof cold) =>
    `${name.padEnd(6)} ${seconds(run.wallMs)} (worlds built, first progress after ${seconds(run.firstProgressMs)}; ` +
    `ours ${run.result.ours.requests} requests, classic ${run.result.classic.requests}); rehearsal/baseline ${(run.wallMs / baselineMs).toFixed(2)}`;

  console.log(
    `load average ${load.toFixed(1)} → ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores\n` +
      `baseline: classic autobuyer, capture hour of seed ${scenario.seed} in this process ` +
      `(${(baseline.virtualMs / 60_000).toFixed(1)} virtual min, ${baseline.requests} requests, world built here): ${seconds(baselineMs)}\n` +
      `rehearsal of one virtual hour, both sides, a child process and a world each (target: under ~10 s on a quiet machine):\n` +
      `  ${line('cold', cold)}\n  ${line('warm', warm)}\n` +
      `CPU per side, run one after the other in this process: ${cpu.join(', ')}`,
  );
}
