import { z } from 'zod';
import type { AccountRow, RunningSnipe } from './repo.js';

/**
 * An account as responses show it (the routes' response schema: Fastify serialises through it, so a
 * field it does not name, a secret above all, is never sent). Status and platform are the stored
 * text: a row is shown as it is rather than refused.
 */
export const presentedAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  imageUrl: z.string(),
  platform: z.string(),
  coins: z.number().int(),
  status: z.string(),
  description: z.string(),
  isManualLogin: z.boolean(),
  profits: z.number().int(),
  session: z.object({ requests: z.number().int(), searches: z.number().int() }),
  createdAt: z.string(),
  runningFilterIds: z.array(z.string()).optional(),
  fleet: z.object({ id: z.string(), purchases: z.number().int() }).optional(),
});
export type PresentedAccount = z.infer<typeof presentedAccountSchema>;

/**
 * An account as lists and responses show it: never the password or backup code.
 * `running` (the running session's filters and fleet) is given by the list, which reads runs.
 */
export function presentAccount(row: AccountRow, running?: RunningSnipe): PresentedAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    imageUrl: row.imageUrl,
    platform: row.platform,
    coins: row.coins,
    status: row.status,
    description: row.description,
    isManualLogin: row.isManualLogin,
    profits: row.profits,
    session: { requests: row.sessionRequests, searches: row.sessionSearches },
    createdAt: row.createdAt.toISOString(),
    ...(running === undefined ? {} : { runningFilterIds: running.filterIds }),
    ...(running?.fleet === undefined ? {} : { fleet: running.fleet }),
  };
}
