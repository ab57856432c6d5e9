import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { transferEventSteps, type TransferFilter } from '@tradedesk/domain';
import type { EventAck, TransferAccountSnapshot, TransferEvent } from '@tradedesk/domain/realtime';
import type { AppContext } from '../../lib/app-context.js';
import { accountRepo } from '../account/repo.js';
import { configurationRepo } from '../configuration/repo.js';
import { applyCreditChange } from '../credits/ledger.js';
import { transferResultMessage } from '../webhook/embeds.js';
import { accountMetadataRepo } from '../account/metadata-repo.js';
import { sbcClubRepo } from '../account/club-repo.js';
import type { TransferPublisher } from './publisher.js';
import { transferMessages } from './messages.js';
import { runsRepo } from '../../runs/runs-repo.js';
import { isOpen, stepRecord, transferRepo, type TransferRow } from './repo.js';

/** How an event left its transfer: a plain step, an outcome, or nothing (late, another agent's). */
type Settled = 'foreign' | 'step' | 'late' | 'failed' | { kind: 'success'; balance: number };

/** The progress step (and how it ended) each run event stands for; an `error` fails the Result. */
const stepOf = (type: TransferEvent['type']): readonly [string, string] =>
  type === 'error'
    ? ['result', 'failed']
    : type === 'latency-result'
      ? ['sync', 'success']
      : (transferEventSteps[type] ?? ['', '']);

const dataUrl = (png: string | null) => (png ? `data:image/png;base64,${png}` : '');

const presentSnapshot = (snapshot: TransferAccountSnapshot) => ({
  accountId: snapshot.accountId,
  username: snapshot.username,
  coins: snapshot.coins,
  unassigned: snapshot.unassigned,
  tradepile: snapshot.tradepile,
  card: snapshot.card,
  screenshot: dataUrl(snapshot.screenshot),
});

/**
 * What the agents' transfer events do: persist the step (once per `{transferId}:{seq}`), settle the
 * outcome exactly once (a success books 1 credit in the same transaction, keyed by the transfer
 * id), keep the accounts' metadata, and forward each event to the user's transfer pages and, for
 * outcomes, to the chat webhook. The agent is acknowledged only after this resolves.
 */
