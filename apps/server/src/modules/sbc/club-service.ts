import { randomUUID } from 'node:crypto';
import { errorMessages, hasToolAccess, subscriptionExpiredMessage } from '@tradedesk/domain';
import type { AgentAck, EventAck, SbcClubReadCommand, SbcClubReport } from '@tradedesk/domain/realtime';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.js';
import { accountRepo } from '../account/repo.js';
import type { UserRow } from '../auth/repo.js';
import { reject } from '../../lib/web-action.js';
import { agentAccountOf } from '../../runs/agent-ports.js';
import { sbcClubRepo } from '../account/club-repo.js';
import { sbcMessages, sbcSocket } from './messages.js';
import type { SbcUserChannel } from './solver-service.js';

/** Where club reads go: the agents of the agent hub. */
export interface SbcClubDispatcher {
  pick(): Promise<string | undefined>;
  /** `sbc-club-read`, acknowledged by the agent once accepted (the cards follow as `sbc-club`). */
  readClub(agentId: string, command: SbcClubReadCommand): Promise<AgentAck>;
}

const readSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * Club reads: SBC_READ_CLUB (the page's "Read club") sends `sbc-club-read` to an agent, whose
 * `sbc-club` report replaces the account's stored club and tells the user's pages (SBC_CLUB).
 */
export function createSbcClubService(ctx: AppContext, agents: SbcClubDispatcher, toUser: SbcUserChannel) {
  const { db } = ctx;
  return {
    /** SBC_READ_CLUB {id}: every check before the read is recorded and sent. */
    async read(user: UserRow, input: unknown) {
      if (!hasToolAccess(user, ctx.now())) reject(subscriptionExpiredMessage);
      const parsed = readSchema.safeParse(input);
      if (!parsed.success) return reject(errorMessages.accountNotFound);
      const account =
        (await accountRepo.findOwned(db, user.id, parsed.data.id)) ?? reject(errorMessages.accountNotFound);
      const agentId = (await agents.pick()) ?? reject(sbcMessages.noAgent);
      const readId = randomUUID();
      // One read at a time per account: each is a sign-in and a page of game calls per 90 players.
      // A second "Read club" meanwhile (another tab, a quick second click) is refused, not merged:
      // the first read's SBC_CLUB reaches every page of the user anyway.
      const recorded = await sbcClubRepo.requestRead(db, {
        accountId: account.id,
        userId: user.id,
        readId,
        at: ctx.now(),
      });
      if (!recorded) reject(sbcMessages.clubReadRunning);
      const ack = await agents
        .readClub(agentId, { readId, account: agentAccountOf(ctx, account) })
        .catch((error: unknown) => ({ ok: false as const, message: String(error) }));
      if (!ack.ok) {
        await sbcClubRepo.finishRead(db, readId, undefined);
        reject(sbcMessages.clubReadRefused(ack.message));
      }
      return readId;
    },

    /** The agent's `sbc-club` report; a replay (or a superseded read's) changes nothing. */
    async apply(report: SbcClubReport): Promise<EventAck> {
      const { outcome } = report;
      const at = ctx.now();
      const row = await sbcClubRepo.finishRead(
        db,
        report.readId,
        outcome.ok ? { cards: outcome.cards, at } : undefined,
      );
      if (!row) return { ok: true };
      toUser(row.userId, {
        action: sbcSocket.club,
        data: outcome.ok
          ? { accountId: row.accountId, ok: true, readAt: at.toISOString(), cards: outcome.cards.length }
          : {
              accountId: row.accountId,
              ok: false,
              description: sbcMessages.clubReadFailed(outcome.description),
            },
      });
      return { ok: true };
    },
  };
}

export type SbcClubService = ReturnType<typeof createSbcClubService>;
