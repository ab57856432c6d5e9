import { randomUUID } from 'node:crypto';
import {
  errorMessages,
  filterSwitchedFor,
  firstIssueMessage,
  hasToolAccess,
  resolveFilterSwitch,
  runLogMessages,
  isFleetSnipingOn,
  snipeCreateBrowserSchema,
  snipeCreateBrowsersSchema,
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
  FleetPart,
  SessionStartCommand,
  SessionStopCommand,
  SessionSwitchCommand,
} from '@tradedesk/domain/realtime';
import { runLog } from '@tradedesk/engine';
import type { AppContext } from '../../lib/app-context.js';
import { reject } from '../../lib/web-action.js';
import { runMessages } from '../../runs/messages.js';
import { accountRepo, type AccountRow } from '../account/repo.js';
import type { UserRow } from '../auth/repo.js';
import { presentFilter } from '../filter/presenter.js';
import { filterRepo } from '../filter/repo.js';
import { isKnownPlayerId } from '../player-data/index.js';
import { snipeMessages } from './messages.js';
import type { SnipePublisher } from './publisher.js';
import { startGroups } from './fleet-groups.js';
import { isWaitingLease, snipeRepo, type SnipePlan } from './repo.js';
import type { RunEvents } from './run-events.js';
import { sessionStartCommand } from './start-command.js';

