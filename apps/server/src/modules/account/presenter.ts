import { SANDBOX_CLUB_BADGES_PATH } from '@tradedesk/game-client';
import { z } from 'zod';
import type { AccountRow, RunningSnipe } from './repo.js';

/** A crest stored before crests were paths: the sandbox game's address of that start. */
const sandboxBadgeAddress = /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\/content\/clubs\/(\d+)\.png$/;

/**
 * The crest as the browser loads it. A sandbox crest stored with the game's address (whose port
 * changed at the next start) is read as the server's path, which finds the game where it runs now;
 * the account's next sign-in stores the path itself.
 */
export function shownClubBadge(stored: string): string {
  const badgeId = sandboxBadgeAddress.exec(stored)?.[1];
  return badgeId === undefined ? stored : `${SANDBOX_CLUB_BADGES_PATH}/${badgeId}.png`;
}

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
  /** False until the game's balance was first read: `coins` 0 is then no balance, not a balance of 0. */
  isCoinBalanceKnown: z.boolean(),
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
    imageUrl: shownClubBadge(row.imageUrl),
    platform: row.platform,
    coins: row.coins,
    isCoinBalanceKnown: row.coinsReadAt !== null,
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