export function createTransferEvents(
  ctx: AppContext,
  publish: TransferPublisher,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const { db } = ctx;

  /**
   * A balance read by a one-off request is stored on the way: a failed store is logged (the error
   * only: the event carries the screenshot) and the answer still reaches the page.
   */
  const keepReadBalance = (store: Promise<void>, userId: string, accountId: string, request: string) =>
    store.catch((err: unknown) =>
      log.error({ err, userId, accountId, request }, 'could not keep the coin balance a request read'),
    );

  async function isMasked(userId: string) {
    const transfer = await configurationRepo.transferOf(db, userId);
    return transfer?.isTransfersMasked === true;
  }

  async function postResult(
    row: TransferRow,
    isSuccess: boolean,
    price: number,
    received: number,
    reason?: string,
  ) {
    const names = await accountRepo.namesOf(db, row.userId);
    const nameOf = (id: string) => {
      const account = names.find((candidate) => candidate.id === id);
      return account ? account.username || account.email : '';
    };
    const filter = row.filter as unknown as TransferFilter;
    publish.webhook(
      row.userId,
      'transfer',
      transferResultMessage({
        isSuccess,
        playerName: filter.player?.name ?? '',
        price,
        sellerReceived: received,
        buyerName: nameOf(row.buyerAccountId),
        sellerName: nameOf(row.sellerAccountId),
        isMasked: await isMasked(row.userId),
        ...(reason === undefined ? {} : { reason }),
      }),
    );
    // Kept for the bell too: a transfer takes minutes and its result may come while the user is
    // on another page, where the transfer page's toast never shows.
    const playerName = filter.player?.name ?? '';
    await publish.notify(
      row.userId,
      isSuccess ? 'success' : 'error',
      isSuccess
        ? transferMessages.completedNotice(playerName, price, nameOf(row.sellerAccountId), received)
        : transferMessages.failedNotice(playerName, reason ?? ''),
    );
  }

  /** A one-off request's answer goes straight to its user's pages. */
  async function answerRequest(userId: string, event: TransferEvent, isLaunch: boolean) {
    // Launch Webapp is asked for from the snipe dashboard too: its answer reaches the pages on both hubs.
    const toUser = isLaunch ? publish.toUserOnEveryHub : publish.toUser;
    const toUserError = isLaunch ? publish.toUserErrorOnEveryHub : publish.toUserError;
    if (event.type === 'screenshot-result') {
      await keepReadBalance(
        accountMetadataRepo.saveScreenshot(
          db,
          userId,
          event.accountId,
          dataUrl(event.screenshot),
          event.coins,
          ctx.now(),
        ),
        userId,
        event.accountId,
        'screenshot',
      );
      publish.toUser(userId, 'screenshot-result', {
        user: { id: event.accountId, isBuyer: event.isBuyer },
        coins: event.coins,
        screenshot: dataUrl(event.screenshot),
      });
    } else if (event.type === 'latency-result') {
      publish.toUser(userId, 'latency-result', { latency: event.latencyMs, isAboveSafe: event.isAboveSafe });
    } else if (event.type === 'market-prices-result') {
      publish.toUser(userId, 'market-prices-result', {
        definitionId: event.definitionId,
        lowestBuyNow: event.lowestBuyNow,
        listings: event.listings,
      });
    } else if (event.type === 'webapp-launched') {
      // A balance the page shows is the account's; none shown (captcha, soft ban) keeps the last one read.
      if (event.coins !== null)
        await keepReadBalance(
          accountMetadataRepo.saveLaunchedCoins(db, userId, event.accountId, event.coins, ctx.now()),
          userId,
          event.accountId,
          'launch',
        );
      toUser(userId, 'webapp-launched', {
        user: { id: event.accountId, isBuyer: event.isBuyer },
        coins: event.coins,
        blockedBy: event.blockedBy,
        host: event.host,
        display: event.display,
        // A window on the desktop of the host this server runs on is on "this machine" (embedded agent).
        where: event.display === 'desktop' && event.host === hostname() ? 'this-machine' : 'agent-host',
      });
    } else if (event.type === 'error') {
      toUserError(userId, event.description);
    }
  }

  /** Stores one event of a transfer page's run (its row in `transfers`). */
  async function apply(
    transferId: string,
    seq: number,
    event: TransferEvent,
    agentId: string,
  ): Promise<EventAck> {
    const now = ctx.now();
    const outcome = await transferRepo.applyEvent<Settled>(db, transferId, seq, now, async (row, run, tx) => {
      if (run?.agentId !== agentId) return { result: 'foreign' as const };
      const [step, status] = stepOf(event.type);
      const description =
        event.type === 'transfer-failed' ||
        event.type === 'purchase-skipped' ||
        event.type === 'auto-list-skipped' ||
        event.type === 'buy-back-skipped'
          ? event.reason
          : event.type === 'error'
            ? event.description
            : undefined;
      const steps = step === '' ? row.steps : [...row.steps, stepRecord(seq, step, status, now, description)];
      const base = { steps, updatedAt: now };

      if (event.type === 'transfer-success') {
        // Settles once: from running, or from a failure that only said the agent was lost.
        const canSettle = row.status === 'running' || (row.status === 'failed' && row.isLost);
        if (!canSettle) return { values: base, result: 'late' as const };
        const charge = await applyCreditChange(tx, {
          userId: row.userId,
          delta: -1,
          kind: 'transfer',
          eventKey: `transfer:${row.id}`,
        });
        return {
          values: {
            ...base,
            status: 'success',
            isLost: false,
            description: '',
            coins: event.buyerPaid,
            coinsReceived: event.sellerReceived,
            finishedAt: now,
          },
          result: { kind: 'success' as const, balance: charge.balance },
        };
      }
      if (event.type === 'transfer-failed') {
        if (row.status !== 'running') return { values: base, result: 'late' as const };
        return {
          values: { ...base, status: 'failed', description: event.reason, finishedAt: now },
          result: 'failed' as const,
        };
      }
      if (event.type === 'sync-result' && row.status === 'syncing')
        return { values: { ...base, status: 'synced', finishedAt: now }, result: 'step' as const };
      if (event.type === 'error' && row.status === 'syncing')
        return {
          values: { ...base, status: 'cancelled', description: event.description, finishedAt: now },
          result: 'step' as const,
        };
      return { values: base, result: 'step' as const };
    });

    if (outcome.kind === 'missing') return { ok: false, message: 'Unknown transfer', stop: true };
    if (outcome.kind === 'replay') return { ok: true };
    if (outcome.result === 'foreign') return { ok: false, message: 'Not this agent’s transfer', stop: true };
    const row = outcome.row;
    await forward(row, event, outcome.result);
    return { ok: true };
  }

  async function forward(row: TransferRow, event: TransferEvent, result: Settled) {
    const { userId } = row;
    const tag = { transferId: row.id };
    switch (event.type) {
      case 'sync-result': {
        const buyer = presentSnapshot(event.buyer);
        const seller = presentSnapshot(event.seller);
        await accountMetadataRepo.saveSnapshot(db, userId, row.buyerAccountId, buyer, ctx.now());
        await accountMetadataRepo.saveSnapshot(db, userId, row.sellerAccountId, seller, ctx.now());
        publish.toUser(userId, 'sync-result', { ...tag, buyer, seller });
        return;
      }
      case 'transfer-success': {
        if (typeof result !== 'object') return;
        await accountMetadataRepo.addCoins(db, userId, row.buyerAccountId, -event.buyerPaid, ctx.now());
        await accountMetadataRepo.addCoins(db, userId, row.sellerAccountId, event.sellerReceived, ctx.now());
        // The seller's copy now belongs to the buyer: its club as last read no longer holds it.
        await sbcClubRepo.removeSoldCopy(db, {
          userId,
          accountId: row.sellerAccountId,
          definitionId: event.filter.player.id,
        });
        publish.toUser(userId, 'transfer-success', {
          ...tag,
          filter: event.filter,
          price: event.price,
          buyerPaid: event.buyerPaid,
          sellerReceived: event.sellerReceived,
          tax: event.tax,
        });
        publish.toUser(userId, 'credits', { credits: result.balance });
        await postResult(row, true, event.price, event.sellerReceived);
        return;
      }
      case 'transfer-failed':
        if (result !== 'failed') return;
        publish.toUser(userId, 'transfer-failed', { ...tag, filter: event.filter, reason: event.reason });
        await postResult(row, false, row.coins, 0, event.reason);
        return;
      case 'error':
        publish.toUserError(userId, event.description);
        return;
      case 'latency-result':
        publish.toUser(userId, 'latency-result', {
          ...tag,
          latency: event.latencyMs,
          isAboveSafe: event.isAboveSafe,
        });
        return;
      case 'market-prices-result':
      case 'screenshot-result':
      case 'webapp-launched':
        return;
      default: {
        const { at: _at, type, ...data } = event;
        publish.toUser(userId, type, { ...tag, ...data });
      }
    }
  }

  /**
   * Transfers (and syncs) whose run the lost-agent rule took (`runs/lifecycle`) fail, charging
   * nothing: a run fails as lost (a late success still settles it), a sync is cancelled.
   */
  /**
   * Ends transfers (and syncs) whose agent is gone: `lost` by the lost-agent rule, `ended` when a
   * leaving agent handed them back. A running transfer fails charging nothing, a sync is cancelled.
   */
  async function markLost(
    transferIds: string[],
    description: string = transferMessages.agentLost,
    ending: 'lost' | 'ended' = 'lost',
  ) {
    for (const transferId of transferIds) {
      const now = ctx.now();
      const updated = await db.transaction(async (tx) => {
        const current = await transferRepo.byId(tx, transferId);
        const ended = await runsRepo.end(tx, transferId, ending, now);
        if (!current || !ended || !isOpen(current.status)) return undefined;
        const isRun = current.status === 'running';
        return transferRepo.update(tx, transferId, {
          status: isRun ? 'failed' : 'cancelled',
          isLost: isRun && ending === 'lost',
          description,
          steps: [...current.steps, stepRecord(-1, isRun ? 'result' : 'sync', 'failed', now, description)],
          updatedAt: now,
          finishedAt: now,
        });
      });
      if (!updated) continue;
      if (updated.status === 'failed') {
        const filter = updated.filter as unknown as TransferFilter;
        publish.toUser(updated.userId, 'transfer-failed', {
          transferId: updated.id,
          filter,
          reason: description,
        });
        await postResult(updated, false, updated.coins, 0, description);
      } else publish.toUserError(updated.userId, description);
    }
  }

  return {
    apply,
    /** The answer to a user's one-off request (a Launch Webapp's goes to both web hubs). */
    async answer(userId: string, event: TransferEvent, isLaunch: boolean): Promise<EventAck> {
      await answerRequest(userId, event, isLaunch);
      return { ok: true };
    },
    markLost,
  };
}

export type TransferEvents = ReturnType<typeof createTransferEvents>;
