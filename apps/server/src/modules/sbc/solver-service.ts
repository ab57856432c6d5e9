import { randomUUID } from 'node:crypto';
import {
  challengeOfClubSquad,
  errorMessages,
  firstIssueMessage,
  hasToolAccess,
  platformOf,
  solverStartSchema,
  subscriptionExpiredMessage,
  successMessages,
} from '@tradedesk/domain';
import type {
  AgentAck,
  SbcCommandChallenge,
  SbcStartCommand,
  SbcStopCommand,
} from '@tradedesk/domain/realtime';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.js';
import { accountRepo } from '../account/repo.js';
import type { UserRow } from '../auth/repo.js';
import { reject } from '../../lib/web-action.js';
import { agentAccountOf } from '../../runs/agent-ports.js';
import { currentPriceMemory } from '../prices/current-price-memory.js';
import type { AccountSolutions } from './account-solution.js';
import { runsRepo } from '../../runs/runs-repo.js';
import { sbcMessages, sbcSocket } from './messages.js';
import { sbcRepo, withStep } from './repo.js';

/** Where solver runs go: the agents of the agent hub. */
export interface SbcDispatcher {
  pick(): Promise<string | undefined>;
  /** `sbc-start`, acknowledged by the agent. */
  start(agentId: string, command: SbcStartCommand): Promise<AgentAck>;
  /** `sbc-stop` (not acknowledged: the run's terminal event follows). */
  stop(agentId: string, command: SbcStopCommand): void;
}

/** Sends a web message to every page of the user (both web hubs: the tier decides which one it uses). */
export type SbcUserChannel = (userId: string, message: { action: string; data: unknown }) => void;

const stopSchema = z.object({ id: z.string().min(1).max(64) });

