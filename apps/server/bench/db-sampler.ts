/**
 * The cluster bench's view of PostgreSQL from its own side: every second, the cluster's backends
 * of the bench database as `pg_stat_activity` shows them, by client address (each node and agent
 * host has its own) and by what they do (running, waiting on a lock, on I/O or on the client,
 * idle inside a transaction, idle). When a node's pool times out ("timeout exceeded when trying to
 * connect": every connection checked out for 5 s), this says whether the database was running its
 * queries (CPU), holding them behind a lock (and which), or waiting for the nodes themselves.
 *
 * Its own connection (not the observer's pool, which queues behind the bench's reads), with a 2 s
 * statement limit: a starved database shows as a sample that took long, not as a hung bench.
 */
import type { WriteStream } from 'node:fs';
import pg from 'pg';

interface Backend {
  client: string;
  state: string;
  waitType: string;
  waitEvent: string;
  /** How long its current statement (active) or its state (otherwise) has lasted. */
  ms: number;
  query: string;
}

/** One second's summary of the cluster's backends. */
interface Sample {
  at: Date;
  /** How long the sample's own query took (a starved database answers late). */
  tookMs: number;
  backends: Backend[];
}

const kindOf = (backend: Backend) =>
  backend.state === 'active'
    ? backend.waitType === ''
      ? 'running'
      : `waiting ${backend.waitType}`
    : backend.state;

export function startDbSampler(options: { url: string; database: string; log: WriteStream }) {
  /** Its connection, opened again after a failure (a restart of PostgreSQL ends it). */
  let client: pg.Client | undefined;
  let connected: Promise<unknown> | undefined;
  const open = () => {
    const opened = new pg.Client({
      connectionString: options.url,
      application_name: 'bench-db-sampler',
      statement_timeout: 2_000,
      connectionTimeoutMillis: 5_000,
    });
    opened.on('error', () => {});
    client = opened;
    connected = opened.connect();
    return opened;
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** The worst second of each measure, kept whole. */
  const worst = { lockWaiters: undefined as Sample | undefined, busy: undefined as Sample | undefined };
  let slowestSampleMs = 0;
  let failedSamples = 0;
  /** Over every sample: backend-seconds by what the backend was doing. */
  const totals = new Map<string, number>();
  /** Over every sample: backend-seconds waiting on a lock, by the statement that waited. */
  const lockedStatements = new Map<string, number>();

  const count = (sample: Sample, kind: string) =>
    sample.backends.filter((backend) => kindOf(backend) === kind).length;
  const busyOf = (sample: Sample) => sample.backends.filter((backend) => backend.state !== 'idle').length;

  async function sampleOnce() {
    const current = client ?? open();
    await connected;
    const started = Date.now();
    const { rows } = await current.query<Backend>(
      `SELECT coalesce(host(client_addr), 'local') AS client, coalesce(state, '') AS state,
              coalesce(wait_event_type, '') AS "waitType", coalesce(wait_event, '') AS "waitEvent",
              (extract(epoch FROM now() - CASE WHEN state = 'active' THEN query_start ELSE state_change END) * 1000)::int AS ms,
              left(regexp_replace(query, '[[:space:]|]+', ' ', 'g'), 90) AS query
         FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid() AND application_name NOT LIKE 'bench-%'`,
      [options.database],
    );
    const sample: Sample = { at: new Date(), tookMs: Date.now() - started, backends: rows };
    slowestSampleMs = Math.max(slowestSampleMs, sample.tookMs);
    for (const backend of rows) {
      const kind = kindOf(backend);
      totals.set(kind, (totals.get(kind) ?? 0) + 1);
      if (backend.waitType === 'Lock')
        lockedStatements.set(backend.query, (lockedStatements.get(backend.query) ?? 0) + 1);
    }
    const lockWaiters = count(sample, 'waiting Lock');
    if (lockWaiters > (worst.lockWaiters ? count(worst.lockWaiters, 'waiting Lock') : 0))
      worst.lockWaiters = sample;
    if (busyOf(sample) > (worst.busy ? busyOf(worst.busy) : 0)) worst.busy = sample;
    // A line per second when anything is queued up, so a pool timeout in the nodes' log is placed.
    if (busyOf(sample) >= 8 || lockWaiters > 0 || sample.tookMs > 500)
      options.log.write(`[db-sampler] ${describe(sample)}\n`);
  }

  function byClient(sample: Sample) {
    const clients = new Map<string, Map<string, number>>();
    for (const backend of sample.backends) {
      const kinds = clients.get(backend.client) ?? new Map<string, number>();
      kinds.set(kindOf(backend), (kinds.get(kindOf(backend)) ?? 0) + 1);
      clients.set(backend.client, kinds);
    }
    return [...clients]
      .map(([client, kinds]) => `${client}: ${[...kinds].map(([kind, n]) => `${n} ${kind}`).join(', ')}`)
      .join('; ');
  }

  function describe(sample: Sample) {
    const longest = sample.backends
      .filter((backend) => backend.state !== 'idle')
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((backend) => `${backend.ms} ms ${kindOf(backend)} ${backend.waitEvent} "${backend.query}"`);
    return `${sample.at.toISOString()} (sampled in ${sample.tookMs} ms) ${byClient(sample)}; longest: ${longest.join(' / ')}`;
  }

  const loop = () => {
    if (stopped) return;
    sampleOnce()
      .catch((error: unknown) => {
        failedSamples += 1;
        options.log.write(`[db-sampler] ${new Date().toISOString()} sample failed: ${String(error)}\n`);
        // A restart of PostgreSQL ends this connection: the next sample opens a new one.
        void client?.end().catch(() => {});
        client = undefined;
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, 1_000);
      });
  };
  loop();

  return {
    /** Lines for the bench's report: the worst seconds and where the backends' time went. */
    summary(): string[] {
      const total = [...totals.values()].reduce((sum, n) => sum + n, 0);
      const share = [...totals]
        .sort((a, b) => b[1] - a[1])
        .map(([kind, n]) => `${kind} ${((100 * n) / Math.max(1, total)).toFixed(0)} %`)
        .join(', ');
      const locked = [...lockedStatements]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([query, n]) => `${n} × "${query}"`)
        .join('; ');
      return [
        `| database backends, by what they did (backend-seconds) | ${share || '–'} |`,
        `| database: most backends busy at once | ${worst.busy ? describe(worst.busy) : '–'} |`,
        `| database: most backends waiting on a lock at once | ${worst.lockWaiters ? describe(worst.lockWaiters) : '0'} |`,
        `| database: statements that waited on a lock (backend-seconds) | ${locked || '–'} |`,
        `| database: slowest sample / failed samples | ${slowestSampleMs} ms / ${failedSamples} |`,
      ];
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
