import { platformOf } from '@tradedesk/domain';
import type { FleetPart, SessionStartCommand } from '@tradedesk/domain/realtime';
import type { AppContext } from '../../lib/app-context.js';
import { openCredentials } from '../account/credentials.js';
import type { AccountRow } from '../account/repo.js';
import type { SnipePlan } from './repo.js';

/**
 * The `session-start` of a snipe run, for a first start and for a run moved to another agent alike.
 * Stored credentials win: the browser's copy is never trusted for an account that has them.
 */
export function sessionStartCommand(
  ctx: Pick<AppContext, 'cipher'>,
  account: AccountRow,
  run: {
    leaseId: string;
    plan: SnipePlan;
    maxPriceAgeMs: number;
    readUnassignedPile: boolean;
    /** The fleet this run is a part of (a first start only: a moved run runs alone). */
    fleet?: FleetPart;
  },
): SessionStartCommand {
  return {
    leaseId: run.leaseId,
    accountId: account.id,
    email: account.email,
    ...openCredentials(ctx.cipher, account),
    platform: platformOf(account),
    isManualLogin: account.isManualLogin,
    filters: run.plan.filters,
    configuration: run.plan.configuration,
    maxPriceAgeMs: run.maxPriceAgeMs,
    readUnassignedPile: run.readUnassignedPile,
    ...(run.fleet === undefined ? {} : { fleet: run.fleet }),
  };
}
