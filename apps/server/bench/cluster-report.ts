/** The cluster bench's printed figures: one table of outcomes and recoveries, one of processes. */
import type { LedgerComparison } from './cluster-ledger.js';
import type { SteadyState } from './cluster-observer.js';
import { seconds } from './cluster-waits.js';
import type { startProcessSampler } from './process-sampler.js';

export interface ClusterFigures {
  sockets: number;
  sessions: number;
  activeAtEnd: number;
  steady: SteadyState;
  sustained: SteadyState;
  planted: number;
  ledger: LedgerComparison;
  /** Each fault's recovery, as noted. */
  recoveries: ReadonlyArray<readonly [string, string]>;
  /** Events a socket heard of accounts that are not its user's. */
  strays: number;
  actionErrors: ReadonlyMap<string, number>;
  poolFailures: ReadonlyMap<string, { count: number; first: Date; last: Date }>;
  dbSummary: readonly string[];
  processes: ReturnType<ReturnType<typeof startProcessSampler>['summary']>;
  durationMs: number;
}

const listed = <V>(map: ReadonlyMap<string, V>, show: (key: string, value: V) => string) =>
  map.size === 0 ? '0' : [...map].map(([key, value]) => show(key, value)).join('; ');
const clock = (date: Date) => date.toISOString().slice(11, 19);

export function printClusterReport(figures: ClusterFigures) {
  const { steady, sustained, ledger } = figures;
  const row = (figure: string, value: string | number) => console.log(`| ${figure} | ${value} |`);
  console.log('');
  console.log('| figure | value |');
  console.log('| --- | --- |');
  row('web sockets', figures.sockets);
  row(
    'sessions started / Active at the end of the faults / searching at the end (15 s window)',
    `${figures.sessions} / ${figures.activeAtEnd} / ${sustained.advancing}`,
  );
  row(
    'searches per second, steady / after the faults',
    `${steady.searchesPerSecond.toFixed(0)} / ${sustained.searchesPerSecond.toFixed(0)}`,
  );
  row('listings planted', figures.planted);
  row(
    'purchases recorded / in the sandbox ledger',
    `${ledger.recordedBuys} (${ledger.recordedSpent} coins) / ${ledger.ledgerBuys} (${ledger.ledgerSpent} coins)`,
  );
  row('purchases lost / doubled', `${ledger.lost} / ${ledger.doubled}`);
  if (ledger.mismatched.length > 0) row('accounts that differ', ledger.mismatched.join('; '));
  for (const [fault, figure] of figures.recoveries) row(`recovery: ${fault}`, figure);
  row("events delivered to another user's socket", figures.strays);
  row(
    "errors answered to the bench's starts and stops",
    listed(figures.actionErrors, (text, count) => `${count} × ${text}`),
  );
  row('PostgreSQL connections of the cluster (steady)', steady.connections);
  row(
    "nodes' database pool failures (log lines)",
    listed(
      figures.poolFailures,
      (key, seen) => `${key}: ${seen.count} (${clock(seen.first)}–${clock(seen.last)})`,
    ),
  );
  for (const line of figures.dbSummary) console.log(line);
  for (const { agent, sessions, rssMb } of steady.perSession)
    row(
      `${agent}: sessions, RSS, RSS per session (steady)`,
      `${sessions}, ${rssMb.toFixed(0)} MB, ${sessions > 0 ? (rssMb / sessions).toFixed(2) : '–'} MB`,
    );
  row('bench duration', seconds(figures.durationMs));
  console.log('');
  console.log(
    '| process | CPU (% of one core, mean) | peak RSS | event-loop delay p99 (median of 5 s windows) / max, serving | max while starting |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const process of figures.processes)
    console.log(
      `| ${process.name} | ${process.cpuPercent.toFixed(0)} % | ${process.peakRssMb.toFixed(0)} MB | ${process.loopP99Ms === undefined ? '–' : `${process.loopP99Ms.toFixed(0)} ms / ${process.loopMaxMs!.toFixed(0)} ms`} | ${process.startingLoopMaxMs.toFixed(0)} ms |`,
    );
}
