import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { accounts, users } from '../../src/db/schema.js';
import { accountRepo } from '../../src/modules/account/repo.js';
import { backends, createTestDatabase } from '../database.js';

describe.each(backends)("many runs' accounts read at once (%s)", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const ids = { ann: '', bob: '', annAccount: '', bobAccount: '' };

  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase(backend));
    const [ann, bob] = await database.db
      .insert(users)
      .values([
        { username: 'ann', tokenPrefix: 'a', tokenHash: 'ha' },
        { username: 'bob', tokenPrefix: 'b', tokenHash: 'hb' },
      ])
      .returning();
    const account = (userId: string, email: string) => ({
      userId,
      email,
      passwordEncrypted: 'p',
      backupCodeEncrypted: 'b',
      platform: 'pc',
    });
    const [annAccount, bobAccount] = await database.db
      .insert(accounts)
      .values([account(ann?.id ?? '', 'ann@example.com'), account(bob?.id ?? '', 'bob@example.com')])
      .returning();
    Object.assign(ids, {
      ann: ann?.id,
      bob: bob?.id,
      annAccount: annAccount?.id,
      bobAccount: bobAccount?.id,
    });
  });
  afterAll(() => dispose());

  it("gives each account that exists and belongs to the run's user, never another user's", async () => {
    const found = await accountRepo.ownedAmong(database.db, [
      { userId: ids.ann, accountId: ids.annAccount },
      { userId: ids.bob, accountId: ids.bobAccount },
      // Bob's run naming Ann's account, and an account that is gone.
      { userId: ids.bob, accountId: ids.annAccount },
      { userId: ids.ann, accountId: 'gone-account' },
    ]);
    expect([...found].sort()).toEqual([ids.annAccount, ids.bobAccount].sort());

    // Each user's run naming the other's account: both users and both accounts exist, no pair does.
    const crossed = await accountRepo.ownedAmong(database.db, [
      { userId: ids.bob, accountId: ids.annAccount },
      { userId: ids.ann, accountId: ids.bobAccount },
    ]);
    expect([...crossed]).toEqual([]);
    expect([...(await accountRepo.ownedAmong(database.db, []))]).toEqual([]);
  });
});
