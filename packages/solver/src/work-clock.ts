/**
 * The solve's clock, counted in work instead of time, so the same challenge, pool and budget give
 * the same squad on a quiet laptop, a busy server or a small VPS (issue 28: a wall-clock budget
 * made the answers depend on the machine's load).
 *
 * Every search loop charges the work it did (nodes, steps, plans) in **work milliseconds**: what
 * that work took on one quiet core of the reference machine (rates measured by `calibrate` in
 * the bench, docs/decisions/sbc-solver.md). Deadlines and shares keep their arithmetic, read
 * against this count. A safety cap only stops a pathological solve: it reads this thread's CPU
 * time (`threadCpuMs`), which a busy machine does not inflate (the wall clock did: a loaded
 * machine's first answers passed a 30 s wall cap and came out different). Past the cap the count
 * jumps ahead by `CAPPED_OFFSET`, so every deadline has passed and each stage stops at its next check.
 *
 * One clock is active per thread at a time (a solve is synchronous); outside a solve the loops
 * read `Date.now()`, as callers that pass wall-clock deadlines (the reference, tests) expect.
 */
import { readFileSync } from 'node:fs';

const CAPPED_OFFSET = 1e12;
/** The cap is read once per this much charged work (reading it costs a system call)… */
const CAP_CHECK_EVERY_WORK_MS = 5;
/** …or once per this many reads of the count, should a loop charge less than its work. */
const CAP_CHECK_EVERY_READS = 4_096;
/** Kernel clock ticks per second in /proc stat files (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
const NS_PER_MS = 1e6;

/** Nanoseconds on a CPU from /proc/thread-self/schedstat ("<on CPU> <waiting> <slices>"). */
function scheduledMs(): number {
  const onCpuNs = Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]);
  if (!Number.isFinite(onCpuNs)) throw new Error('unreadable schedstat');
  return onCpuNs / NS_PER_MS;
}

/** User + system time from /proc/thread-self/stat, in 10 ms steps. */
function statMs(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'latin1');
  // Fields after the command name (which may hold spaces): state is the first, utime the 12th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The best of this thread's CPU clocks the platform can read, the wall clock where it has none. */
function firstReadableClock(): () => number {
  for (const clock of [scheduledMs, statMs]) {
    try {
      clock();
      return clock;
    } catch {
      // Not on this platform: the next one.
    }
  }
  return Date.now;
}

/** Chosen on the first read. */
let threadClock: (() => number) | undefined;

/**
 * This thread's CPU time in milliseconds: from /proc/thread-self/schedstat (nanoseconds; a first
 * answer takes tens of ms, which the 10 ms steps of /proc/thread-self/stat, the fallback, blur),
 * else the wall clock where the platform has neither. Other threads and processes (a busy
 * machine) do not add to it.
 */
export function threadCpuMs(): number {
  threadClock ??= firstReadableClock();
  try {
    return threadClock();
  } catch {
    threadClock = Date.now;
    return Date.now();
  }
}

export class WorkClock {
  private spent = 0;
  private capped = false;
  private nextCapCheck = 0;
  private readsSinceCheck = 0;
  private readonly capAt: number;

  /**
   * @param capMs the safety cap, in milliseconds of `capClock` from now (Infinity: none)
   * @param capClock what the cap reads (this thread's CPU time; tests pass slow or frozen clocks)
   */
  constructor(
    capMs = Infinity,
    private readonly capClock: () => number = threadCpuMs,
  ) {
    this.capAt = capMs === Infinity ? Infinity : capClock() + capMs;
  }

  charge(workMs: number): void {
    this.spent += workMs;
  }

  now(): number {
    if (!this.capped && this.capAt !== Infinity) this.checkCap();
    return this.capped ? this.spent + CAPPED_OFFSET : this.spent;
  }

  private checkCap(): void {
    this.readsSinceCheck += 1;
    if (this.spent < this.nextCapCheck && this.readsSinceCheck < CAP_CHECK_EVERY_READS) return;
    this.nextCapCheck = this.spent + CAP_CHECK_EVERY_WORK_MS;
    this.readsSinceCheck = 0;
    if (this.capClock() > this.capAt) this.capped = true;
  }

  /** Work done so far (without the cap's jump). */
  get work(): number {
    return this.spent;
  }

  /** Seconds of the cap's clock left before the cap. */
  capSecondsLeft(): number {
    return (this.capAt - this.capClock()) / 1000;
  }

  /** Whether the safety cap stopped the solve (its answer may then depend on the machine). */
  get wasCapped(): boolean {
    return this.capped;
  }
}

let active: WorkClock | undefined;

/** The active solve's work count, or the wall clock outside a solve. */
export function workNow(): number {
  return active ? active.now() : Date.now();
}

/** Whether a solve's work clock is active (else loops read the wall clock). */
export function workClockActive(): boolean {
  return active !== undefined;
}

/** Seconds of the cap's clock left before the active solve's cap (Infinity outside a solve or without a cap). */
export function capSecondsLeft(): number {
  return active ? active.capSecondsLeft() : Infinity;
}

/** Adds work done to the active solve's count (nothing outside a solve). */
export function chargeWork(workMs: number): void {
  active?.charge(workMs);
}

/** Runs `body` with `clock` as the active clock (the previous one is restored after). */
export function withWorkClock<T>(clock: WorkClock, body: () => T): T {
  const previous = active;
  active = clock;
  try {
    return body();
  } finally {
    active = previous;
  }
}

/**
 * Work rates: the cost of one unit of each loop in work milliseconds (measured on the standard
 * pools, see docs/decisions/sbc-solver.md). A loop that only calls other charged loops charges a
 * small fixed amount per round, so it always makes progress towards its deadline.
 */
export const WORK_MS = {
  /** One node of the rating-profile search (relaxations, rating floors). */
  profileNode: 1 / 4_000,
  /** One item of a rating-profile search's pool (its construction: sorts and cells). */
  profileItem: 1 / 20_000,
  /** One unit of the exact search's work (a node or a cut-list step). */
  exactSearchWork: 1 / 4_000,
  /** One step of the local search (a move proposed and scored). */
  searchStep: 1 / 180,
  /** One chemistry plan looked at (enumerated or placed by the min-cost flow). */
  chemistryPlan: 1 / 26,
  /** One placed chemistry plan (a min-cost flow). */
  chemistryPlacement: 1.9,
  /** One round of a loop whose rounds run charged searches (group sets, Lagrangian steps, groups). */
  round: 0.05,
  /** One branch-and-bound node of the MILP. */
  milpNode: 0.5,
  /** One simplex iteration of the MILP (~0.17 ms of CPU at load ~7: most of a model's time). */
  milpIteration: 1 / 8,
  /** One column of a MILP model (its presolve and root LP). */
  milpColumn: 1 / 200,
} as const;
