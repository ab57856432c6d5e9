/** The cluster bench's waits: each ends by a limit, so a fault the cluster does not recover from is reported. */

/** Every wait of the bench ends by this limit. */
export const RECOVERY_LIMIT_MS = 120_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Set-up steps are tried up to 5 times: on a machine this loaded a request may fail for want of
 * a database connection, which says nothing about the figures the bench measures.
 */
export async function retried<T>(what: string, step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= 5) throw error;
      console.log(`${what} failed (${error instanceof Error ? error.message : String(error)}); trying again`);
      await sleep(1_000 * attempt);
    }
  }
}

/** Runs `task` for each item, at most `concurrency` at a time, answering the results in order. */
export async function inBatches<T, R>(
  items: T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += concurrency)
    results.push(
      ...(await Promise.all(
        items.slice(start, start + concurrency).map((item, offset) => task(item, start + offset)),
      )),
    );
  return results;
}

/** Polls until `probe` holds; answers the time it took, or undefined when the limit passed. */
export async function timeUntil(probe: () => Promise<boolean> | boolean, limitMs = RECOVERY_LIMIT_MS) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await Promise.resolve(probe()).catch(() => false)) return Date.now() - started;
    await sleep(200);
  }
  return undefined;
}
