import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { createTestDatabase } from '../database.js';

/**
 * Counts the turns of the event loop other work gets while `work` runs: each turn runs this
 * once (a request's callback would run the same way).
 */
async function turnsOfOtherWorkDuring<Result>(work: (turnsSoFar: () => number) => Promise<Result>) {
  let turns = 0;
  let running = true;
  const otherWork = () => {
    if (!running) return;
    turns += 1;
    setImmediate(otherWork);
  };
  setImmediate(otherWork);
  try {
    return await work(() => turns);
  } finally {
    running = false;
  }
}

describe('the embedded database (PGlite) runs each statement on a turn of its own', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase('pglite'));
    await database.db.execute(sql`CREATE TABLE turn_probe (id int PRIMARY KEY)`);
  });
  afterAll(() => dispose());

  it('lets other work run between awaited statements, as a database server would', async () => {
    const seen = await turnsOfOtherWorkDuring(async (turnsSoFar) => {
      const before: number[] = [];
      for (let id = 1; id <= 5; id += 1) {
        before.push(turnsSoFar());
        await database.db.execute(sql`INSERT INTO turn_probe VALUES (${id}) ON CONFLICT DO NOTHING`);
      }
      return before;
    });
    // Other work ran before every statement after the first, not only once the loop was done.
    for (let index = 1; index < seen.length; index += 1)
      expect(seen[index]).toBeGreaterThan(seen[index - 1]!);
  });

  it('lets other work run between the statements of a transaction, which stays all or nothing', async () => {
    const seen: number[] = [];
    const failing = turnsOfOtherWorkDuring((turnsSoFar) =>
      database.db.transaction(async (tx) => {
        for (let id = 101; id <= 104; id += 1) {
          seen.push(turnsSoFar());
          await tx.execute(sql`INSERT INTO turn_probe VALUES (${id})`);
        }
        throw new Error('the fourth row was the last straw');
      }),
    );
    await expect(failing).rejects.toThrow('the fourth row was the last straw');
    for (let index = 1; index < seen.length; index += 1)
      expect(seen[index]).toBeGreaterThan(seen[index - 1]!);
    const left = (await database.db.execute(
      sql`SELECT count(*)::int AS count FROM turn_probe WHERE id > 100`,
    )) as unknown as { rows: { count: number }[] };
    expect(left.rows[0]?.count).toBe(0);
  });
});
