/**
 * The cluster bench's profile of its processes: CPU share and resident memory read from /proc
 * (Linux) every few seconds, and the event-loop delay each process prints through
 * `loop-probe.mjs`. Figures are kept per process name, so a restarted process continues its row.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

interface Row {
  cpuSeconds: number;
  sampledSeconds: number;
  peakRssMb: number;
  lastTicks?: { pid: number; ticks: number; at: number };
  loopP99: number[];
  /** The longest delay while the process was serving (listening), and before it listened. */
  loopMax: number;
  startingLoopMax: number;
}

function readTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields that follow start after its closing bracket.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return undefined;
  }
}

function readRssMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

export function startProcessSampler(
  processes: () => Array<{ name: string; pid: number | undefined }>,
  intervalMs = 2_000,
) {
  const rows = new Map<string, Row>();
  const rowOf = (name: string) => {
    let row = rows.get(name);
    if (!row) {
      row = { cpuSeconds: 0, sampledSeconds: 0, peakRssMb: 0, loopP99: [], loopMax: 0, startingLoopMax: 0 };
      rows.set(name, row);
    }
    return row;
  };
  const sample = () => {
    const now = Date.now();
    for (const { name, pid } of processes()) {
      if (pid === undefined) continue;
      const row = rowOf(name);
      const ticks = readTicks(pid);
      const rss = readRssMb(pid);
      if (ticks === undefined || rss === undefined) continue;
      row.peakRssMb = Math.max(row.peakRssMb, rss);
      if (row.lastTicks?.pid === pid) {
        row.cpuSeconds += (ticks - row.lastTicks.ticks) / ticksPerSecond;
        row.sampledSeconds += (now - row.lastTicks.at) / 1000;
      }
      row.lastTicks = { pid, ticks, at: now };
    }
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  // The sampling process's own loop (the bench: web clients and the sandbox game), as loop-probe.mjs does.
  const ownDelay = monitorEventLoopDelay({ resolution: 10 });
  ownDelay.enable();
  const ownTimer = setInterval(() => {
    const own = processes().find(({ pid }) => pid === process.pid);
    if (own) keepLoop(own.name, ownDelay.percentile(99) / 1e6, ownDelay.max / 1e6);
    ownDelay.reset();
  }, 5_000);
  ownTimer.unref();
  function keepLoop(name: string, p99Ms: number, maxMs: number, serving = true) {
    const row = rowOf(name);
    if (!serving) {
      row.startingLoopMax = Math.max(row.startingLoopMax, maxMs);
      return;
    }
    row.loopP99.push(p99Ms);
    row.loopMax = Math.max(row.loopMax, maxMs);
  }
  return {
    /** Feeds one output line of a process; loop-probe lines are kept, others ignored. */
    line(name: string, line: string) {
      const probe = /loop-probe p50=[\d.]+ p99=([\d.]+) max=([\d.]+) heapMb=\d+ serving=([01])/.exec(line);
      if (probe) keepLoop(name, Number(probe[1]), Number(probe[2]), probe[3] === '1');
    },
    /** Resident memory of a process now (MB). */
    rssMb: (pid: number | undefined) => (pid === undefined ? undefined : readRssMb(pid)),
    stop() {
      clearInterval(timer);
      clearInterval(ownTimer);
      ownDelay.disable();
    },
    /**
     * One row per process: mean CPU (% of one core), peak RSS, event-loop delay p99 (median of 5 s
     * windows) and max while serving, and the max before it listened (starts and restarts).
     */
    summary() {
      return [...rows.entries()].map(([name, row]) => {
        const sorted = [...row.loopP99].sort((a, b) => a - b);
        return {
          name,
          cpuPercent: row.sampledSeconds > 0 ? (100 * row.cpuSeconds) / row.sampledSeconds : 0,
          peakRssMb: row.peakRssMb,
          loopP99Ms: sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)]! : undefined,
          loopMaxMs: sorted.length > 0 ? row.loopMax : undefined,
          startingLoopMaxMs: row.startingLoopMax,
        };
      });
    },
  };
}
