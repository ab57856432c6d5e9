/** What one delivery attempt came to; `retryable` failures are tried again after a wait. */
export type AttemptResult =
  { ok: true } | { ok: false; retryable: boolean; reason: string; retryAfterMs?: number | undefined };

export interface DeliveryPolicy {
  /** Messages waiting per queue; past it the oldest is dropped (a dead chat must not hold memory). */
  maxQueued: number;
  /** Attempts per message, the first included. */
  maxAttempts: number;
  /** Wait before attempt n + 1 after n failed (exponential), unless the receiver said how long. */
  backoffMs: (failedAttempts: number) => number;
  /** A receiver's Retry-After is honoured up to this (a huge one would freeze the queue). */
  maxRetryAfterMs: number;
}

export const defaultDeliveryPolicy: DeliveryPolicy = {
  maxQueued: 50,
  maxAttempts: 5,
  backoffMs: (failed) => Math.min(60_000, 1_000 * 2 ** (failed - 1)),
  maxRetryAfterMs: 5 * 60_000,
};

/** How a queue's latest message ended: the failing notice is raised and cleared from these. */
export type QueueOutcome = { delivered: true } | { delivered: false; reason: string };

interface Queue {
  items: Array<() => Promise<AttemptResult>>;
  running: Promise<void> | undefined;
}

/**
 * Delivers messages off the caller's path: one queue per key (a user's chat provider), sent in
 * order by one worker each, with retries (exponential backoff, or the receiver's Retry-After)
 * and a bound on what waits. `enqueue` never waits and never throws.
 */
export function createDeliveryQueues(options: {
  policy?: Partial<DeliveryPolicy>;
  onOutcome: (key: string, outcome: QueueOutcome) => void;
  /** Replaceable wait (tests record the waits instead of sleeping). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}) {
  const policy = { ...defaultDeliveryPolicy, ...options.policy };
  const sleep = options.sleep ?? abortableSleep;
  const queues = new Map<string, Queue>();
  const closing = new AbortController();

  async function deliver(attempt: () => Promise<AttemptResult>): Promise<QueueOutcome> {
    let last: AttemptResult = { ok: false, retryable: false, reason: 'not sent' };
    for (let failed = 0; failed < policy.maxAttempts; failed += 1) {
      if (failed > 0) {
        const asked = last.ok ? undefined : last.retryAfterMs;
        const wait = asked === undefined ? policy.backoffMs(failed) : Math.min(asked, policy.maxRetryAfterMs);
        await sleep(wait, closing.signal);
        // Shutting down: what is left is given up, not waited for.
        if (closing.signal.aborted) return { delivered: false, reason: last.ok ? '' : last.reason };
      }
      last = await attempt().catch((error: unknown): AttemptResult => ({
        ok: false,
        retryable: true,
        reason: errorText(error),
      }));
      if (last.ok) return { delivered: true };
      if (!last.retryable) break;
    }
    return { delivered: false, reason: last.ok ? '' : last.reason };
  }

  async function work(key: string, queue: Queue) {
    for (let next = queue.items.shift(); next; next = queue.items.shift())
      options.onOutcome(key, await deliver(next));
    queue.running = undefined;
    if (queue.items.length === 0) queues.delete(key);
  }

  return {
    enqueue(key: string, attempt: () => Promise<AttemptResult>) {
      if (closing.signal.aborted) return;
      const queue = queues.get(key) ?? { items: [], running: undefined };
      queues.set(key, queue);
      queue.items.push(attempt);
      if (queue.items.length > policy.maxQueued) {
        queue.items.shift();
        options.onOutcome(key, { delivered: false, reason: 'too many messages waiting' });
      }
      queue.running ??= work(key, queue);
    },
    /** Messages waiting or in flight for a key (tests, diagnostics). */
    pending: (key: string) => {
      const queue = queues.get(key);
      return queue ? queue.items.length + (queue.running ? 1 : 0) : 0;
    },
    /** Whether no message waits or is in flight on any key. */
    isIdle: () => queues.size === 0,
    /** Waits until every queue is empty. */
    async drain() {
      while (queues.size > 0) await Promise.all([...queues.values()].map((queue) => queue.running));
    },
    /** Stops waiting between retries; attempts in flight finish, the rest is dropped. */
    async close() {
      closing.abort();
      for (const queue of queues.values()) queue.items.length = 0;
      await Promise.all([...queues.values()].map((queue) => queue.running));
    },
  };
}

export type DeliveryQueues = ReturnType<typeof createDeliveryQueues>;

function abortableSleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function errorText(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'no answer in time';
  return error instanceof Error ? error.message : String(error);
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** Classifies an HTTP answer: 2xx delivered; 429 and 5xx tried again; any other status is final. */
export function attemptResultOf(status: number, retryAfter: number | undefined): AttemptResult {
  if (status >= 200 && status < 300) return { ok: true };
  const reason = status === 429 ? 'HTTP 429 (rate limited)' : `HTTP ${status}`;
  return { ok: false, retryable: status === 429 || status >= 500, reason, retryAfterMs: retryAfter };
}
