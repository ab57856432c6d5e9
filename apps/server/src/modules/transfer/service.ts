import { randomBytes, randomUUID } from 'node:crypto';
import {
  canStartTransfer,
  errorMessages,
  firstIssueMessage,
  hasToolAccess,
  launchBrowserActionSchema,
  messages,
  transferLatencyActionSchema,
  transferMarketPricesActionSchema,
  transferPurchaseStartActionSchema,
  transferScreenshotActionSchema,
  transferStartError,
  transferSyncActionSchema,
  subscriptionExpiredMessage,
  type TransferConfig,
  type TransferFilter,
} from '@tradedesk/domain';

import type { TransferCommandName, TransferRoute } from '@tradedesk/domain/realtime';
import type { z } from 'zod';
import type { AppContext } from '../../lib/app-context.js';
import { accountRepo, type AccountRow } from '../account/repo.js';
import type { UserRow } from '../auth/repo.js';
import { reject } from '../../lib/web-action.js';
import { runMessages } from '../../runs/messages.js';
import { runsRepo } from '../../runs/runs-repo.js';
import { agentAccountOf, type TransferDispatcher } from '../../runs/agent-ports.js';
import { transferMessages } from './messages.js';
import { stepRecord, transferRepo } from './repo.js';

/** The id of a one-off request (latency, prices, screenshot, launch): the command's route names its user. */
const requestId = () => randomBytes(12).toString('base64url');

function parse<T extends z.ZodTypeAny>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed.data : reject(firstIssueMessage(parsed.error));
}

