import {
  breakEndedFor,
  breakStartedFor,
  followUpNotice,
  isAccountRunning,
  platformOf,
  purchaseNotice,
  snipeStoppedFor,
  toReportPlatform,
  unnamedPlayer,
  type AccountStatus,
  type LogEntry,
  type SnipeResultReport,
} from '@tradedesk/domain';
import type { WireEngineEvent } from '@tradedesk/domain/realtime';
import type { AppContext } from '../../lib/app-context.js';
import type { AccountRow } from '../account/repo.js';
import { runNoticeMessage, snipeResultMessage } from '../webhook/embeds.js';
import { snipeMessages } from './messages.js';
import { playerNameOf } from './player-names.js';
import type { SnipePublisher } from './publisher.js';
import { leaseOfRun, snipeRepo, type LeaseRow } from './repo.js';
import { runAccountRepo, type RunAccountChange } from './run-account-repo.js';

/** The event id of a purchase found in the unassigned pile after its lease `leaseId` was lost. */
const reconciledEventId = (leaseId: string, itemId: number) => `reconciled:${leaseId}:${itemId}`;

/** Statuses whose reason the row's tooltip should show. */
const describedStatuses = new Set<AccountStatus>(['error', 'captcha', 'soft_ban']);

export type EventOutcome = { ok: true } | { ok: false; message: string; stop?: boolean };

/**
 * Persists what one run event says (account, session counters, log entries, lease end) and then
 * forwards it to the user's sockets and the chat webhook. The agent is acknowledged only after
 * this resolves, so a purchase is stored before the engine moves on.
 */
export interface RunEventsOptions {
  /** Told how many purchases an event stored for the first time (a re-sent one stores none). */
  onPurchasesStored?: (count: number) => void;
}

