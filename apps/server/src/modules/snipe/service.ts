import { randomUUID } from 'node:crypto';
import {
  errorMessages,
  filterSwitchedFor,
  firstIssueMessage,
  hasToolAccess,
  resolveFilterSwitch,
  runLogMessages,
  snipeCreateBrowserSchema,
  snipeStartError,
  snipeStopSchema,
  snipeStoppedFor,
  startingSnipeFor,
  stoppingSnipeFor,
  subscriptionExpiredMessage,
  type SnipeFilter,
} from '@tradedesk/domain';
import type {
  AgentAck,
  SessionStartCommand,
  SessionStopCommand,
  SessionSwitchCommand,
} from '@tradedesk/domain/realtime';
import type { AppContext } from '../../context.js';
import { reject } from '../../lib/web-action.js';
import { runMessages } from '../../runs/messages.js';
import { accountRepo } from '../account/repo.js';
import type { UserRow } from '../auth/repo.js';
import { presentFilter } from '../filter/presenter.js';
import { filterRepo } from '../filter/repo.js';
import { isKnownPlayerId } from '../player-data/index.js';
import { snipeMessages } from './messages.js';
import type { SnipePublisher } from './publisher.js';
import { snipeRepo } from './repo.js';
import { sessionStartCommand } from './start-command.js';

/** Where running sessions live: the agents connected to any server node. */
export interface AgentDispatcher {
  /** A connected agent with a free slot (on any node, not `except`), or undefined when none has one. */
  pick(except?: string): Promise<string | undefined>;
  start(agentId: string, command: SessionStartCommand): Promise<AgentAck>;
  switchFilter(agentId: string, command: SessionSwitchCommand): Promise<AgentAck>;
  /** Reaches the agent on whichever node it is connected to. */
  stop(agentId: string, command: SessionStopCommand): void;
}

/** The web's snipe actions: start, switch filter and stop, with the spec's rules. */
export interface SnipeServiceSettings {
  /** The price database's stale limit: sessions judge their prices by the same limit. */
  priceStaleAfterMs: number;
  /**
   * The agents open headful windows (HEADFUL_SESSIONS=on): a run with the Headless toggle off
   * runs headful; otherwise it runs headless and the account says so.
   */
  headfulSessions?: boolean;
}