/** The web's transfer actions with the spec's checks; every side effect comes after every check. */
export function createTransferService(ctx: AppContext, agents: TransferDispatcher) {
  const { db } = ctx;

  async function ownedAccount(userId: string, id: string) {
    return (await accountRepo.findOwned(db, userId, id)) ?? reject(errorMessages.accountNotFound);
  }

  const agentAccount = (account: AccountRow) => agentAccountOf(ctx, account);

  /** An ended plan closes the tools (anything that reaches a game account); accounts, filters and settings stay. */
  function requireLivePlan(user: UserRow) {
    if (!hasToolAccess(user, ctx.now())) reject(subscriptionExpiredMessage);
  }

  /** A live plan; both accounts chosen, different, owned by the caller; credits above zero. */
  async function pairOf(user: UserRow, buyerId: string | undefined, sellerId: string | undefined) {
    requireLivePlan(user);
    const pairError = transferStartError(buyerId, sellerId);
    if (pairError !== null) reject(pairError);
    if (!canStartTransfer(user.credits)) reject(errorMessages.youDoNotHaveSufficientCredits);
    const buyer = await ownedAccount(user.id, buyerId ?? '');
    const seller = await ownedAccount(user.id, sellerId ?? '');
    return { buyer, seller };
  }

  async function pickAgent() {
    return (await agents.pick()) ?? reject(transferMessages.noAgent);
  }

  /** Opens the record, sends the command; a refusal closes the record as cancelled (nothing happened). */
  async function openAndSend(
    user: UserRow,
    status: 'syncing' | 'running',
    pair: { buyer: AccountRow; seller: AccountRow },
    filter: TransferFilter,
    configuration: TransferConfig,
  ) {
    const agentId = await pickAgent();
    const now = ctx.now();
    const transferId = randomUUID();
    const opened = await transferRepo.open(
      db,
      {
        id: transferId,
        userId: user.id,
        buyerAccountId: pair.buyer.id,
        sellerAccountId: pair.seller.id,
        filter: filter as unknown as Record<string, unknown>,
        status,
        steps: [stepRecord(-1, 'sync', 'active', now)],
        coins: filter.player.value,
        createdAt: now,
        updatedAt: now,
      },
      agentId,
      user.maxAccounts,
    );
    if (opened === 'busy') reject(transferMessages.alreadyRunning);
    if (opened === 'limit') reject(runMessages.licenceLimit(user.maxAccounts));
    const ack = await agents
      .command(agentId, status === 'syncing' ? 'transfer-sync' : 'transfer-start', {
        transferId,
        route: { kind: 'transfer' },
        buyer: agentAccount(pair.buyer),
        seller: agentAccount(pair.seller),
        filter,
        configuration,
      })
      .catch((error: unknown) => ({ ok: false as const, message: String(error) }));
    if (!ack.ok) {
      const at = ctx.now();
      await transferRepo.update(db, transferId, {
        status: 'cancelled',
        description: ack.message,
        updatedAt: at,
        finishedAt: at,
      });
      await runsRepo.end(db, transferId, 'ended', at);
      reject(transferMessages.agentRefused(ack.message));
    }
    return transferId;
  }

  /** Sends a one-off request (latency, prices, screenshot); its answer arrives as an event. */
  async function request(userId: string, name: TransferCommandName, payload: Record<string, unknown>) {
    const agentId = await pickAgent();
    // A Launch Webapp may come from the snipe dashboard too: its answer goes to both web hubs.
    const route: TransferRoute = { kind: name === 'transfer-launch-webapp' ? 'launch' : 'request', userId };
    const ack = await agents.command(agentId, name, { transferId: requestId(), route, ...payload });
    if (!ack.ok) reject(ack.message);
  }

  return {
    /** `transfer-sync`: read both accounts (the page then asks for the purchase). */
    async sync(user: UserRow, input: unknown) {
      const data = parse(transferSyncActionSchema, input);
      const pair = await pairOf(user, data.buyer?.id, data.seller?.id);
      return openAndSend(user, 'syncing', pair, data.filter, data.configuration);
    },

    /** `transfer-purchase-player-start`: the run itself; its outcome charges (or not) 1 credit. */
    async start(user: UserRow, input: unknown) {
      const data = parse(transferPurchaseStartActionSchema, input);
      if (!data.filter.id) reject(messages.noFilterSelected);
      const pair = await pairOf(user, data.buyer?.id, data.seller?.id);
      return openAndSend(user, 'running', pair, data.filter, data.config);
    },

    async fetchLatency(user: UserRow, input: unknown) {
      requireLivePlan(user);
      const data = parse(transferLatencyActionSchema, input);
      if (!data.seller) return reject(messages.selectSeller);
      const seller = await ownedAccount(user.id, data.seller.id);
      await request(user.id, 'transfer-fetch-latency', {
        seller: agentAccount(seller),
        configuration: data.configuration,
      });
    },

    async fetchMarketPrices(user: UserRow, input: unknown) {
      requireLivePlan(user);
      const data = parse(transferMarketPricesActionSchema, input);
      // Spec 001 §5: a price check needs the seller first, then a chosen player.
      if (!data.seller) return reject(messages.selectSeller);
      if (!data.player || data.player.id <= 0) return reject(messages.unableToRetrievePlayer);
      const seller = await ownedAccount(user.id, data.seller.id);
      await request(user.id, 'transfer-fetch-market-prices', {
        seller: agentAccount(seller),
        player: data.player,
      });
    },

    async screenshot(user: UserRow, input: unknown) {
      requireLivePlan(user);
      const data = parse(transferScreenshotActionSchema, input);
      if (!data.user) return reject(data.isBuyer ? messages.selectBuyer : messages.selectSeller);
      const account = await ownedAccount(user.id, data.user.id);
      await request(user.id, 'transfer-screenshot', {
        account: agentAccount(account),
        isBuyer: data.isBuyer,
      });
    },

    /**
     * `LAUNCH_BROWSER` (the `/transfer` panels and the snipe dashboard's Launch Account): the account's game web
     * app in a visible browser on the agent's host, signed in.
     */
    async launchBrowser(user: UserRow, input: unknown) {
      const data = parse(launchBrowserActionSchema, input);
      if (!data.account) return reject(data.isBuyer ? messages.selectBuyer : messages.selectSeller);
      const account = await ownedAccount(user.id, data.account.id);
      // Spec 000 §4 / 001: Launch is disabled while the account is active.
      if (account.status === 'active' || account.status === 'break')
        return reject(transferMessages.launchWhileActive);
      await request(user.id, 'transfer-launch-webapp', {
        account: agentAccount(account),
        isBuyer: data.isBuyer,
      });
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
