import { randomBytes } from 'node:crypto';
import { defaultTransferConfig, marketMessages, rarityOfId, type TransferFilter } from '@tradedesk/domain';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import type { EventAck, TransferEvent } from '@tradedesk/domain/realtime';
import type { AppContext } from '../../lib/app-context.js';
import type { MarketLegRecord } from '../../db/schema.js';
import { accountRepo } from '../account/repo.js';
import { accountMetadataRepo } from '../account/metadata-repo.js';
import {
  agentAccountOf,
  type TransferDispatcher,
  type TransferEventEnvelopeData,
} from '../../runs/agent-ports.js';
import { runsRepo, type RunRow } from '../../runs/runs-repo.js';
import { marketRepo, type MarketOrderRow } from './repo.js';
import { stepAt, type MarketService } from './service.js';

const ONE_HOUR_SECONDS = 3_600;
/** Refused starts of one transfer before it counts as failed, and the wait between tries. */
const MAX_REFUSALS = 5;

/** The order and leg a delivery run carries out (its run's `detail`). */
interface LegPlace {
  orderId: string;
  index: number;
}

/** Where a delivery run belongs: its `detail` names the order and the leg (undefined: not a delivery). */
function placeOf(run: Pick<RunRow, 'kind' | 'detail'> | undefined): LegPlace | undefined {
  if (run?.kind !== 'delivery') return undefined;
  const { orderId, leg } = run.detail;
  return typeof orderId === 'string' && typeof leg === 'number' ? { orderId, index: leg } : undefined;
}

/** Where the marketplace tells users about their orders (the `/client/transfer` hub's rooms). */
export interface MarketPublisher {
  toUser(userId: string, action: 'market-order' | 'market-sync', data: unknown): void;
  toUserError(userId: string, description: string): void;
}

/**
 * A paid order's delivery over the coin-transfer flow with the roles crossing users: the buyer's
 * account lists the card (the flow's receiving "seller"), each planned listed account of the
 * seller buys it at its leg's price (the flow's paying "buyer"), one transfer after another.
 * Each transfer is a `delivery` run of the one run model (its id the leg's `transferId`): started
 * with its order locked, beaten by its agent's heartbeat and events, lost by the one lost-agent
 * rule. The outcome of each transfer arrives as agent events (replay-safe by `seq`); the order
 * settles once, through the market service, when every leg succeeded or one failed.
 */