/** Where running sessions live: the agents connected to any server node. */
export interface AgentDispatcher {
  /** A connected agent with a free slot (on any node, not `except`), or undefined when none has one. */
  /** `slots`: runs that must share the agent (a fleet's parts); default one. */
  pick(except?: string, slots?: number): Promise<string | undefined>;
  /**
   * Agents for up to `runs` runs of one slot each (runs waiting for an agent), drawn as `pick` draws
   * with each agent's free slots counted down as it is drawn: one look at the agents and their load
   * for all of them. Fewer (or none) when the free slots run out.
   */
  pickMany(runs: number): Promise<string[]>;
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
  /** Ends a run no agent holds (one waiting for an agent, stopped by its user). */
  runs: Pick<RunEvents, 'endLease'>,
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
    // A run waiting for an agent starts with the filter switched to (its plan, below).
    if (!isWaitingLease(lease)) {
      const ack = await agents.switchFilter(lease.agentId, {
        leaseId: lease.leaseId,
        accountId: account.id,
        filter,
      });
      if (!ack.ok) reject(ack.message);
    }
    await snipeRepo.setFilter(db, lease.leaseId, [resolved.filter.id], filter);
    publish.toUser(user.id, 'filter-switched', { accountId: account.id, filterIds: [resolved.filter.id] });
    publish.notify(user.id, 'success', filterSwitchedFor(account.email));
  }

  /** Whether the user may snipe at all, checked before the payload is read. */
  function checkAccess(user: UserRow) {
    if (user.tier !== 'snipe') reject(snipeMessages.tierRequired);
    // An ended plan closes the tools; the user's accounts, filters and settings stay.
    if (!hasToolAccess(user, ctx.now())) reject(subscriptionExpiredMessage);
  }

  /** The spec's checks of a plan before an agent is asked. */
  function checkPlan(plan: SnipePlan) {
    const ruleError = snipeStartError(plan.filters, plan.configuration.advanced.rotation);
    if (ruleError !== null) reject(ruleError);
    // A normal filter's player is a card version of the price database; an id it does not hold
    // (a stale or hand-made filter) would search for nothing all run long.
    const unknownPlayer = plan.filters.some(
      (filter) =>
        filter.type === 'normal' && (filter.playerId ?? 0) > 0 && !isKnownPlayerId(filter.playerId ?? 0),
    );
    if (unknownPlayer) reject(runLogMessages.unableToFindPlayerInServer);
  }

  /** A run claimed (its lease written, its licence slot taken) and not yet sent to its agent. */
  interface ClaimedRun {
    account: AccountRow;
    agentId: string;
    leaseId: string;
    plan: SnipePlan;
    fleet?: FleetPart;
  }

  const filterIdsOf = (plan: SnipePlan) =>
    plan.filters.map((filter) => filter.id ?? '').filter((id) => id !== '');

  /** Claims the account's run on the agent; answers the refusal's message, nothing written, if it may not run. */
  async function claim(user: UserRow, run: Omit<ClaimedRun, 'leaseId'>): Promise<ClaimedRun | string> {
    const leaseId = randomUUID();
    const now = ctx.now();
    const claimed = await snipeRepo.claimLease(
      db,
      {
        accountId: run.account.id,
        userId: user.id,
        leaseId,
        agentId: run.agentId,
        filterIds: filterIdsOf(run.plan),
        startedAt: now,
        heartbeatAt: now,
      },
      user.maxAccounts,
      run.plan,
      run.fleet,
    );
    if (claimed === 'busy') return snipeMessages.alreadyRunning;
    if (claimed === 'limit') return runMessages.licenceLimit(user.maxAccounts);
    return { ...run, leaseId };
  }

  const unclaim = (run: ClaimedRun) => snipeRepo.releaseLease(db, run.leaseId, 'ended', ctx.now());

  /** Sends a claimed run to its agent; answers the refusal's message (the run ended) if the agent refused. */
  async function launch(user: UserRow, run: ClaimedRun): Promise<string | undefined> {
    const { account, plan } = run;
    // Only after a run lost with its agent may a card bought then wait in the unassigned pile:
    // reading it costs the user a game request, so other starts skip it.
    const lostRun = await snipeRepo.lostRunToReconcile(db, account.id, run.leaseId, ctx.now());
    // The row says Logging in before the start is sent: the agent signs in as soon as it takes the
    // start, and its Active may be stored before the start's answer is read here (a loaded node).
    // Written after, Logging in overwrote that Active and stayed while the run sniped.
    const advanced = plan.configuration.advanced;
    const runsHeadless = advanced.isHeadlessEnabled || settings.headfulSessions !== true;
    const description = runsHeadless && !advanced.isHeadlessEnabled ? snipeMessages.headfulFallback : '';
    const signingIn = await accountRepo.update(db, user.id, account.id, {
      status: 'logging_in',
      description,
      sessionRequests: 0,
      sessionSearches: 0,
      updatedAt: ctx.now(),
    });
    if (signingIn) publish.account(user.id, signingIn);
    const ack = await agents
      .start(
        run.agentId,
        sessionStartCommand(ctx, account, {
          leaseId: run.leaseId,
          plan,
          maxPriceAgeMs: settings.priceStaleAfterMs,
          readUnassignedPile: lostRun !== undefined,
          ...(run.fleet === undefined ? {} : { fleet: run.fleet }),
        }),
      )
      .catch((error: unknown) => ({ ok: false as const, message: String(error) }));
    if (!ack.ok) {
      await unclaim(run);
      // Nothing started: the row is as it was, its last session's counters too.
      const restored = await accountRepo.update(db, user.id, account.id, {
        status: account.status,
        description: account.description,
        sessionRequests: account.sessionRequests,
        sessionSearches: account.sessionSearches,
        updatedAt: ctx.now(),
      });
      if (restored) publish.account(user.id, restored);
      return snipeMessages.agentRefused(ack.message);
    }
    publish.toUser(user.id, 'snipe-started', {
      accountId: account.id,
      filterIds: filterIdsOf(plan),
      ...(run.fleet === undefined ? {} : { fleetId: run.fleet.id }),
    });
    publish.notify(user.id, 'success', startingSnipeFor(account.email));
    publish.webhookStartStop(user.id, account, 'INFO', startingSnipeFor(account.email));
    return undefined;
  }

  /**
   * Starts the runs of one group: every run is claimed before any is sent, so a refusal (licence
   * limit, an account already sniping) starts none of the group. A fleet part the agent refuses
   * stops the parts already sent: a fleet runs whole or not at all.
   */
  async function startGroup(user: UserRow, runs: Omit<ClaimedRun, 'leaseId'>[]): Promise<string | undefined> {
    const claimed: ClaimedRun[] = [];
    for (const run of runs) {
      const outcome = await claim(user, run);
      if (typeof outcome === 'string') {
        for (const done of claimed) await unclaim(done);
        return outcome;
      }
      claimed.push(outcome);
    }
    const launched: ClaimedRun[] = [];
    for (const [index, run] of claimed.entries()) {
      const refusal = await launch(user, run);
      if (refusal === undefined) {
        launched.push(run);
        continue;
      }
      if (run.fleet === undefined) return refusal;
      for (const unsent of claimed.slice(index + 1)) await unclaim(unsent);
      for (const sent of launched)
        agents.stop(sent.agentId, { accountId: sent.account.id, leaseId: sent.leaseId });
      return refusal;
    }
    return undefined;
  }

  return {
    /** `snipe-create-browser`: start a run, or switch the running one's filter. */
    async create(user: UserRow, input: unknown) {
      checkAccess(user);
      const parsed = snipeCreateBrowserSchema.safeParse(input);
      if (!parsed.success) return reject(firstIssueMessage(parsed.error));
      const data = parsed.data;
      if (data.isSwitchFilter) return switchFilter(user, data.id, data.filters as SnipeFilter[]);

      const account = await ownedAccount(user.id, data.id, errorMessages.accountNotFound);
      const plan: SnipePlan = { filters: data.filters as SnipeFilter[], configuration: data.configuration };
      checkPlan(plan);
      const agentId = (await agents.pick()) ?? reject(snipeMessages.noAgent);
      const refusal = await startGroup(user, [{ account, agentId, plan }]);
      if (refusal !== undefined) reject(refusal);
    },

    /**
     * `snipe-create-browsers` (ours): several accounts started together with one plan. With the
     * fleet switch on, the accounts of one platform run as one fleet on one agent; otherwise, and
     * for a platform with one account, each runs alone. Nothing starts unless every account is the
     * user's; each group starts whole or not at all.
     */
    async createMany(user: UserRow, input: unknown) {
      checkAccess(user);
      const parsed = snipeCreateBrowsersSchema.safeParse(input);
      if (!parsed.success) return reject(firstIssueMessage(parsed.error));
      const data = parsed.data;
      const plan: SnipePlan = { filters: data.filters as SnipeFilter[], configuration: data.configuration };
      checkPlan(plan);
      const accounts: AccountRow[] = [];
      for (const id of data.ids)
        accounts.push(await ownedAccount(user.id, id, errorMessages.accountNotFound));
      const groups = startGroups(accounts, isFleetSnipingOn(data.configuration.advanced), randomUUID);
      const refusals: string[] = [];
      for (const group of groups) {
        const agentId = await agents.pick(undefined, group.accounts.length);
        const refusal =
          agentId === undefined
            ? snipeMessages.noAgent
            : await startGroup(
                user,
                group.accounts.map((account) => ({
                  account,
                  agentId,
                  plan,
                  ...(group.fleet === undefined ? {} : { fleet: group.fleet }),
                })),
              );
        if (refusal !== undefined) refusals.push(refusal);
      }
      if (refusals.length > 0) reject(refusals[0] ?? snipeMessages.noAgent);
    },

    /** `snipe-stop`: asks the agent to stop; the run's own stop event ends the lease. */
    async stop(user: UserRow, input: unknown) {
      const parsed = snipeStopSchema.safeParse(input);
      if (!parsed.success) return reject(firstIssueMessage(parsed.error));
      const account = await ownedAccount(user.id, parsed.data.id, errorMessages.accountNotFound);
      let lease = await snipeRepo.leaseOf(db, account.id);
      if (lease && isWaitingLease(lease)) {
        // No agent holds it: the wait ends here, as the agent's stop event would end a run.
        await runs.endLease(lease, runLog.stoppedByUser, 'user');
        // A sweep may have moved it to a free agent meanwhile: that run is stopped as any other.
        lease = await snipeRepo.leaseOf(db, account.id);
        if (!lease || isWaitingLease(lease)) return;
      }
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
