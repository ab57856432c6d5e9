/**
 * Run events benchmark (`npm run bench -- run-events`): what storing a session's per-cycle events
 * costs the server on PostgreSQL. SESSIONS runs (BENCH_RUN_EVENTS_SESSIONS, default 100) each send
 * CYCLES `session-upsert` events one after another (as an agent does: the next waits for the
 * acknowledgement), all runs at once, through the agent hub's `runEvents.apply` on a pool of 20
 * connections. Prints events per second, the apply latency (p50/p99) and the statements each event
 * costs (PostgreSQL's committed transactions: every statement outside a transaction is one).
 * PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * a scratch database is created and dropped.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../src/lib/app-context.js';
import { accounts, runs as runsTable, snipeSessions, users } from '../src/db/schema.js';
import type { SnipePublisher } from '../src/modules/snipe/publisher.js';
import { createRunEvents } from '../src/modules/snipe/run-events.js';
import { createScratchPostgres } from '../test/database.js';

const SESSIONS = Number(process.env.BENCH_RUN_EVENTS_SESSIONS ?? 100);
const CYCLES = Number(process.env.BENCH_RUN_EVENTS_CYCLES ?? 30);
const AGENT_ID = 'bench-agent';

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

export async function benchRunEvents() {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const { database, dispose } = await createScratchPostgres(adminUrl, 'td_bench');
  try {
    const { db } = database;
    const now = new Date();
    const [user] = await db
      .insert(users)
      .values({ username: 'bench', tokenPrefix: 'bench', tokenHash: 'bench', maxAccounts: SESSIONS })
      .returning();
    if (!user) throw new Error('no user');
    const rows = await db
      .insert(accounts)
      .values(
        Array.from({ length: SESSIONS }, (_unused, index) => ({
          userId: user.id,
          email: `bench${index}@example.com`,
          passwordEncrypted: 'x',
          backupCodeEncrypted: 'x',
          platform: 'pc',
        })),
      )
      .returning({ id: accounts.id });
    const runs = rows.map((row, index) => ({ accountId: row.id, leaseId: `bench-lease-${index}` }));
    await db.insert(runsTable).values(
      runs.map((run) => ({
        id: run.leaseId,
        kind: 'snipe' as const,
        accountId: run.accountId,
        userId: user.id,
        agentId: AGENT_ID,
        detail: { filterIds: [] },
        startedAt: now,
        heartbeatAt: now,
      })),
    );
    await db.insert(snipeSessions).values(runs.map((run) => ({ ...run, startedAt: now })));

    // The page and chat fan-out is not what is measured: the publisher only swallows.
    const publisher = { account() {}, toUser() {} } as unknown as SnipePublisher;
    const runEvents = createRunEvents({ db, now: () => new Date() } as AppContext, publisher);
    const commits = async () => {
      const result = (await db.execute(
        sql`SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = current_database()`,
      )) as unknown as { rows: { commits: string }[] };
      return Number(result.rows[0]?.commits ?? 0);
    };

    const latencies: number[] = [];
    const commitsBefore = await commits();
    const started = performance.now();
    await Promise.all(
      runs.map(async (run) => {
        for (let seq = 0; seq < CYCLES; seq += 1) {
          const sent = performance.now();
          const outcome = await runEvents.apply(
            run.leaseId,
            seq,
            {
              type: 'session-upsert',
              at: Date.now(),
              accountId: run.accountId,
              startedAt: now.getTime(),
              endedAt: null,
              requests: seq * 2,
              searches: seq,
            },
            AGENT_ID,
          );
          if (!outcome.ok) throw new Error(`event refused: ${outcome.message}`);
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    // pg_stat_database is updated when a backend reports: give the pool's backends a moment.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const events = SESSIONS * CYCLES;
    const statements = (await commits()) - commitsBefore - 1; // the reading query itself
    latencies.sort((a, b) => a - b);
    console.log(
      `run events: ${SESSIONS} sessions × ${CYCLES} session-upserts on PostgreSQL (pool 20), load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `  ${(events / seconds).toFixed(0)} events/s, apply p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, ~${(statements / events).toFixed(2)} statements per event`,
    );
  } finally {
    await dispose();
  }
}
