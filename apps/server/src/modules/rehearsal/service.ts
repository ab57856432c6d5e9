import { randomInt, randomUUID } from 'node:crypto';
import {
  configurationSchema,
  firstIssueMessage,
  hasToolAccess,
  REHEARSAL_COINS,
  rehearsalMessages,
  snipeRehearseSchema,
  snipeStartError,
  subscriptionExpiredMessage,
  type SnipeFilter,
} from '@tradedesk/domain';
import type {
  AgentAck,
  EventAck,
  RehearsalEvent,
  RehearsalStartCommand,
  RehearsalStartValue,
} from '@tradedesk/domain/realtime';
import type { AppContext } from '../../lib/app-context.js';
import type { UserRow } from '../auth/repo.js';
import { configurationRepo } from '../configuration/repo.js';
import { presentConfiguration } from '../configuration/presenter.js';
import { presentFilter } from '../filter/presenter.js';
import { filterRepo } from '../filter/repo.js';
import { currentPriceMemory } from '../prices/current-price-memory.js';
import { snipeMessages } from '../snipe/messages.js';
import { reject } from '../../lib/web-action.js';
import { runsRepo } from '../../runs/runs-repo.js';
import { presentRehearsal } from './presenter.js';
import { filterKeyOf, rehearsalRepo } from './repo.js';

/** Where rehearsals run: the agents of the agent hub, like any session. */
export interface RehearsalDispatcher {
  pick(): Promise<string | undefined>;
  start(agentId: string, command: RehearsalStartCommand): Promise<AgentAck>;
}

/**
 * The agent hub as the GET route asks it: ends every run of the rehearsal's agent (the hub's
 * `endAgentRuns`, runs of every kind) when the agent is connected to no node and has been silent
 * past the reconnect grace; answers the ids of the runs it ended (none when the agent is not lost).
 * Until realtime is attached, nothing is lost.
 */
export interface RehearsalAgentCheck {
  endIfLost(agentId: string, lastHeardAt: Date): Promise<string[]>;
}

export const rehearsalLostMessage = 'The agent running the rehearsal was lost; rehearse again';
/** A rehearsal whose agent shut down (a deploy): stopped for it, or handed back. */
export const rehearsalLeftMessage = 'The agent running the rehearsal shut down; rehearse again';
/** A rehearsal its agent stopped for another reason (the agent closing without a leave). */
export const rehearsalStoppedMessage = 'The rehearsal was stopped before it finished; rehearse again';

/**
 * The price database's current prices as the world's starting values, one entry per card: from
 * the server's in-memory copy (`CurrentPriceMemory`), not a read of the whole table per start.
 */
export async function startValuesOf(ctx: AppContext): Promise<RehearsalStartValue[]> {
  const memory = await currentPriceMemory(ctx.db).ready(ctx.now().getTime());
  const byCard = new Map<number, RehearsalStartValue>();
  for (const platform of ['pc', 'ps'] as const)
    for (const [definitionId, price] of memory.pricesOf(platform)) {
      const entry = byCard.get(definitionId) ?? { definitionId };
      entry[platform] = price;
      byCard.set(definitionId, entry);
    }
  return [...byCard.values()];
}

/**
 * GET /api/rehearsal: the latest rehearsal of exactly these filters as they are now (an edited
 * filter has none until rehearsed again), or null. The page polls it while one runs, so a rehearsal
 * whose agent is gone ends here with the lost message, as soon as the agent hub would end the
 * agent's other runs.
 */
export async function latestRehearsalOf(
  ctx: AppContext,
  agents: RehearsalAgentCheck,
  userId: string,
  filterIds: string[],
) {
  const stored = await filterRepo.listOf(ctx.db, userId);
  const wanted = new Set(filterIds);
  const rows = stored.filter((row) => wanted.has(row.id));
  if (rows.length !== wanted.size) return null;
  const latest = await rehearsalRepo.latestOf(ctx.db, userId, filterKeyOf(rows));
  if (!latest) return null;
  const run = latest.status === 'running' ? await runsRepo.byId(ctx.db, latest.id) : undefined;
  if (!run?.agentId) return presentRehearsal(latest);
  const ended = await agents.endIfLost(run.agentId, run.heartbeatAt);
  // The row as the loss ended it: read again only when it did.
  const current = ended.includes(latest.id) ? await rehearsalRepo.byId(ctx.db, latest.id) : latest;
  return presentRehearsal(current ?? latest);
}

