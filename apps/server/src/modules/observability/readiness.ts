/** One dependency the node needs to serve: it throws (or rejects) when the dependency is away. */
export type ReadinessCheck = () => Promise<void> | void;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, { ok: boolean; message?: string }>;
  /** Facts shown beside the checks that do not decide readiness (connected agents). */
  info: Record<string, unknown>;
}

/** A check that has not answered within this long has failed (a balancer probes every few seconds). */
const CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessTiming {
  /** How long a probe waits for a check before it takes the check's last answer instead. */
  readonly busyAnswerMs: number;
  /** How old a check's last success may be for a busy probe to count it. */
  readonly freshMs: number;
  readonly now: () => number;
}

/**
 * A busy node is not an unready one. Under load the database check waits in the pool behind the
 * sessions' queries; answered late, HAProxy (`timeout check 3s`, `fall 3`) took both nodes of the
 * 400-session bench out at once and cut every agent's socket (docs/benchmarks.md, cluster-hosts). So
 * a probe waits `busyAnswerMs` for a check, then answers with the check's last success if that is
 * within `freshMs`; a failure, or a check that has not succeeded for `freshMs`, is still not ready.
 */
const defaultTiming: ReadinessTiming = { busyAnswerMs: 500, freshMs: 10_000, now: Date.now };

class CheckTimedOut extends Error {}

const withinTimeout = (check: ReadinessCheck) =>
  Promise.race([
    Promise.resolve().then(check),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new CheckTimedOut(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

type CheckResult = { ok: boolean; message?: string };

/** One check: at most one call in flight (probes share it), and when it last succeeded. */
function trackedCheck(check: ReadinessCheck, timing: ReadinessTiming) {
  let inFlight: Promise<CheckResult> | undefined;
  let lastOkAt: number | undefined;
  const call = () =>
    (inFlight ??= withinTimeout(check)
      .then((): CheckResult => {
        lastOkAt = timing.now();
        return { ok: true };
      })
      .catch((error: unknown): CheckResult => {
        // A slow answer is not a failure: the last success stays until it is `freshMs` old.
        if (!(error instanceof CheckTimedOut)) lastOkAt = undefined;
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      })
      .finally(() => {
        inFlight = undefined;
      }));
  return async (): Promise<CheckResult> => {
    const answer = call();
    const busy = Symbol('busy');
    const first = await Promise.race([
      answer,
      new Promise<typeof busy>((resolve) => setTimeout(() => resolve(busy), timing.busyAnswerMs).unref()),
    ]);
    if (first !== busy) return first;
    const sinceOk = lastOkAt === undefined ? undefined : timing.now() - lastOkAt;
    if (sinceOk !== undefined && sinceOk <= timing.freshMs)
      return { ok: true, message: `busy: answered ${Math.round(sinceOk)} ms ago` };
    return answer;
  };
}

/**
 * What `/readyz` asks: the database, Redis when configured, and whether the node is draining
 * (SIGTERM). Agents are reported, not required: agents reach the nodes through the balancer, so a
 * node that waited for agents before being ready would never get any.
 */
export function createReadiness(timing: ReadinessTiming = defaultTiming) {
  const checks = new Map<string, () => Promise<CheckResult>>();
  const infos = new Map<string, () => unknown>();
  let draining = false;
  return {
    addCheck(name: string, check: ReadinessCheck) {
      checks.set(name, trackedCheck(check, timing));
    },
    addInfo(name: string, read: () => unknown) {
      infos.set(name, read);
    },
    /** From now on the node answers not ready, so the balancer sends it nothing new. */
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async report(): Promise<ReadinessReport> {
      const results = await Promise.all(
        [...checks].map(async ([name, check]) => [name, await check()] as const),
      );
      const report: ReadinessReport = {
        ready: !draining && results.every(([, result]) => result.ok),
        checks: Object.fromEntries(results),
        info: Object.fromEntries([...infos].map(([name, read]) => [name, read()])),
      };
      if (draining) report.checks.draining = { ok: false, message: 'The node is shutting down' };
      return report;
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
