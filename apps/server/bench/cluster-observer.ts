/**
 * The cluster bench's view of the cluster's rows, read straight from PostgreSQL (around the proxy
 * the bench cuts): accounts' statuses and searches, the snipe runs' leases and beats, the purchases.
 */
import pg from 'pg';
import type { Cluster } from '../src/cluster/cluster.js';
import { sleep } from './cluster-waits.js';

export type ClusterObserver = ReturnType<typeof observeCluster>;

export function observeCluster(databaseUrl: string, databaseName: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'bench-observer' });
  // A restart of PostgreSQL ends the idle connections too: the pool opens new ones.
  pool.on('error', () => {});
  const count = async (sql: string, values: unknown[] = []) =>
    (await pool.query<{ n: number }>(sql, values)).rows[0]!.n;
  const statusCounts = async () => {
    const { rows } = await pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM accounts GROUP BY status',
    );
    return Object.fromEntries(rows.map((row) => [row.status, row.n])) as Record<string, number>;
  };
  return {
    query: pool.query.bind(pool),
    statusCounts,
    /** How many accounts are Active (their runs going). */
    active: async () => (await statusCounts()).active ?? 0,
    /** The accounts that ended Error, with the description their users see. */
    errored: async () =>
      (
        await pool.query<{ id: string; description: string }>(
          "SELECT id, description FROM accounts WHERE status = 'error'",
        )
      ).rows,
    /** Each account's searches in its current session. */
    searchesByAccount: async () => {
      const { rows } = await pool.query<{ id: string; searches: number }>(
        'SELECT id, session_searches AS searches FROM accounts',
      );
      return new Map(rows.map((row) => [row.id, row.searches]));
    },
    /** Snipe runs leased to an agent (all of them, or `agentId`'s). */
    leases: (agentId?: string) =>
      agentId === undefined
        ? count("SELECT count(*)::int AS n FROM runs WHERE kind = 'snipe' AND status = 'running'")
        : count(
            "SELECT count(*)::int AS n FROM runs WHERE kind = 'snipe' AND status = 'running' AND agent_id = $1",
            [agentId],
          ),
    /** Runs that have not beaten since `since` (their agent has not said it runs them since). */
    silentSince: (since: Date) =>
      count(
        "SELECT count(*)::int AS n FROM runs WHERE kind = 'snipe' AND status = 'running' AND heartbeat_at < $1",
        [since],
      ),
    /** The cluster's own PostgreSQL connections (the bench's are left out). */
    connections: () =>
      count(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name <> 'bench-observer'",
        [databaseName],
      ),
    storedPurchases: () => count('SELECT count(*)::int AS n FROM snipe_log_entries WHERE is_success'),
    end: () => pool.end(),
  };
}

/** Over 15 s: sessions that searched, searches per second, connections, agents' memory. */
export interface SteadyState {
  advancing: number;
  searchesPerSecond: number;
  connections: number;
  perSession: Array<{ agent: string; sessions: number; rssMb: number }>;
}

/**
 * Over 15 s: how many sessions made a search (the run is alive, not just marked Active), the
 * searches per second, the cluster's PostgreSQL connections and each agent's memory per session.
 * `toggleProfiles` is called as the window opens and as it closes.
 */
export async function measureSteadyState(
  observer: ClusterObserver,
  cluster: Cluster,
  rssMb: (pid: number | undefined) => number | undefined,
  toggleProfiles = () => {},
): Promise<SteadyState> {
  const windowMs = 15_000;
  const before = await observer.searchesByAccount();
  toggleProfiles();
  await sleep(windowMs);
  toggleProfiles();
  const after = await observer.searchesByAccount();
  let advancing = 0;
  let searches = 0;
  for (const [id, count] of after) {
    const earlier = before.get(id) ?? 0;
    if (count > earlier) advancing += 1;
    searches += Math.max(0, count - earlier);
  }
  const perSession = await Promise.all(
    cluster.agents.map(async (agent) => ({
      agent: agent.name,
      sessions: await observer.leases(agent.name),
      rssMb: rssMb(agent.pid()) ?? 0,
    })),
  );
  return {
    advancing,
    searchesPerSecond: searches / (windowMs / 1000),
    connections: await observer.connections(),
    perSession,
  };
}