export function createMarketDelivery(
  ctx: AppContext,
  market: MarketService,
  agents: TransferDispatcher,
  publish: MarketPublisher,
  timing: {
    /** Wait between tries of a refused start. */
    retryDelayMs?: number;
  } = {},
) {
  const retryDelayMs = timing.retryDelayMs ?? 3_000;
  const { db } = ctx;
  const catalogue = loadCatalogue();

  /** The transfer filter of one delivery transfer: the buyer's card at the leg's price. */
  function deliveryFilter(cardDefinitionId: number, price: number): TransferFilter {
    const card = catalogue.byDefinitionId(cardDefinitionId);
    return {
      type: 'transfer',
      label: 'Marketplace delivery',
      player: {
        id: cardDefinitionId,
        name: card?.name ?? `Player ${cardDefinitionId}`,
        value: price,
        bidPrice: 0,
        buyNowPrice: 0,
        quality: card?.quality ?? 'gold',
        rarity: rarityOfId(card?.rarityId ?? 1),
        duration: ONE_HOUR_SECONDS,
        buyBackDuration: ONE_HOUR_SECONDS,
        delay: 1_000,
        enableAutoList: false,
        enableAutoBuyBack: false,
      },
    };
  }

  function announce(order: MarketOrderRow) {
    for (const userId of new Set([order.buyerUserId, order.sellerUserId]))
      publish.toUser(userId, 'market-order', { orderId: order.id, status: order.status });
  }

  /** Starts the order's next transfer, or settles it when none is left. */
  async function advance(orderId: string): Promise<void> {
    const agentId = await agents.pick();
    const started = await db.transaction(async (tx) => {
      const order = await marketRepo.lockOrder(tx, orderId);
      if (!order || (order.status !== 'paid' && order.status !== 'delivering')) return undefined;
      if (order.legs.some((leg) => leg.status === 'running')) return undefined;
      const index = order.legs.findIndex((leg) => leg.status === 'planned');
      if (index < 0) return { settle: true as const, order };
      const now = ctx.now();
      if (!agentId) {
        if (order.steps.at(-1)?.text === marketMessages.noAgent) return undefined;
        await marketRepo.updateOrder(tx, order.id, {
          steps: [...order.steps, stepAt(marketMessages.noAgent, 'active', now)],
          updatedAt: now,
        });
        return undefined;
      }
      // A new run (and id) per start: a refused start's run ended, its retry is another run.
      const transferId = randomBytes(12).toString('base64url');
      const planned = order.legs[index] as MarketLegRecord;
      await runsRepo.insert(tx, {
        id: transferId,
        kind: 'delivery',
        userId: order.sellerUserId,
        accountId: planned.accountId,
        partnerAccountId: order.buyerAccountId,
        agentId,
        detail: { orderId: order.id, leg: index },
        startedAt: now,
        heartbeatAt: now,
      });
      const legs = order.legs.map((leg, at) =>
        at === index ? { ...leg, status: 'running' as const, transferId, seqs: [] } : leg,
      );
      const steps =
        order.status === 'paid'
          ? [...order.steps, stepAt(marketMessages.deliveryStarted(legs.length), 'active', now)]
          : order.steps;
      await marketRepo.updateOrder(tx, order.id, { status: 'delivering', legs, steps, updatedAt: now });
      return {
        settle: false as const,
        order: { ...order, legs, steps, status: 'delivering' },
        index,
        transferId,
      };
    });
    if (!started) return;
    if (started.settle) {
      await market.settle(orderId);
      return;
    }
    announce(started.order);
    const leg = started.order.legs[started.index] as MarketLegRecord;
    const payer = await accountRepo.findOwned(db, started.order.sellerUserId, leg.accountId);
    const receiver = await accountRepo.findOwned(db, started.order.buyerUserId, started.order.buyerAccountId);
    const ack =
      payer && receiver && agentId
        ? await agents
            .command(agentId, 'transfer-start', {
              transferId: started.transferId,
              route: { kind: 'market-delivery' },
              buyer: agentAccountOf(ctx, payer),
              seller: agentAccountOf(ctx, receiver),
              filter: deliveryFilter(started.order.cardDefinitionId, leg.price),
              configuration: defaultTransferConfig(),
            })
            .catch((error: unknown) => ({ ok: false as const, message: String(error) }))
        : { ok: false as const, message: 'An account of this order no longer exists' };
    if (!ack.ok)
      await endLeg(started.transferId, { orderId, index: started.index }, ack.message, {
        ending: 'ended',
        retry: true,
      });
  }

  /**
   * Ends a delivery run and its running leg once (a second caller, or a run whose leg moved on,
   * changes nothing). `retry`: the agent refused the start (nothing moved; most often it is still
   * closing the previous transfer of the same accounts), so the leg is planned again and retried
   * shortly, up to MAX_REFUSALS. Otherwise the leg fails with `reason` and the order settles.
   */
  async function endLeg(
    runId: string,
    place: LegPlace,
    reason: string,
    how: { ending: 'ended' | 'lost'; retry?: boolean },
  ) {
    const outcome = await db.transaction(async (tx) => {
      // The order first, then the run: the order every delivery change locks first.
      const order = await marketRepo.lockOrder(tx, place.orderId);
      const now = ctx.now();
      if (!(await runsRepo.end(tx, runId, how.ending, now))) return undefined;
      const leg = order?.legs[place.index];
      if (!order || !leg || leg.transferId !== runId || leg.status !== 'running') return undefined;
      const refusals = (leg.refusals ?? 0) + 1;
      const retry = how.retry === true && refusals <= MAX_REFUSALS;
      const legs = order.legs.map((entry, at) =>
        at !== place.index
          ? entry
          : retry
            ? { ...entry, status: 'planned' as const, refusals }
            : { ...entry, status: 'failed' as const },
      );
      await marketRepo.updateOrder(tx, order.id, { legs, updatedAt: now });
      return retry ? ('retry' as const) : marketMessages.legFailed(place.index + 1, legs.length, reason);
    });
    if (outcome === 'retry')
      setTimeout(() => void advance(place.orderId).catch(() => undefined), retryDelayMs).unref();
    else if (outcome !== undefined) await market.settle(place.orderId, outcome);
  }

  /** One agent event of a delivery transfer; a re-sent event (same seq) changes nothing. */
  async function applyLegEvent(transferId: string, seq: number, event: TransferEvent): Promise<EventAck> {
    const parsed = placeOf(await runsRepo.byId(db, transferId));
    if (!parsed) return { ok: false, message: 'Unknown transfer', stop: true };
    const outcome = await db.transaction(async (tx) => {
      const order = await marketRepo.lockOrder(tx, parsed.orderId);
      const leg = order?.legs[parsed.index];
      if (!order || !leg || leg.transferId !== transferId) return 'missing' as const;
      if ((leg.seqs ?? []).includes(seq)) return 'replay' as const;
      const now = ctx.now();
      const legNumber = parsed.index + 1;
      const isRunning = leg.status === 'running';
      let next: MarketLegRecord = { ...leg, seqs: [...(leg.seqs ?? []), seq] };
      const steps = [...order.steps];
      let coinsDelivered = order.coinsDelivered;
      let result: 'step' | 'success' | { failed: string } = 'step';
      if (event.type === 'list-success')
        steps.push(stepAt(marketMessages.legListed(legNumber, order.legs.length), 'success', now));
      if (event.type === 'transfer-success' && isRunning) {
        next = { ...next, status: 'success', received: event.sellerReceived };
        coinsDelivered += event.sellerReceived;
        steps.push(
          stepAt(
            marketMessages.legBought(legNumber, order.legs.length, event.sellerReceived),
            'success',
            now,
          ),
        );
        result = 'success';
      }
      if (event.type === 'transfer-failed' && isRunning) {
        next = { ...next, status: 'failed' };
        result = { failed: marketMessages.legFailed(legNumber, order.legs.length, event.reason) };
      }
      const legs = order.legs.map((entry, at) => (at === parsed.index ? next : entry));
      await marketRepo.updateOrder(tx, order.id, { legs, steps, coinsDelivered, updatedAt: now });
      // A stored event is a beat of the run; its outcome ends it (a late one of a lost run changes nothing).
      await runsRepo.recordEvent(tx, transferId, seq, now);
      if (result !== 'step') await runsRepo.end(tx, transferId, 'ended', now);
      return { order: { ...order, legs, steps, coinsDelivered }, result, leg: next };
    });
    if (outcome === 'missing') return { ok: false, message: 'Unknown transfer', stop: true };
    if (outcome === 'replay') return { ok: true };
    const { order, result, leg } = outcome;
    if (result === 'success') {
      // The synced balances follow the coins at once (the next sync reads the game again).
      const now = ctx.now();
      await accountMetadataRepo.addCoins(db, order.sellerUserId, leg.accountId, -leg.price, now);
      await accountMetadataRepo.addCoins(db, order.buyerUserId, order.buyerAccountId, leg.received ?? 0, now);
      announce(order);
      // After the acknowledgement: the agent closes this run first, then takes the next one.
      setTimeout(() => void advance(order.id).catch(() => undefined), 0).unref();
    } else if (typeof result === 'object') await market.settle(order.id, result.failed);
    else announce(order);
    return { ok: true };
  }

  /** A balance sync's answer: the account's coins are stored and the listings re-checked. */
  async function applySync(userId: string, event: TransferEvent): Promise<EventAck> {
    if (event.type === 'sync-result') {
      const snapshot = event.seller;
      const now = ctx.now();
      if (await accountRepo.findOwned(db, userId, snapshot.accountId)) {
        await accountMetadataRepo.saveSnapshot(
          db,
          userId,
          snapshot.accountId,
          {
            username: snapshot.username,
            coins: snapshot.coins,
            unassigned: snapshot.unassigned.map((item) => ({ id: item.id })),
            tradepile: snapshot.tradepile.map((item) => ({ id: item.id })),
            screenshot: '',
          },
          now,
        );
        await market.recheckListingsOf([snapshot.accountId]);
        publish.toUser(userId, 'market-sync', { accountId: snapshot.accountId, coins: snapshot.coins });
      }
    } else if (event.type === 'error') publish.toUserError(userId, event.description);
    return { ok: true };
  }

  return {
    advance,
    /** Tells the order's buyer and seller that it changed. */
    announce,

    /**
     * Starts every paid order's delivery that is waiting (at start, on a timer, after a payment).
     * An order with a transfer in flight waits for its agent's events (no agent pick, no lock):
     * a lost agent's transfer is ended by the one lost-agent rule (`settle`).
     */
    async pump() {
      for (const order of await marketRepo.ordersToDeliver(db))
        if (!order.legs.some((leg) => leg.status === 'running')) await advance(order.id);
    },

    /**
     * Delivery runs the run lifecycle ended without their outcome: lost with their agent, or
     * handed back by a leaving one. Each running leg fails saying so, and its order settles (the
     * delivered part paid out, the rest refunded).
     */
    async settle(runs: RunRow[], ending: 'lost' | 'ended') {
      const reason = ending === 'lost' ? marketMessages.agentLost : marketMessages.agentLeft;
      for (const run of runs) {
        const place = placeOf(run);
        // A run naming no leg has nothing to settle; it still ends, once, like any other.
        if (place) await endLeg(run.id, place, reason, { ending });
        else await runsRepo.end(db, run.id, ending, ctx.now());
      }
    },

    /** Stores an agent event of a delivery transfer or a balance sync (by its route's kind). */
    apply({ route, transferId, seq, event }: TransferEventEnvelopeData): Promise<EventAck> {
      return route.kind === 'market-sync'
        ? applySync(route.userId, event)
        : applyLegEvent(transferId, seq, event);
    },

    /** Reads the coin balance of each of the user's given accounts in the game (one sync each). */
    async syncBalances(userId: string, accountIds: readonly string[]) {
      const agentId = await agents.pick();
      if (!agentId) return false;
      for (const accountId of accountIds) {
        const account = await accountRepo.findOwned(db, userId, accountId);
        if (!account) continue;
        const side = agentAccountOf(ctx, account);
        await agents.command(agentId, 'transfer-sync', {
          transferId: randomBytes(12).toString('base64url'),
          route: { kind: 'market-sync', userId },
          buyer: side,
          seller: side,
          // The sync reads coins and piles; no card is looked for, so any valid filter does.
          filter: deliveryFilter(1, 0),
          configuration: defaultTransferConfig(),
        });
      }
      return true;
    },
  };
}

export type MarketDelivery = ReturnType<typeof createMarketDelivery>;