export function createSnipeService(
  ctx: AppContext,
  agents: AgentDispatcher,
  publish: SnipePublisher,
  settings: SnipeServiceSettings,
) {
  const { db } = ctx;

  async function ownedAccount(userId: string, id: string, missing: string) {
    return (await accountRepo.findOwned(db, userId, id)) ?? reject(missing);
  }

  async function switchFilter(user: UserRow, accountId: string, filters: SnipeFilter[]) {
    const account = await accountRepo.findOwned(db, user.id, accountId);
    const lease = account ? await snipeRepo.leaseOf(db, account.id) : undefined;
    if (lease === undefined && account !== undefined) reject(snipeMessages.notRunning);
    if (filters.length !== 1) reject(snipeMessages.switchUnsupported);
    const stored = (await filterRepo.listOf(db, user.id)).map(presentFilter);
    const resolved = resolveFilterSwitch({
      account,
      filters: stored,
      currentFilterIds: lease?.filterIds ?? [],
      label: filters[0]?.label ?? '',
    });
    if (!resolved.ok) return reject(resolved.message);
    if (!account || !lease) return reject(errorMessages.accountNotFound);
    const filter = resolved.filter as unknown as SnipeFilter;
    if (filter.type === ('transfer' as string)) reject(snipeMessages.snipeFilterOnly);
    const ack = await agents.switchFilter(lease.agentId, {
      leaseId: lease.leaseId,
      accountId: account.id,
      filter,
    });
    if (!ack.ok) reject(ack.message);
    await snipeRepo.setFilter(db, lease.leaseId, [resolved.filter.id], filter);
    publish.toUser(user.id, 'filter-switched', { accountId: account.id, filterIds: [resolved.filter.id] });
    publish.notify(user.id, 'success', filterSwitchedFor(account.email));
  }

  return {
    /** `snipe-create-browser`: start a run, or switch the running one's filter. */
    async create(user: UserRow, input: unknown) {
      if (user.tier !== 'snipe') reject(snipeMessages.tierRequired);
      // An ended plan closes the tools; the user's accounts, filters and settings stay.
      if (!hasToolAccess(user, ctx.now())) reject(subscriptionExpiredMessage);
      const parsed = snipeCreateBrowserSchema.safeParse(input);
      if (!parsed.success) return reject(firstIssueMessage(parsed.error));
      const data = parsed.data;
      if (data.isSwitchFilter) return switchFilter(user, data.id, data.filters as SnipeFilter[]);

      const account = await ownedAccount(user.id, data.id, errorMessages.accountNotFound);
      const ruleError = snipeStartError(data.filters, data.configuration.advanced.rotation);
      if (ruleError !== null) reject(ruleError);
      // A normal filter's player is a card version of the price database; an id it does not hold
      // (a stale or hand-made filter) would search for nothing all run long.
      const unknownPlayer = (data.filters as SnipeFilter[]).some(
        (filter) =>
          filter.type === 'normal' && (filter.playerId ?? 0) > 0 && !isKnownPlayerId(filter.playerId ?? 0),
      );
      if (unknownPlayer) reject(runLogMessages.unableToFindPlayerInServer);
      const agentId = (await agents.pick()) ?? reject(snipeMessages.noAgent);

      const leaseId = randomUUID();
      const now = ctx.now();
      const filters = data.filters as SnipeFilter[];
      const filterIds = filters.map((filter) => filter.id ?? '').filter((id) => id !== '');
      const claimed = await snipeRepo.claimLease(
        db,
        {
          accountId: account.id,
          userId: user.id,
          leaseId,
          agentId,
          filterIds,
          startedAt: now,
          heartbeatAt: now,
        },
        user.maxAccounts,
        { filters, configuration: data.configuration },
      );
      if (claimed === 'busy') reject(snipeMessages.alreadyRunning);
      if (claimed === 'limit') reject(runMessages.licenceLimit(user.maxAccounts));
      // Only after a run lost with its agent may a card bought then wait in the unassigned pile:
      // reading it costs the user a game request, so other starts skip it.
      const lostRun = await snipeRepo.lostRunToReconcile(db, account.id, leaseId, now);

      const ack = await agents
        .start(
          agentId,
          sessionStartCommand(ctx, account, {
            leaseId,
            plan: { filters, configuration: data.configuration },
            maxPriceAgeMs: settings.priceStaleAfterMs,
            readUnassignedPile: lostRun !== undefined,
          }),
        )
        .catch((error: unknown) => ({ ok: false as const, message: String(error) }));
      if (!ack.ok) {
        await snipeRepo.releaseLease(db, leaseId, 'ended', ctx.now());
        reject(snipeMessages.agentRefused(ack.message));
      }
      const runsHeadless = data.configuration.advanced.isHeadlessEnabled || settings.headfulSessions !== true;
      const description =
        runsHeadless && !data.configuration.advanced.isHeadlessEnabled ? snipeMessages.headfulFallback : '';
      const row = await accountRepo.update(db, user.id, account.id, {
        status: 'logging_in',
        description,
        sessionRequests: 0,
        sessionSearches: 0,
        updatedAt: now,
      });
      if (row) publish.account(user.id, row);
      publish.toUser(user.id, 'snipe-started', { accountId: account.id, filterIds });
      publish.notify(user.id, 'success', startingSnipeFor(account.email));
      publish.webhookStartStop(user.id, account, 'INFO', startingSnipeFor(account.email));
    },

    /** `snipe-stop`: asks the agent to stop; the run's own stop event ends the lease. */
    async stop(user: UserRow, input: unknown) {
      const parsed = snipeStopSchema.safeParse(input);
      if (!parsed.success) return reject(firstIssueMessage(parsed.error));
      const account = await ownedAccount(user.id, parsed.data.id, errorMessages.accountNotFound);
      const lease = await snipeRepo.leaseOf(db, account.id);
      if (lease) {
        agents.stop(lease.agentId, { accountId: account.id, leaseId: lease.leaseId });
        publish.toast(user.id, 'blank', stoppingSnipeFor(account.email));
        return;
      }
      // Nothing runs (e.g. the agent was lost): the row must not stay active.
      const row = await accountRepo.update(db, user.id, account.id, {
        status: account.status === 'error' ? 'error' : 'inactive',
        updatedAt: ctx.now(),
      });
      if (row) publish.account(user.id, row);
      publish.notify(user.id, 'success', snipeStoppedFor(account.email));
    },
  };
}

export type SnipeService = ReturnType<typeof createSnipeService>;
