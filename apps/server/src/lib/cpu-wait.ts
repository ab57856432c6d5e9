import { readFileSync } from 'node:fs';

const NS_PER_MS = 1e6;

/**
 * How long this thread has waited, runnable, for a CPU since it started (milliseconds): the run
 * queue delay of /proc/thread-self/schedstat. 0 where the platform has no such file, so every
 * delay there counts as this process's own.
 */
export function threadCpuWaitMs(): number {
  try {
    // "<ns on a CPU> <ns waiting on a run queue> <time slices>"
    const waitedNs = Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[1]);
    return Number.isFinite(waitedNs) ? waitedNs / NS_PER_MS : 0;
  } catch {
    return 0;
  }
}