/** The solver's web actions: SBC_START_SOLVER and SBC_STOP_SOLVER, every check before any side effect. */
export function createSbcSolverService(
  ctx: AppContext,
  agents: SbcDispatcher,
  toUser: SbcUserChannel,
  accountSolutions: AccountSolutions,
) {
  const { db } = ctx;

  /**
   * The stored solutions the page chose, as the agent's challenges, priced on the account's
   * platform: a solution of the other market stands for its challenge, whose solution on the
   * account's platform is used (prices and cards come from the store, never from the page).
   *
   * Once the account's club was read, each challenge's cards are the squad the page shows for it
   * (its own cards first; all of them from one club read and one solve batch): an owned card is
   * priced at its market price, the bot's limit should its club copy be gone by then. Otherwise,
   * or when no such squad is found, the stored market solution (the bot still uses a club copy
   * of a card before buying one). A challenge the market cannot fill is chosen by its club squad's
   * id (`clubSquadSolutionId`): it needs the account's squad, and is refused without one.
   */
  async function challengesOf(
    solutionIds: string[],
    userId: string,
    account: { id: string; platform: string },
  ): Promise<SbcCommandChallenge[]> {
    const platform = platformOf(account);
    const chosen = new Map((await sbcRepo.solutions(db, solutionIds)).map((row) => [row.id, row]));
    const clubOnly = solutionIds.flatMap((id) => challengeOfClubSquad(id) ?? []);
    const challengeIds = [...chosen.values()].map((row) => row.challengeId);
    const challenges = new Map(
      (await sbcRepo.challenges(db, [...challengeIds, ...clubOnly])).map((row) => [row.id, row]),
    );
    const onPlatform = await sbcRepo.latestSolutions(db, challengeIds, platform);
    const resolved = solutionIds.map((id) => {
      // A challenge the market cannot fill has no stored solution: its squad comes from the club alone.
      const clubChallengeId = challengeOfClubSquad(id);
      const picked =
        clubChallengeId === undefined ? (chosen.get(id) ?? reject(sbcMessages.solutionOutdated)) : undefined;
      const solution =
        picked === undefined || picked.platform === platform
          ? picked
          : (onPlatform.get(picked.challengeId) ?? reject(sbcMessages.noSolutionOnPlatform));
      const challenge = challenges.get(solution?.challengeId ?? clubChallengeId ?? '');
      if (!challenge || challenge.deletedAt || challenge.gameChallengeId === null)
        return reject(sbcMessages.solutionOutdated);
      return { challenge, gameChallengeId: challenge.gameChallengeId, solution };
    });
    // A solver failure leaves the stored solutions, as a challenge without a squad from the club.
    const squads = await accountSolutions
      .squadsFor(
        userId,
        account,
        resolved.map(({ challenge }) => challenge),
      )
      .catch(() => undefined);
    const memory = squads?.size ? await currentPriceMemory(db).ready(ctx.now().getTime()) : undefined;
    return resolved.map(({ challenge, gameChallengeId, solution }) => {
      const squad = squads?.get(challenge.id);
      if (!squad && !solution) return reject(sbcMessages.noClubSquad);
      const players = squad
        ? squad.players.map(({ definitionId, name, slot, price, owned }) => ({
            definitionId,
            name,
            slot,
            price: owned ? (memory?.get(definitionId, platform)?.price ?? price) : price,
          }))
        : (solution?.players ?? []).map(({ definitionId, name, slot, price }) => ({
            definitionId,
            name,
            slot,
            price,
          }));
      return { challengeId: gameChallengeId, name: challenge.name, players };
    });
  }

  return {
    async start(user: UserRow, input: unknown) {
      if (!hasToolAccess(user, ctx.now())) reject(subscriptionExpiredMessage);
      const parsed = solverStartSchema.safeParse(input);
      if (!parsed.success) return reject(firstIssueMessage(parsed.error));
      const data = parsed.data;
      const account =
        (await accountRepo.findOwned(db, user.id, data.account.id)) ?? reject(errorMessages.accountNotFound);
      const solutionIds = [...new Set(data.solutions.map((solution) => solution.solutionId))];
      const challenges = await challengesOf(solutionIds, user.id, account);
      const agentId = (await agents.pick()) ?? reject(sbcMessages.noAgent);
      const runId = randomUUID();
      const now = ctx.now();
      const opened = await sbcRepo.openRun(
        db,
        {
          id: runId,
          userId: user.id,
          accountId: account.id,
          solutionIds,
          // The page's first line; a page opened later reads the run's steps from here.
          steps: withStep([], { text: successMessages.solverStarted, tone: 'success' }),
          createdAt: now,
        },
        agentId,
      );
      if (opened === 'busy') reject(sbcMessages.alreadyRunning);
      const ack = await agents
        .start(agentId, {
          runId,
          account: agentAccountOf(ctx, account),
          challenges,
          searchSpeed: data.searchSpeed,
          maxPurchaseAttempts: data.maxPurchaseAttempts,
          enableAutoList: data.enableAutoList,
          numOfSteps: data.numOfSteps,
          numOfRepititions: data.numOfRepititions,
        })
        .catch((error: unknown) => ({ ok: false as const, message: String(error) }));
      if (!ack.ok) {
        const refused = sbcMessages.agentRefused(ack.message);
        await sbcRepo.recordEvent(db, runId, 0, ctx.now(), [{ text: refused, tone: 'error' }], {
          status: 'failed',
          costs: 0,
          solved: 0,
          description: ack.message,
        });
        reject(refused);
      }
      toUser(user.id, {
        action: sbcSocket.notification,
        data: { accountId: account.id, runId, description: successMessages.solverStarted },
      });
      return runId;
    },

    /** SBC_STOP_SOLVER {id}: the account id (spec 001 §4: stop is sent per account id). */
    async stop(user: UserRow, input: unknown) {
      const parsed = stopSchema.safeParse(input);
      if (!parsed.success) return reject(errorMessages.accountNotFound);
      const run =
        (await sbcRepo.runningOfAccount(db, user.id, parsed.data.id)) ?? reject(sbcMessages.notRunning);
      const agentId = (await runsRepo.byId(db, run.id))?.agentId;
      if (agentId) agents.stop(agentId, { runId: run.id });
    },
  };
}

export type SbcSolverService = ReturnType<typeof createSbcSolverService>;