/** `snipe-rehearse` and the agent's rehearsal events. */
export function createRehearsalService(
  ctx: AppContext,
  agents: RehearsalDispatcher,
  /** Draws each rehearsal's world seed; tests pin it, since a drawn world may hold no bargain. */
  drawSeed: () => number = () => randomInt(1, 2 ** 31 - 1),
) {
  const { db } = ctx;

  return {
    /** Checks everything, then records the rehearsal and hands it to an agent. */
    async start(user: UserRow, input: unknown) {
      if (user.tier !== 'snipe') reject(snipeMessages.tierRequired);
      if (!hasToolAccess(user, ctx.now())) reject(subscriptionExpiredMessage);
      const parsed = snipeRehearseSchema.safeParse(input);
      if (!parsed.success) return reject(firstIssueMessage(parsed.error));
      const { filterIds, spanMinutes, platform } = parsed.data;
      const stored = await filterRepo.listOf(db, user.id);
      const rows = [...new Set(filterIds)].map(
        (id) => stored.find((row) => row.id === id) ?? reject(rehearsalMessages.unknownFilter),
      );
      const filters = rows.map(presentFilter) as unknown as SnipeFilter[];
      const configuration = configurationSchema.safeParse(
        presentConfiguration(await configurationRepo.getOrCreate(ctx.db, user.id)),
      );
      if (!configuration.success) return reject(firstIssueMessage(configuration.error));
      const ruleError = snipeStartError(filters, configuration.data.advanced.rotation);
      if (ruleError !== null) reject(ruleError);
      const agentId = (await agents.pick()) ?? reject(rehearsalMessages.noAgent);

      const now = ctx.now();
      const seed = drawSeed();
      const opened = await rehearsalRepo.open(
        db,
        {
          id: randomUUID(),
          userId: user.id,
          filterKey: filterKeyOf(rows),
          filterIds: rows.map((row) => row.id),
          spanMinutes,
          seed,
          status: 'running',
          createdAt: now,
          updatedAt: now,
        },
        agentId,
      );
      if (opened === 'busy') return reject(rehearsalMessages.alreadyRunning);
      const ack = await agents
        .start(agentId, {
          rehearsalId: opened.id,
          seed,
          spanMinutes,
          platform,
          coins: REHEARSAL_COINS,
          filters,
          configuration: configuration.data,
          startValues: await startValuesOf(ctx),
        })
        .catch((error: unknown) => ({ ok: false as const, message: String(error) }));
      if (!ack.ok) {
        const at = ctx.now();
        await rehearsalRepo.updateRunning(
          db,
          opened.id,
          {
            status: 'failed',
            message: rehearsalMessages.agentRefused(ack.message),
            updatedAt: at,
            finishedAt: at,
          },
          at,
        );
        reject(rehearsalMessages.agentRefused(ack.message));
      }
    },

    /** Rehearsals whose runs the lost-agent rule took fail with the lost message; answers them. */
    markLost: (rehearsalIds: string[]) =>
      rehearsalRepo.failLost(db, rehearsalIds, rehearsalLostMessage, ctx.now()),

    markHandedBack: (rehearsalIds: string[]) =>
      rehearsalRepo.failHandedBack(db, rehearsalIds, rehearsalLeftMessage, ctx.now()),

    /**
     * Stores an agent's rehearsal event; only the agent it was given to may report on it. The agent
     * re-sends an event until acknowledged, so one may come twice: only a running rehearsal takes
     * an event and progress only rises, so a repeat (whatever its `seq`) changes nothing.
     */
    async apply({ rehearsalId, event }: RehearsalEvent, agentId: string): Promise<EventAck> {
      const row = await rehearsalRepo.byId(db, rehearsalId);
      if (!row || (await runsRepo.byId(db, rehearsalId))?.agentId !== agentId)
        return { ok: false, message: 'Unknown rehearsal' };
      const at = ctx.now();
      if (event.type === 'progress') {
        if (event.done > row.progress)
          await rehearsalRepo.updateRunning(db, rehearsalId, { progress: event.done, updatedAt: at }, at);
      } else if (event.type === 'result') {
        await rehearsalRepo.updateRunning(
          db,
          rehearsalId,
          {
            status: 'done',
            progress: 1,
            result: event.result as unknown as Record<string, unknown>,
            updatedAt: at,
            finishedAt: at,
          },
          at,
        );
      } else {
        // A stop fails it too, saying why (the stop's cause): a part of the span is no result.
        const message =
          event.type === 'failed'
            ? event.message
            : event.cause === 'agent-leaving'
              ? rehearsalLeftMessage
              : rehearsalStoppedMessage;
        await rehearsalRepo.updateRunning(
          db,
          rehearsalId,
          {
            status: 'failed',
            message,
            updatedAt: at,
            finishedAt: at,
          },
          at,
        );
      }
      return { ok: true };
    },
  };
}

export type RehearsalService = ReturnType<typeof createRehearsalService>;
