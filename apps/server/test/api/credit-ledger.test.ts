import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, users } from '../../src/db/schema.js';
import { applyCreditChange, creditHistory } from '../../src/modules/credits/ledger.js';
import { createUserWithToken } from '../../src/modules/user/commands.js';
import { backends, useTestApp } from '../helpers.js';

describe.each(backends)('credit ledger (%s)', (backend) => {
  const t = useTestApp(backend);
  let counter = 0;
  const newUser = async (credits: number) =>
    (await createUserWithToken(t.database.db, { username: `ledger_${backend}_${++counter}`, credits })).user;
  const creditsOf = async (userId: string) =>
    (await t.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
      ?.credits;

  it('books an opening balance, then moves credits once per event key', async () => {
    const user = await newUser(3);
    const spend = {
      userId: user.id,
      delta: -1,
      kind: 'transfer',
      eventKey: `transfer:${user.id}:1`,
    } as const;
    expect(await applyCreditChange(t.database.db, spend)).toEqual({ status: 'applied', balance: 2 });
    expect(await applyCreditChange(t.database.db, spend)).toEqual({ status: 'replayed', balance: 2 });
    expect(await creditsOf(user.id)).toBe(2);
    const history = await creditHistory(t.database.db, user.id);
    expect(history.map((row) => [row.kind, row.delta, row.balanceAfter])).toEqual(
      expect.arrayContaining([
        ['opening', 3, 3],
        ['transfer', -1, 2],
      ]),
    );
    expect(history).toHaveLength(2);
  });

  it('refuses a spend the balance cannot cover and books nothing', async () => {
    const user = await newUser(1);
    const result = await applyCreditChange(t.database.db, {
      userId: user.id,
      delta: -2,
      kind: 'transfer',
      eventKey: `transfer:${user.id}:big`,
    });
    expect(result).toEqual({ status: 'insufficient', balance: 1 });
    const rows = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(rows.map((row) => row.kind)).toEqual(['opening']);
  });

  it('books concurrent deliveries of one event once', async () => {
    const user = await newUser(0);
    const grant = { userId: user.id, delta: 10, kind: 'purchase', eventKey: `checkout:${user.id}` } as const;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => applyCreditChange(t.database.db, grant)),
    );
    expect(results.filter((result) => result.status === 'applied')).toHaveLength(1);
    expect(await creditsOf(user.id)).toBe(10);
  });

  it('rolls back with the caller’s transaction', async () => {
    const user = await newUser(5);
    await expect(
      t.database.db.transaction(async (tx) => {
        await applyCreditChange(tx, {
          userId: user.id,
          delta: -1,
          kind: 'transfer',
          eventKey: `transfer:${user.id}:x`,
        });
        throw new Error('the transfer record failed');
      }),
    ).rejects.toThrow('the transfer record failed');
    expect(await creditsOf(user.id)).toBe(5);
    expect(await creditHistory(t.database.db, user.id)).toHaveLength(1);
  });

  it('refuses a zero or fractional change', async () => {
    const user = await newUser(1);
    for (const delta of [0, 0.5, Number.NaN]) {
      await expect(
        applyCreditChange(t.database.db, {
          userId: user.id,
          delta,
          kind: 'admin',
          eventKey: `admin:${delta}`,
        }),
      ).rejects.toThrow(RangeError);
    }
  });
});