export function createRunEvents(ctx: AppContext, publish: SnipePublisher, options: RunEventsOptions = {}) {
  const { db } = ctx;

  const updateAccount = (accountId: string, change: RunAccountChange) =>
    runAccountRepo.update(db, accountId, change, ctx.now());

  const publishAccount = (row: AccountRow | undefined) => {
    if (row) publish.account(row.userId, row);
  };

  type Owner = NonNullable<Awaited<ReturnType<typeof snipeRepo.sessionByLease>>>;

  /** One buy attempt as a run event reports it, under the event id it is stored by. */
  interface Attempt {
    eventId: string;
    report: SnipeResultReport;
    logEntry: LogEntry;
    /** The game's id of the card bought (successful purchases). */
    itemId: number | undefined;
  }

  /**
   * Stores buy attempts of the owner's account in one statement, each once (a replay, or the
   * same purchase reported on another path, finds it stored), and, only for those that are new,
   * adds the purchases' profit in one update and tells the user, the page and the chat.
   * `fromRunningLease`: the attempts are the events of a lease that has not ended (see below).
   */
  async function recordAttempts(
    owner: Owner,
    attempts: readonly Attempt[],
    { fromRunningLease = false }: { fromRunningLease?: boolean } = {},
  ) {
    const { userId } = owner;
    // The lease's account: an entry naming another account is not this run's to store.
    const { accountId } = owner.session;
    const byEventId = new Map(attempts.map((attempt) => [attempt.eventId, attempt]));
    const rows = [...byEventId.values()].map(({ eventId, report, logEntry, itemId }) => ({
      eventId,
      userId,
      accountId,
      type: logEntry.type,
      playerId: logEntry.playerId,
      playerName: logEntry.playerName,
      rarity: logEntry.rarity,
      platform: logEntry.platform,
      buyPrice: report.buyPrice,
      sellPrice: report.sellPrice,
      tax: report.tax,
      value: report.value,
      isSuccess: logEntry.isSuccess,
      errorCode: report.errorCode ?? null,
      listingTime: report.listingTime ?? null,
      report,
      itemId: itemId ?? null,
    }));
    const storedIds = await snipeRepo.insertLogEntries(db, rows);
    if (fromRunningLease) {
      // Only an ended lease can have been reconciled, so a running lease's purchase that finds
      // its purchase key taken is the card bought back at the price it was bought for before: a
      // purchase of its own. It is stored without the item id (nothing but that key reads it);
      // its event id still makes a replay land once.
      const stored = new Set(storedIds);
      const buyBacks = rows
        .filter((row) => row.itemId !== null && !stored.has(row.eventId))
        .map((row) => ({ ...row, itemId: null }));
      storedIds.push(...(await snipeRepo.insertLogEntries(db, buyBacks)));
    }
    const stored = storedIds.flatMap((eventId) => byEventId.get(eventId) ?? []);
    const purchases = stored.filter(({ report }) => report.errorCode === undefined);
    if (purchases.length > 0) {
      options.onPurchasesStored?.(purchases.length);
      const profit = purchases.reduce((sum, { report }) => sum + report.value, 0);
      publishAccount(await runAccountRepo.addProfit(db, accountId, profit, ctx.now()));
    }
    for (const { report, logEntry } of stored) {
      publish.toUser(userId, 'snipe-result', { ...report, accountId });
      // The user's own notice names the card even when Mask Snipes hides it from shared messages.
      publish.notify(
        userId,
        report.errorCode === undefined ? 'success' : 'error',
        purchaseNotice({ ...report, playerName: logEntry.playerName }),
        'snipe',
      );
      publish.webhook(userId, 'snipe', snipeResultMessage(report, publish.clubName(owner)));
    }
  }

  /**
   * An earlier run of the account was lost with its agent and is not reconciled: a Buy Now in
   * flight then may have bought a card whose event never arrived. Each bought card in the
   * unassigned pile that no stored purchase of this account names (same item, same price: the
   * purchase key skips those) is recorded as the newest such run's, under its lease and the
   * game's item id, so a replay or a late event of a lost run lands once; every such run is then
   * marked reconciled, and later starts no longer ask for the pile. When no lost run waits, every
   * event arrived, and nothing is looked at.
   */
  async function recordUnassignedPurchases(
    owner: Owner,
    leaseId: string,
    event: Extract<WireEngineEvent, { type: 'unassigned-purchases' }>,
  ) {
    const lostRun = await snipeRepo.lostRunToReconcile(db, event.accountId, leaseId, owner.session.startedAt);
    if (!lostRun) return;
    const platform = platformOf(owner);
    const attempts = event.items.map((item): Attempt => {
      const playerName = playerNameOf(item.definitionId, unnamedPlayer(item.definitionId));
      // What the lost run would have reported; its sale was never planned, so no profit is claimed.
      const report: SnipeResultReport = {
        buyerId: event.accountId,
        platform: toReportPlatform(platform),
        playerId: item.definitionId,
        playerName,
        buyPrice: item.price,
        sellPrice: 0,
        tax: 0,
        value: 0,
      };
      const logEntry: LogEntry = {
        accountId: event.accountId,
        playerId: item.definitionId,
        playerName,
        buyPrice: item.price,
        sellPrice: 0,
        rarity: item.rarity,
        platform,
        isSuccess: true,
        type: 'snipe',
      };
      return {
        eventId: reconciledEventId(lostRun.leaseId, item.itemId),
        report,
        logEntry,
        itemId: item.itemId,
      };
    });
    await recordAttempts(owner, attempts);
    // After the purchases: a failure before this mark has the agent re-send the report.
    await snipeRepo.markLostRunsReconciled(db, event.accountId, leaseId, owner.session.startedAt, ctx.now());
  }

  async function apply(
    leaseId: string,
    seq: number,
    event: WireEngineEvent,
    agentId: string,
  ): Promise<EventOutcome> {
    const owner = await snipeRepo.sessionByLease(db, leaseId);
    if (!owner || owner.session.accountId !== event.accountId)
      return { ok: false, message: 'Unknown lease', stop: true };
    const { userId } = owner;
    const lease = owner.currentRun ? leaseOfRun(owner.currentRun) : undefined;
    const isRunning = lease?.leaseId === leaseId;
    const isLive = isRunning && lease.agentId === agentId;

    const leaseEnded: EventOutcome = { ok: false, message: 'Lease ended', stop: true };

    // Purchases are kept even when the lease already ended: nothing bought is ever lost.
    if (event.type === 'snipe-result') {
      const report = {
        ...event.report,
        playerName: playerNameOf(event.report.playerId, event.report.playerName),
      };
      const logEntry = {
        ...event.logEntry,
        playerName: playerNameOf(event.report.playerId, event.logEntry.playerName),
      };
      const itemId = report.errorCode === undefined ? event.itemId : undefined;
      // A purchase found in the unassigned pile after this lease was lost is stored once: the
      // purchase key (account, item, price) turns this event into a no-op then.
      await recordAttempts(owner, [{ eventId: `${leaseId}:${seq}`, report, logEntry, itemId }], {
        fromRunningLease: isRunning,
      });
      return isLive ? { ok: true } : leaseEnded;
    }
    if (event.type === 'unassigned-purchases') {
      await recordUnassignedPurchases(owner, leaseId, event);
      return isLive ? { ok: true } : leaseEnded;
    }
    if (!isLive) return leaseEnded;

    switch (event.type) {
      case 'account-update': {
        const change = {
          status: event.status,
          ...(event.coins === undefined || event.coins === null
            ? {}
            : { coins: event.coins, coinsReadAt: ctx.now() }),
        };
        // Running clears an old error text, but keeps the headful-runs-headless note.
        const row =
          event.status === 'active'
            ? await runAccountRepo.markRunning(
                db,
                event.accountId,
                change,
                snipeMessages.headfulFallback,
                ctx.now(),
              )
            : await updateAccount(event.accountId, change);
        publishAccount(row);
        break;
      }
      case 'session-upsert': {
        publishAccount(
          await snipeRepo.recordSessionCounters(
            db,
            leaseId,
            event.accountId,
            {
              requests: event.requests,
              searches: event.searches,
              endedAt: event.endedAt === null ? undefined : new Date(event.endedAt),
            },
            ctx.now(),
          ),
        );
        publish.toUser(userId, 'upsert-session', {
          accountId: event.accountId,
          startedAt: Math.max(0, Math.round(event.startedAt)),
          endedAt: event.endedAt === null ? null : Math.max(0, Math.round(event.endedAt)),
          requests: event.requests,
          searches: event.searches,
        });
        break;
      }
      case 'identity':
        publishAccount(
          await updateAccount(event.accountId, { username: event.username, imageUrl: event.imageUrl }),
        );
        break;
      case 'follow-up':
        publish.notify(
          userId,
          event.placement === 'unassigned' ? 'blank' : 'success',
          followUpNotice(playerNameOf(event.playerId, event.playerName), event.placement, event.sellPrice),
          'follow-up',
        );
        break;
      case 'break-start':
        publish.toUser(userId, 'break-start', { accountId: event.accountId, until: event.until });
        publish.notify(userId, 'blank', breakStartedFor(owner.email), 'break');
        break;
      case 'break-end':
        publish.toUser(userId, 'break-end', { accountId: event.accountId });
        publish.notify(userId, 'blank', breakEndedFor(owner.email), 'break');
        break;
      case 'notice':
        if (event.level === 'DEBUG') {
          // Diagnostics are the chat log's (spec 000 §7: /log is for DEBUG), not the user's list.
          publish.webhook(userId, 'log', runNoticeMessage('DEBUG', event.message, publish.clubName(owner)));
          break;
        }
        if (event.level === 'BREAK_START' || event.level === 'BREAK_END') {
          // The break itself is the user's notification (break-start/-end); its text goes to chat.
          publish.webhookStartStop(userId, owner, event.level, event.message);
          break;
        }
        publish.notify(
          userId,
          event.level === 'ERROR' ? 'error' : event.level === 'SUCCESS' ? 'success' : 'blank',
          event.message,
        );
        break;
      case 'stop':
        await endLease(lease, event.message, event.reason);
        break;
    }
    return { ok: true };
  }

  /** The run ended (its stop event) or its agent was lost: the lease goes, the row says why. */
  async function endLease(lease: LeaseRow, message: string, reason: string | 'agent-lost') {
    const lost = reason === 'agent-lost';
    const released = await snipeRepo.releaseLease(db, lease.leaseId, lost ? 'lost' : 'ended', ctx.now());
    if (!released) return;
    const current = await runAccountRepo.byId(db, lease.accountId);
    if (!current) return;
    const status: AccountStatus = lost
      ? 'error'
      : isAccountRunning(current.status as AccountStatus) || current.status === 'logging_in'
        ? reason === 'error'
          ? 'error'
          : 'inactive'
        : (current.status as AccountStatus);
    const row = await updateAccount(lease.accountId, {
      status,
      description: describedStatuses.has(status)
        ? message
        : current.description === snipeMessages.headfulFallback
          ? ''
          : current.description,
    });
    await snipeRepo.updateSession(db, lease.leaseId, { endedAt: ctx.now(), agentLost: lost });
    publishAccount(row);
    publish.toUser(lease.userId, 'stop', { accountId: lease.accountId, reason: message });
    publish.notify(
      lease.userId,
      lost || status === 'error' ? 'error' : 'success',
      lost ? message : snipeStoppedFor(current.email),
    );
    // Why it ended (thresholds, coins, time, a captcha…) is kept with the stop. A stop the user
    // asked for needs no reason: 'Snipe stopped for …' above says it (the spec's one notice).
    if (!lost && message !== '' && reason !== 'user')
      publish.notify(lease.userId, status === 'error' ? 'error' : 'blank', message);
    publish.webhookStartStop(lease.userId, current, lost || status === 'error' ? 'ERROR' : 'INFO', message, {
      requests: row?.sessionRequests ?? 0,
      searches: row?.sessionSearches ?? 0,
    });
  }

  return {
    apply,
    endLease,
    /** A lost agent's leases: each account turns `error` with a description saying so. */
    async markLost(leases: LeaseRow[]) {
      for (const lease of leases) await endLease(lease, snipeMessages.agentLost, 'agent-lost');
    },
  };
}

export type RunEvents = ReturnType<typeof createRunEvents>;
