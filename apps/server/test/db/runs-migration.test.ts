import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.js';
import { backends, createEmptyPostgres, dropScratchPostgres } from '../database.js';

/** A SQL connection to one scratch database, whatever the back end, with its two migrators. */
interface Scratch {
  query<Row>(sql: string): Promise<Row[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function scratchDatabase(backend: (typeof backends)[number]): Promise<Scratch> {
  if (backend === 'pglite') {
    const client = await PGlite.create();
    const db = drizzlePglite(client);
    return {
      query: async <Row>(sql: string) => (await client.query<Row>(sql)).rows,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.DATABASE_URL ?? '';
  const { name, url } = await createEmptyPostgres(adminUrl, 'td_runs_migration');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzlePg(pool);
  return {
    query: async <Row>(sql: string) => (await pool.query(sql)).rows as Row[],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await dropScratchPostgres(adminUrl, name);
    },
  };
}

/**
 * The migrations folder as it was before the runs table: the journal cut before `0019_runs` (the
 * runs table), `0020_delivery_runs` (marketplace deliveries as runs) and every migration since.
 */
async function folderBeforeRuns(): Promise<{ folder: string; dispose: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'td-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === '0019_runs');
  // The two migrations this test is about come first after the cut; later ones apply with them.
  expect(journal.entries.slice(cut, cut + 2).map((entry) => entry.tag)).toEqual([
    '0019_runs',
    '0020_delivery_runs',
  ]);
  journal.entries.splice(cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return { folder, dispose: () => rm(folder, { recursive: true, force: true }) };
}

const beat = '2026-11-20T10:00:00.000Z';

/** A delivery at the old schema: its first transfer done, its second running, its third planned. */
const deliveryLegs = [
  {
    accountId: 'a1',
    price: 100_000,
    receives: 95_000,
    status: 'success',
    transferId: 'm.order-1.0',
    received: 95_000,
    seqs: [0, 1],
  },
  {
    accountId: 'a2',
    price: 100_000,
    receives: 95_000,
    status: 'running',
    transferId: 'm.order-1.1',
    seqs: [0],
  },
  { accountId: 'a2', price: 20_000, receives: 19_000, status: 'planned' },
];
const later = '2026-11-20T10:05:00.000Z';

/** One row of every kind at the old schema: runs running and finished, with their old lifecycle columns. */
const oldRows = `
  INSERT INTO users (id, username, token_prefix, token_hash, max_accounts) VALUES ('u1', 'ann', 'p', 'h', 3);
  INSERT INTO accounts (id, user_id, email, password_encrypted, backup_code_encrypted, platform) VALUES
    ('a1', 'u1', 'a1@example.com', 'x', 'x', 'pc'), ('a2', 'u1', 'a2@example.com', 'x', 'x', 'pc'),
    ('a3', 'u1', 'a3@example.com', 'x', 'x', 'pc');
  INSERT INTO snipe_sessions (lease_id, account_id, started_at) VALUES ('lease-live', 'a1', '${beat}');
  INSERT INTO snipe_sessions (lease_id, account_id, started_at, ended_at, agent_lost) VALUES
    ('lease-lost', 'a1', '${beat}', '${later}', true), ('lease-done', 'a2', '${beat}', '${later}', false);
  INSERT INTO snipe_leases (account_id, user_id, lease_id, agent_id, filter_ids, started_at, heartbeat_at)
    VALUES ('a1', 'u1', 'lease-live', 'agent-1', '["f1","f2"]', '${beat}', '${later}');
  INSERT INTO transfers (id, user_id, buyer_account_id, seller_account_id, filter, status, steps, coins, agent_id, lease_id, heartbeat_at, created_at, updated_at, finished_at, is_lost) VALUES
    ('t-running', 'u1', 'a2', 'a3', '{}', 'running', '[{"seq":-1,"step":"sync","status":"active","at":"${beat}"},{"seq":4,"step":"buy","status":"active","at":"${beat}"}]', 500, 'agent-2', 't-running', '${later}', '${beat}', '${beat}', NULL, false),
    ('t-sync', 'u1', 'a2', 'a3', '{}', 'syncing', '[]', 500, 'agent-2', 't-sync', '${beat}', '${beat}', '${beat}', NULL, false),
    ('t-lost', 'u1', 'a2', 'a3', '{}', 'failed', '[]', 500, 'agent-1', 't-lost', '${beat}', '${beat}', '${beat}', '${later}', true);
  INSERT INTO sbc_runs (id, user_id, account_id, solution_ids, status, last_seq, agent_id, heartbeat_at, created_at) VALUES
    ('sbc-live', 'u1', 'a3', '["s1"]', 'running', 7, 'agent-1', '${later}', '${beat}');
  INSERT INTO snipe_rehearsals (id, user_id, filter_key, filter_ids, span_minutes, seed, status, agent_id, created_at, updated_at) VALUES
    ('reh-live', 'u1', 'f1@x', '["f1"]', 15, 42, 'running', 'agent-2', '${beat}', '${later}');
  INSERT INTO coin_listings (id, user_id, platform, price_cents, minimum_balance, created_at) VALUES
    ('listing-1', 'u1', 'pc', 250, 10000, '${beat}');
  INSERT INTO market_orders (id, listing_id, buyer_user_id, seller_user_id, buyer_account_id, platform, card_definition_id, coins, amount_cents, status, legs, coins_delivered, created_at, updated_at) VALUES
    ('order-1', 'listing-1', 'u1', 'u1', 'a3', 'pc', 20801, 200000, 500, 'delivering', '${JSON.stringify(deliveryLegs)}', 95000, '${beat}', '${later}');
`;

describe.each(backends)('the runs table migration on a database at the old schema (%s)', (backend) => {
  let scratch: Scratch;
  let before: Awaited<ReturnType<typeof folderBeforeRuns>>;

  beforeAll(async () => {
    scratch = await scratchDatabase(backend);
    before = await folderBeforeRuns();
    await scratch.migrate(before.folder);
    for (const statement of oldRows.split(';').map((part) => part.trim()))
      if (statement !== '') await scratch.query(statement);
    await scratch.migrate(migrationsFolder);
    // A cold PGlite migrated from nothing, twice: more than the default hook time on a loaded machine.
  }, 300_000);

  afterAll(async () => {
    await scratch?.close();
    await before?.dispose();
  });

  it('carries every run over with its kind, accounts, agent, beat, status and last event number (deliveries too)', async () => {
    const rows = await scratch.query<Record<string, unknown>>(
      `SELECT id, kind, user_id, account_id, partner_account_id, agent_id, status, detail, last_seq,
        to_char(heartbeat_at AT TIME ZONE 'UTC', 'HH24:MI') AS beat FROM runs ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        id: 'lease-done',
        kind: 'snipe',
        user_id: 'u1',
        account_id: 'a2',
        partner_account_id: null,
        agent_id: null,
        status: 'ended',
        detail: {},
        last_seq: -1,
        beat: '10:05',
      },
      {
        id: 'lease-live',
        kind: 'snipe',
        user_id: 'u1',
        account_id: 'a1',
        partner_account_id: null,
        agent_id: 'agent-1',
        status: 'running',
        detail: { filterIds: ['f1', 'f2'] },
        last_seq: -1,
        beat: '10:05',
      },
      {
        id: 'lease-lost',
        kind: 'snipe',
        user_id: 'u1',
        account_id: 'a1',
        partner_account_id: null,
        agent_id: null,
        status: 'lost',
        detail: {},
        last_seq: -1,
        beat: '10:05',
      },
      {
        id: 'm.order-1.0',
        kind: 'delivery',
        user_id: 'u1',
        account_id: 'a1',
        partner_account_id: 'a3',
        agent_id: null,
        status: 'ended',
        detail: { orderId: 'order-1', leg: 0 },
        last_seq: 1,
        beat: '10:05',
      },
      {
        // Running under no agent: its agent's next heartbeat names it and routes it back.
        id: 'm.order-1.1',
        kind: 'delivery',
        user_id: 'u1',
        account_id: 'a2',
        partner_account_id: 'a3',
        agent_id: null,
        status: 'running',
        detail: { orderId: 'order-1', leg: 1 },
        last_seq: 0,
        beat: '10:05',
      },
      {
        id: 'reh-live',
        kind: 'rehearsal',
        user_id: 'u1',
        account_id: null,
        partner_account_id: null,
        agent_id: 'agent-2',
        status: 'running',
        detail: {},
        last_seq: -1,
        beat: '10:05',
      },
      {
        id: 'sbc-live',
        kind: 'sbc',
        user_id: 'u1',
        account_id: 'a3',
        partner_account_id: null,
        agent_id: 'agent-1',
        status: 'running',
        detail: {},
        last_seq: 7,
        beat: '10:05',
      },
      {
        id: 't-lost',
        kind: 'transfer',
        user_id: 'u1',
        account_id: 'a2',
        partner_account_id: 'a3',
        agent_id: 'agent-1',
        status: 'lost',
        detail: {},
        last_seq: -1,
        beat: '10:00',
      },
      {
        id: 't-running',
        kind: 'transfer',
        user_id: 'u1',
        account_id: 'a2',
        partner_account_id: 'a3',
        agent_id: 'agent-2',
        status: 'running',
        detail: {},
        last_seq: 4,
        beat: '10:05',
      },
      {
        id: 't-sync',
        kind: 'sync',
        user_id: 'u1',
        account_id: 'a2',
        partner_account_id: 'a3',
        agent_id: 'agent-2',
        status: 'running',
        detail: {},
        last_seq: -1,
        beat: '10:00',
      },
    ]);
  });

  it('keeps what each kind did in its own table', async () => {
    expect(await scratch.query('SELECT lease_id, agent_lost FROM snipe_sessions ORDER BY lease_id')).toEqual([
      { lease_id: 'lease-done', agent_lost: false },
      { lease_id: 'lease-live', agent_lost: false },
      { lease_id: 'lease-lost', agent_lost: true },
    ]);
    expect(await scratch.query('SELECT id, status, is_lost, steps FROM transfers ORDER BY id')).toHaveLength(
      3,
    );
    expect(await scratch.query("SELECT solution_ids FROM sbc_runs WHERE id = 'sbc-live'")).toEqual([
      { solution_ids: ['s1'] },
    ]);
    expect(await scratch.query("SELECT seed, status FROM snipe_rehearsals WHERE id = 'reh-live'")).toEqual([
      { seed: 42, status: 'running' },
    ]);
    expect(
      await scratch.query("SELECT legs, coins_delivered FROM market_orders WHERE id = 'order-1'"),
    ).toEqual([{ legs: deliveryLegs, coins_delivered: 95_000 }]);
  });

  it('leaves no old lease table or lifecycle column behind', async () => {
    const tables = await scratch.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'snipe_leases'",
    );
    expect(tables).toEqual([{ n: 0 }]);
    const columns = await scratch.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE (table_name = 'transfers' AND column_name IN ('agent_id', 'lease_id', 'heartbeat_at'))
          OR (table_name = 'sbc_runs' AND column_name IN ('agent_id', 'heartbeat_at', 'last_seq'))
          OR (table_name = 'snipe_rehearsals' AND column_name = 'agent_id')`,
    );
    expect(columns).toEqual([]);
  });
});
