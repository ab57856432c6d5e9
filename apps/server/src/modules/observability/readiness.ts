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

const withinTimeout = (check: ReadinessCheck) =>
  Promise.race([
    Promise.resolve().then(check),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

/**
 * What `/readyz` asks: the database, Redis when configured, and whether the node is draining
 * (SIGTERM). Agents are reported, not required: agents reach the nodes through the balancer, so a
 * node that waited for agents before being ready would never get any.
 */
export function createReadiness() {
  const checks = new Map<string, ReadinessCheck>();
  const infos = new Map<string, () => unknown>();
  let draining = false;
  return {
    addCheck(name: string, check: ReadinessCheck) {
      checks.set(name, check);
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
        [...checks].map(async ([name, check]) => {
          try {
            await withinTimeout(check);
            return [name, { ok: true }] as const;
          } catch (error) {
            return [
              name,
              { ok: false, message: error instanceof Error ? error.message : String(error) },
            ] as const;
          }
        }),
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
