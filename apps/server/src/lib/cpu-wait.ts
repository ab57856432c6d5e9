import { readFileSync } from 'node:fs';

const NS_PER_MS = 1e6;

/**
 * This thread's time on a CPU and time waiting, runnable, on a run queue for one, since it
 * started (milliseconds, /proc/thread-self/schedstat); undefined where the platform has no such file.
 */
export function threadSchedule(): { onCpuMs: number; waitedMs: number } | undefined {
  try {
    // "<ns on a CPU> <ns waiting on a run queue> <time slices>"
    const [onCpuNs, waitedNs] = readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ').map(Number);
    if (!Number.isFinite(onCpuNs) || !Number.isFinite(waitedNs)) return undefined;
    return { onCpuMs: (onCpuNs ?? 0) / NS_PER_MS, waitedMs: (waitedNs ?? 0) / NS_PER_MS };
  } catch {
    return undefined;
  }
}

/** How long this thread has waited for a CPU (ms); 0 where unknown, so every delay counts as its own. */
export const threadCpuWaitMs = (): number => threadSchedule()?.waitedMs ?? 0;
