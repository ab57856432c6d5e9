import { defaultShortcuts } from '@tradedesk/domain';
import type { Db } from '../../db/client.js';
import { configurations, creditLedger, users } from '../../db/schema.js';
import { issueLicenceToken } from '../auth/licence.js';
import { defaultConfigurationRow } from '../configuration/defaults.js';

export interface NewUser {
  username: string;
  tier?: string;
  maxAccounts?: number;
  credits?: number;
  discordId?: string;
  /** Roles besides `user` (the sandbox's test users may be admins). */
  roles?: string[];
}

/**
 * Creates a user with the spec's defaults and a default configuration, and returns the licence
 * token: the only moment it exists in clear.
 */
export async function createUserWithToken(db: Pick<Db, 'transaction'>, input: NewUser) {
  const licence = await issueLicenceToken();
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        username: input.username,
        tokenPrefix: licence.tokenPrefix,
        tokenHash: licence.tokenHash,
        ...(input.tier ? { tier: input.tier } : {}),
        ...(input.maxAccounts ? { maxAccounts: input.maxAccounts } : {}),
        ...(input.credits ? { credits: input.credits } : {}),
        ...(input.roles ? { roles: input.roles } : {}),
        providers: { discordId: input.discordId ?? '', discordWebhookUrl: '', telegramId: '' },
        shortcuts: defaultShortcuts(),
      })
      .returning();
    if (!row) throw new Error('User insert returned nothing');
    await tx.insert(configurations).values({ userId: row.id, ...defaultConfigurationRow() });
    if (row.credits > 0) {
      // The opening balance is a ledger row too, so the ledger always adds up to `credits`.
      await tx.insert(creditLedger).values({
        userId: row.id,
        delta: row.credits,
        kind: 'opening',
        eventKey: `opening:${row.id}`,
        balanceAfter: row.credits,
      });
    }
    return row;
  });
  return { user, token: licence.token };
}
