import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import { allRunKinds, allRunStatuses } from '../../db/schema.js';
import { runCounts } from './metrics-repo.js';

/** What the socket layer reports when scraped (attached once realtime is up; empty before). */
export interface RealtimeGauges {
  /** Open connections per hub path (`/client/snipe`, `/client/transfer`, `/client/agent`). */
  socketsByHub(): Record<string, number>;
  /** The agents connected to this node: their announced capacity and the runs they hold now. */
  agentLoads(): Promise<Array<{ agentId: string; capacity: number; running: number }>>;
}

/** Outcomes of an agent's event as the agent sees them: stored, or answered `retry` (it sends it again). */
export type AgentEventOutcome = 'stored' | 'retry' | 'refused';

/**
 * The node's Prometheus metrics (`GET /metrics`): one registry per app, so tests that build several
 * apps in one process do not share counters. Counters are this node's since its start (sum them
 * over nodes); run counts are read from the shared database at scrape time, so every node reports
 * the same cluster-wide figure (take one node's, or `max`).
 */
export function createMetrics(database: Database) {
  const registry = new Registry();
  // Event-loop delay (nodejs_eventloop_lag_*), heap, GC, handles, CPU and memory of the process.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let realtime: RealtimeGauges | undefined;

  const purchases = new Counter({
    name: 'tradedesk_purchases_total',
    help: 'Cards bought by agents and stored through this node (a purchase an agent sends again counts once).',
    registers,
  });
  const agentEvents = new Counter({
    name: 'tradedesk_agent_events_total',
    help: 'Run events agents sent to this node, by run kind and outcome (retry: the agent sends it again).',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const webhookFailures = new Counter({
    name: 'tradedesk_webhook_failures_total',
    help: 'Chat messages (webhook, Telegram) given up after every retry.',
    labelNames: ['provider'] as const,
    registers,
  });
  new Gauge({
    name: 'tradedesk_runs',
    help: 'Runs in the database by kind and status (cluster-wide; snipe runs are the running ones).',
    labelNames: ['kind', 'status'] as const,
    registers,
    async collect() {
      this.reset();
      // Every pair has a series, 0 when it has no run: a dashboard's rate or alert on a pair that
      // has not happened yet reads 0 rather than no data.
      for (const kind of allRunKinds) for (const status of allRunStatuses) this.set({ kind, status }, 0);
      for (const row of await runCounts(database.db))
        this.set({ kind: row.kind, status: row.status }, row.total);
    },
  });
  new Gauge({
    name: 'tradedesk_sockets',
    help: 'Open socket connections on this node, by hub.',
    labelNames: ['hub'] as const,
    registers,
    collect() {
      this.reset();
      for (const [hub, open] of Object.entries(realtime?.socketsByHub() ?? {})) this.set({ hub }, open);
    },
  });
  // A scrape collects every family at once: capacity and load share one read of the agents.
  let loadsRead: ReturnType<RealtimeGauges['agentLoads']> | undefined;
  const readLoads = () =>
    (loadsRead ??= (realtime?.agentLoads() ?? Promise.resolve([])).finally(() => {
      loadsRead = undefined;
    }));
  new Gauge({
    name: 'tradedesk_agent_capacity',
    help: 'Sessions each agent connected to this node can run.',
    labelNames: ['agent'] as const,
    registers,
    async collect() {
      this.reset();
      for (const agent of await readLoads()) this.set({ agent: agent.agentId }, agent.capacity);
    },
  });
  new Gauge({
    name: 'tradedesk_agent_load',
    help: 'Runs each agent connected to this node holds now.',
    labelNames: ['agent'] as const,
    registers,
    async collect() {
      this.reset();
      for (const agent of await readLoads()) this.set({ agent: agent.agentId }, agent.running);
    },
  });
  new Gauge({
    name: 'tradedesk_db_pool_waiting',
    help: 'Queries waiting for a free PostgreSQL connection (0 on the embedded database).',
    registers,
    collect() {
      this.set(database.pool?.waitingCount ?? 0);
    },
  });
  new Gauge({
    name: 'tradedesk_db_pool_connections',
    help: 'PostgreSQL connections of this node, by state.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = database.pool;
      this.set({ state: 'open' }, pool?.totalCount ?? 0);
      this.set({ state: 'idle' }, pool?.idleCount ?? 0);
    },
  });

  return {
    registry,
    /** The agent hub counts each event it answers. */
    agentEvent(kind: string, outcome: AgentEventOutcome) {
      agentEvents.inc({ kind, outcome });
    },
    /** The snipe run events count each purchase when it is first stored. */
    purchasesStored(count: number) {
      purchases.inc(count);
    },
    webhookGivenUp(provider: string) {
      webhookFailures.inc({ provider });
    },
    attachRealtime(gauges: RealtimeGauges) {
      realtime = gauges;
    },
    /** The exposition text and its content type. */
    async scrape(): Promise<{ body: string; contentType: string }> {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
