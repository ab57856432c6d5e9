import { marketMessages, planDelivery, sellerPayoutCents } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accounts,
  checkoutOrders,
  marketLedger,
  marketOrders,
  sbcClubs,
  users,
} from '../../src/db/schema.js';
import { loadCatalogue } from '../../src/modules/payment/catalogue.js';
import { createFulfilment } from '../../src/modules/payment/fulfilment.js';
import { bookBalance } from '../../src/modules/coin-market/ledger-repo.js';
import { marketRepo } from '../../src/modules/coin-market/repo.js';
import { createTestDatabase, backends } from '../database.js';
import type { Client } from '../helpers.js';
import { signedInUser } from '../helpers.js';
import { agentLossDefaults } from '../../src/realtime/index.js';
import { runOf } from '../runs.js';
import { connectScriptedAgent } from './scripted-agent.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  startServerNode,
  waitDeadlineMs,
  type ServerNode,
} from './stack.js';

/** A rare gold card (Cristiano Ronaldo) the buyer's account lists for the delivery. */
const cardId = 20_801;
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

describe.each(backends)('coin marketplace (%s)', (backend) => {
  let node: ServerNode;
  let dispose: () => Promise<void>;
  let agent: Awaited<ReturnType<typeof connectScriptedAgent>>;

  beforeAll(async () => {
    const created = await createTestDatabase(backend);
    dispose = created.dispose;
    node = await startServerNode(created.database);
    agent = await connectScriptedAgent(node);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    agent?.socket.disconnect();
    await node?.app.close();
    await dispose?.();
  }, hubHookTimeoutMs);

  const db = () => node.app.appContext.db;
  let emailCounter = 0;
  const email = (who: string) => `${who}.${(emailCounter += 1)}.${Date.now()}@example.com`;

  /** Syncs the accounts' balances through the agent (the scripted agent answers with `coins`). */
  async function syncBalances(client: Client, balances: Record<string, number>) {
    const before = agent.commands.length;
    const ids = Object.keys(balances);
    expect((await client.post('/api/market/sync', { accountIds: ids })).status).toBe(200);
    for (let index = 0; index < ids.length; index += 1) {
      const command = await agent.nextCommand('transfer-sync', before + index);
      const accountId = (command.payload.seller as { accountId: string }).accountId;
      const snapshot = {
        accountId,
        username: 'club',
        coins: balances[accountId] ?? 0,
        tradepile: [],
        unassigned: [],
        card: null,
        screenshot: png,
      };
      expect(
        await agent.send(command.payload.transferId, 0, {
          type: 'sync-result',
          buyer: snapshot,
          seller: snapshot,
        }),
      ).toEqual({ ok: true });
    }
  }

  /** A seller with two synced accounts of 160,000 coins listed at €2.50 per 100,000 (10,000 kept each). */
  async function sellerWithListing() {
    const seller = await signedInUser(node.app, { tier: 'transfer', linked: true });
    const first = await createAccount(seller.client, email('seller-a'));
    const second = await createAccount(seller.client, email('seller-b'));
    await syncBalances(seller.client, { [first]: 160_000, [second]: 160_000 });
    const created = await seller.client.post('/api/market/coins', {
      accountIds: [first, second],
      price: '2.5',
      minimumBalance: 10_000,
      platform: 'pc',
    });
    expect(created.status).toBe(200);
    return { seller, first, second, listing: created.body.data as { id: string; coins: number } };
  }

  async function buyerWithAccount() {
    const buyer = await signedInUser(node.app, { tier: 'transfer', linked: true });
    const account = await createAccount(buyer.client, email('buyer'));
    return { buyer, account };
  }

  /** Pays the sandbox checkout at `url` with the test card. */
  async function pay(url: string) {
    const path = new URL(url).pathname;
    const response = await node.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card: '4242 4242 4242 4242' }).toString(),
    });
    expect(response.statusCode).toBe(303);
  }

  const orderRow = async (id: string) =>
    (await db().select().from(marketOrders).where(eq(marketOrders.id, id)))[0];

  /** Polls the order until it has the status; the limit (not a count of tries) only stops a hang. */
  async function waitForOrder(id: string, status: string) {
    const deadline = Date.now() + waitDeadlineMs;
    while (Date.now() < deadline) {
      const row = await orderRow(id);
      if (row?.status === status) return row;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`order ${id} never became ${status}: ${(await orderRow(id))?.status}`);
  }

  /** The money of an order in the ledger: every event balances, and escrow ends at 0. */
  async function ledgerOf(orderId: string) {
    const rows = await db().select().from(marketLedger).where(eq(marketLedger.orderId, orderId));
    const byBook = (prefix: string) =>
      rows.filter((row) => row.book.startsWith(prefix)).reduce((sum, row) => sum + row.deltaCents, 0);
    return {
      rows,
      escrow: byBook('escrow'),
      payout: byBook('payout'),
      refund: byBook('refund'),
      fee: byBook('fee'),
    };
  }

  it(
    'lists coins from synced accounts; an account listed twice, someone else’s or an empty one is refused',
    hubSuite,
    async () => {
      const { seller, first, listing } = await sellerWithListing();
      const [synced] = await db().select().from(accounts).where(eq(accounts.id, first));
      expect(synced?.coins).toBe(160_000);
      // 2 × 150,000 sellable; the buyer receives what is left after the 5% game tax.
      expect(listing.coins).toBe(285_000);
      const again = await seller.client.post('/api/market/coins', {
        accountIds: [first],
        price: 3,
        minimumBalance: 0,
        platform: 'pc',
      });
      expect(again).toMatchObject({ status: 400, body: { message: marketMessages.accountAlreadyListed } });

      const other = await signedInUser(node.app, { tier: 'transfer', linked: true });
      const stranger = await other.client.post('/api/market/coins', {
        accountIds: [first],
        price: 3,
        minimumBalance: 0,
      });
      expect(stranger).toMatchObject({ status: 404, body: { message: 'Account not found' } });
      const empty = await createAccount(other.client, email('empty'));
      expect(
        await other.client.post('/api/market/coins', { accountIds: [empty], price: 3, minimumBalance: 0 }),
      ).toMatchObject({ status: 400, body: { message: marketMessages.nothingToSell } });
      expect(
        (await other.client.post('/api/market/coins', { accountIds: [], price: 3, minimumBalance: 0 })).body,
      ).toEqual({ message: 'Select at least one account' });

      // Everyone sees the listing (without its account ids); only its owner sees them, by their token.
      const seen = (await other.client.get('/api/market/coins')).body.data.find(
        (entry: { id: string }) => entry.id === listing.id,
      );
      expect(seen).toMatchObject({
        platform: 'pc',
        coins: 285_000,
        averageCoinsPerAccount: 142_500,
        price: 2.5,
        accountIds: [],
      });
      const own = await seller.client.get(`/api/market/coins/${seller.token}`);
      expect(own.body.data.map((entry: { id: string }) => entry.id)).toEqual([listing.id]);
      expect(own.body.data[0].accountIds).toHaveLength(2);
      expect((await other.client.get(`/api/market/coins/${other.token}`)).body.data).toEqual([]);
      expect((await other.client.get(`/api/market/coins/${seller.token}`)).status).toBe(403);
    },
  );

  it(
    'refuses buying one’s own listing, more than it holds (999,999,999 too), or for someone else’s account',
    hubSuite,
    async () => {
      const { seller, first, listing } = await sellerWithListing();
      const { buyer, account } = await buyerWithAccount();
      const own = await createAccount(seller.client, email('seller-own'));
      const body = { buyerAccountId: account, coins: 100_000, cardId };
      expect(
        await seller.client.post(`/api/market/coins/${listing.id}`, { ...body, buyerAccountId: own }),
      ).toMatchObject({ status: 400, body: { message: marketMessages.ownListing } });
      expect(
        await buyer.client.post(`/api/market/coins/${listing.id}`, { ...body, coins: 300_000 }),
      ).toMatchObject({
        status: 400,
        body: { message: marketMessages.coinsAboveListing(285_000) },
      });
      // Above what the game's highest price brings after tax: once a loop without end (issue 26).
      expect(
        await buyer.client.post(`/api/market/coins/${listing.id}`, { ...body, coins: 999_999_999 }),
      ).toMatchObject({
        status: 400,
        body: { message: marketMessages.coinsAboveListing(285_000) },
      });
      expect(
        await buyer.client.post(`/api/market/coins/${listing.id}`, { ...body, buyerAccountId: first }),
      ).toMatchObject({ status: 404, body: { message: 'Account not found' } });
      expect(await buyer.client.post('/api/market/coins/nope', body)).toMatchObject({
        status: 404,
        body: { message: marketMessages.listingNotFound },
      });
      expect(
        (await db().select().from(marketOrders).where(eq(marketOrders.listingId, listing.id))).length,
      ).toBe(0);
    },
  );

  it(
    'takes the game’s own item id of a card in the buyer account’s read club; one not there gets plain words',
    hubSuite,
    async () => {
      const { listing } = await sellerWithListing();
      const { buyer, account } = await buyerWithAccount();
      // The item id the game shows for a card (beyond int32, once refused with a schema text).
      const itemId = 100_000_042_962;
      const body = { buyerAccountId: account, coins: 100_000, cardId: itemId };
      expect(await buyer.client.post(`/api/market/coins/${listing.id}`, body)).toMatchObject({
        status: 400,
        body: { message: marketMessages.itemNotInClub(itemId) },
      });
      const [owner] = await db().select().from(accounts).where(eq(accounts.id, account));
      await db()
        .insert(sbcClubs)
        .values({
          accountId: account,
          userId: owner!.userId,
          cards: [{ itemId, definitionId: cardId, untradeable: false, discardValue: 100 }],
          readAt: new Date(),
          requestedAt: new Date(),
        });
      const purchase = await buyer.client.post(`/api/market/coins/${listing.id}`, body);
      expect(purchase.status).toBe(200);
      expect((await orderRow(purchase.body.data.orderId))?.cardDefinitionId).toBe(cardId);
    },
  );

  it('a read of listings rechecks them once, and a read of one’s own only those', hubSuite, async () => {
    const { seller, listing } = await sellerWithListing();
    const other = await sellerWithListing();
    const { buyer } = await buyerWithAccount();
    const listingReads = vi.spyOn(marketRepo, 'openListings');
    const accountReads = vi.spyOn(marketRepo, 'accountsOf');
    const orderReads = vi.spyOn(marketRepo, 'liveOrdersOfListings');
    /** The calls that read these listings' rows (other work of the node may read others). */
    const readsOf = (spy: typeof accountReads | typeof orderReads, id: string) =>
      spy.mock.calls.filter(([, ids]) => ids.includes(id));
    try {
      const open = await buyer.client.get('/api/market/coins');
      expect(open.body.data.map((entry: { id: string }) => entry.id)).toEqual(
        expect.arrayContaining([listing.id, other.listing.id]),
      );
      expect(listingReads).toHaveBeenCalledTimes(1);
      expect(readsOf(accountReads, listing.id)).toHaveLength(1);
      expect(readsOf(orderReads, listing.id)).toHaveLength(1);

      listingReads.mockClear();
      accountReads.mockClear();
      orderReads.mockClear();
      const own = await seller.client.get('/api/market/coins/me');
      expect(own.body.data.map((entry: { id: string }) => entry.id)).toEqual([listing.id]);
      expect(listingReads).not.toHaveBeenCalled();
      expect(readsOf(accountReads, listing.id)).toHaveLength(1);
      expect(readsOf(accountReads, other.listing.id)).toHaveLength(0);
      expect(readsOf(orderReads, other.listing.id)).toHaveLength(0);
    } finally {
      listingReads.mockRestore();
      accountReads.mockRestore();
      orderReads.mockRestore();
    }
  });

  it('closes a listing whose account lost its coins (re-checked at sync)', hubSuite, async () => {
    const { seller, first, listing } = await sellerWithListing();
    const { buyer, account } = await buyerWithAccount();
    await syncBalances(seller.client, { [first]: 50_000 });
    const open = (await buyer.client.get('/api/market/coins')).body.data.map(
      (entry: { id: string }) => entry.id,
    );
    expect(open).not.toContain(listing.id);
    const own = (await seller.client.get('/api/market/coins/me')).body.data[0];
    expect(own).toMatchObject({ isOpen: false, closedReason: marketMessages.balanceFell });
    expect(
      await buyer.client.post(`/api/market/coins/${listing.id}`, {
        buyerAccountId: account,
        coins: 10_000,
        cardId,
      }),
    ).toMatchObject({ status: 404 });
  });

  it(
    'delivers a paid order across both accounts, then pays the seller minus the fee; replays change nothing',
    hubSuite,
    async () => {
      const { seller, first, second, listing } = await sellerWithListing();
      const { buyer, account } = await buyerWithAccount();
      const purchase = await buyer.client.post(`/api/market/coins/${listing.id}`, {
        buyerAccountId: account,
        coins: '200000',
        cardId,
      });
      expect(purchase.status).toBe(200);
      const orderId: string = purchase.body.data.orderId;
      expect((await orderRow(orderId))?.steps[0]?.text).toBe('Order has been submitted');
      // €2.50 per 100,000: €5.00 held once paid.
      expect((await orderRow(orderId))?.amountCents).toBe(500);
      // The coins are reserved: the listing shows what is left.
      const left = (await buyer.client.get('/api/market/coins')).body.data.find(
        (entry: { id: string }) => entry.id === listing.id,
      );
      expect(left?.coins ?? 0).toBeLessThan(85_000);

      const before = agent.commands.length;
      await pay(purchase.body.data.url);
      const plan = planDelivery(200_000, [
        { accountId: first, coins: 150_000 },
        { accountId: second, coins: 150_000 },
      ]);
      if (!plan) throw new Error('no plan');
      let delivered = 0;
      for (const [index, leg] of plan.entries()) {
        const command = await agent.nextCommand('transfer-start', before + index);
        // Each transfer is a delivery run of the one run model; its row names the order and leg.
        expect(await runOf(db(), command.payload.transferId)).toMatchObject({
          kind: 'delivery',
          status: 'running',
          agentId: 'scripted-agent',
          accountId: leg.accountId,
          partnerAccountId: account,
          detail: { orderId, leg: index },
        });
        // Roles cross users: the seller's listed account pays, the buyer's account lists the card.
        expect((command.payload.buyer as { accountId: string }).accountId).toBe(leg.accountId);
        expect((command.payload.seller as { accountId: string }).accountId).toBe(account);
        const player = (command.payload.filter as { player: { id: number; value: number } }).player;
        expect(player).toMatchObject({ id: cardId, value: leg.price });
        const filter = command.payload.filter as never;
        await agent.send(command.payload.transferId, 0, {
          type: 'list-success',
          tradeId: 9 + index,
          price: leg.price,
          duration: 3600,
        });
        const success = {
          type: 'transfer-success' as const,
          filter,
          price: leg.price,
          buyerPaid: leg.price,
          sellerReceived: leg.receives,
          tax: leg.price - leg.receives,
        };
        expect(await agent.send(command.payload.transferId, 1, success)).toEqual({ ok: true });
        // The agent re-sends an event it did not see acknowledged: nothing moves twice.
        expect(await agent.send(command.payload.transferId, 1, success)).toEqual({ ok: true });
        expect((await runOf(db(), command.payload.transferId))?.status).toBe('ended');
        delivered += leg.receives;
      }
      const done = await waitForOrder(orderId, 'delivered');
      expect(done.coinsDelivered).toBe(delivered);
      expect(done.coinsDelivered).toBeGreaterThanOrEqual(200_000);
      const money = await ledgerOf(orderId);
      expect(money).toMatchObject({
        escrow: 0,
        payout: sellerPayoutCents(500),
        refund: 0,
        fee: 500 - sellerPayoutCents(500),
      });
      expect((await seller.client.get('/api/market/balance')).body.data.payoutCents).toBe(
        sellerPayoutCents(500),
      );
      const view = (await buyer.client.get('/api/market/orders')).body.data[0];
      expect(view).toMatchObject({
        id: orderId,
        role: 'buyer',
        status: 'delivered',
        coinsDelivered: delivered,
      });
      // Neither side sees the other's accounts.
      expect(JSON.stringify(view)).not.toContain(first);
      expect(JSON.stringify((await seller.client.get('/api/market/orders')).body.data[0])).not.toContain(
        account,
      );

      // A replayed payment event (same id) changes nothing; another event for the paid order neither.
      const [checkout] = await db()
        .select()
        .from(checkoutOrders)
        .where(eq(checkoutOrders.id, done.checkoutOrderId ?? ''));
      if (!checkout) throw new Error('no checkout order');
      const fulfilment = createFulfilment(
        node.app.appContext,
        loadCatalogue(),
        node.app.coinMarket.externalOrders,
      );
      const event = (id: string) => ({
        id,
        type: 'checkout.session.completed',
        data: {
          object: {
            id: checkout.providerSessionId,
            client_reference_id: checkout.id,
            amount_total: checkout.amountCents,
            payment_status: 'paid',
          },
        },
      });
      expect(await fulfilment.handle(event('evt_market_replay'))).toBe('ignored');
      expect(await fulfilment.handle(event('evt_market_replay'))).toBe('replayed');
      expect((await ledgerOf(orderId)).rows).toHaveLength(money.rows.length);
    },
  );

  it(
    'a delivery that fails halfway refunds exactly the undelivered part; money and coins never both kept',
    hubSuite,
    async () => {
      const { seller, listing } = await sellerWithListing();
      const { buyer, account } = await buyerWithAccount();
      const purchase = await buyer.client.post(`/api/market/coins/${listing.id}`, {
        buyerAccountId: account,
        coins: 200_000,
        cardId,
      });
      const orderId: string = purchase.body.data.orderId;
      const before = agent.commands.length;
      await pay(purchase.body.data.url);
      const first = await agent.nextCommand('transfer-start', before);
      const price = (first.payload.filter as { player: { value: number } }).player.value;
      const received = Math.floor(price * 0.95);
      await agent.send(first.payload.transferId, 0, {
        type: 'transfer-success',
        filter: first.payload.filter as never,
        price,
        buyerPaid: price,
        sellerReceived: received,
        tax: price - received,
      });
      const second = await agent.nextCommand('transfer-start', before + 1);
      await agent.send(second.payload.transferId, 0, {
        type: 'transfer-failed',
        filter: second.payload.filter as never,
        reason: 'The seller does not have a tradeable Cristiano Ronaldo',
      });
      const failed = await waitForOrder(orderId, 'failed');
      expect(failed.coinsDelivered).toBe(received);
      // €5.00 for 200,000; 142,500 delivered earns floor(500 × 142,500 / 200,000) = 356 cents.
      const earned = Math.floor((500 * received) / 200_000);
      const money = await ledgerOf(orderId);
      expect(money).toMatchObject({
        escrow: 0,
        refund: 500 - earned,
        payout: sellerPayoutCents(earned),
        fee: earned - sellerPayoutCents(earned),
      });
      expect(failed.steps.map((step) => step.text)).toContain(marketMessages.refunded(500 - earned));
      const view = (await seller.client.get('/api/market/orders')).body.data[0];
      expect(view).toMatchObject({ role: 'seller', status: 'failed', refundCents: 500 - earned });
      // The unspent reservation went back to the listing (its second account paid nothing).
      const again = (await buyer.client.get('/api/market/coins')).body.data.find(
        (entry: { id: string }) => entry.id === listing.id,
      );
      expect(again?.coins).toBeGreaterThan(100_000);
    },
  );

  /** A paid order of 100,000 coins whose first transfer the agent was given (and never reports on). */
  async function deliveringOrder() {
    const { listing } = await sellerWithListing();
    const { buyer, account } = await buyerWithAccount();
    const purchase = await buyer.client.post(`/api/market/coins/${listing.id}`, {
      buyerAccountId: account,
      coins: 100_000,
      cardId,
    });
    const orderId: string = purchase.body.data.orderId;
    const before = agent.commands.length;
    await pay(purchase.body.data.url);
    const { transferId, filter } = (await agent.nextCommand('transfer-start', before)).payload;
    await waitForOrder(orderId, 'delivering');
    return { orderId, transferId, filter: filter as never };
  }

  /** The order failed at its first transfer with `reason`, delivered nothing and refunded the buyer. */
  async function expectRefundedFailure(orderId: string, reason: string) {
    const failed = await waitForOrder(orderId, 'failed');
    expect(failed.coinsDelivered).toBe(0);
    expect(failed.steps.map((step) => step.text)).toContain(
      marketMessages.legFailed(1, failed.legs.length, reason),
    );
    const money = await ledgerOf(orderId);
    expect(money).toMatchObject({ escrow: 0, payout: 0, fee: 0 });
    expect(money.refund).toBeGreaterThan(0);
  }

  it(
    'a delivery whose agent stops beating it is lost by the one lost-agent rule and refunds the undelivered part',
    hubSuite,
    async () => {
      const { orderId, transferId, filter } = await deliveringOrder();
      // Within the limit, a sweep and a pump leave the order waiting for its agent.
      node.clock.advance(agentLossDefaults.connectedHeartbeatTimeoutMs - 1_000);
      await node.realtime.sweep();
      await node.app.coinMarket.delivery?.pump();
      expect((await orderRow(orderId))?.status).toBe('delivering');
      // Past the connected agent's long limit with no beat of this run: lost, as a snipe or a transfer.
      node.clock.advance(2_000);
      await node.realtime.sweep();
      await expectRefundedFailure(orderId, marketMessages.agentLost);
      expect((await runOf(db(), transferId))?.status).toBe('lost');
      // A late success from that agent moves nothing: the leg no longer runs.
      expect(
        await agent.send(transferId, 0, {
          type: 'transfer-success',
          filter,
          price: 1_000,
          buyerPaid: 1_000,
          sellerReceived: 950,
          tax: 50,
        }),
      ).toEqual({ ok: true });
      expect((await orderRow(orderId))?.coinsDelivered).toBe(0);
    },
  );

  it(
    'a delivery its leaving agent hands back fails at once saying the agent shut down; another agent’s hand-back is refused',
    hubSuite,
    async () => {
      const { orderId, transferId } = await deliveringOrder();
      const other = await connectScriptedAgent(node, 'other-agent');
      while (node.realtime.connectedAgents().length < 2) await new Promise((r) => setTimeout(r, 20));
      try {
        expect(
          await other.socket.emitWithAck('run-hand-back', { kind: 'delivery', runId: transferId }),
        ).toEqual({ ok: false, message: 'Unknown run' });
      } finally {
        other.socket.disconnect();
      }
      expect((await orderRow(orderId))?.status).toBe('delivering');
      expect(
        await agent.socket.emitWithAck('run-hand-back', { kind: 'delivery', runId: transferId }),
      ).toEqual({
        ok: true,
      });
      await expectRefundedFailure(orderId, marketMessages.agentLeft);
      expect((await runOf(db(), transferId))?.status).toBe('ended');
    },
  );

  it(
    'an admin refund of a paid order gives the escrow back and frees its coins, once; refused once coins move',
    hubSuite,
    async () => {
      const { listing } = await sellerWithListing();
      const { buyer, account } = await buyerWithAccount();
      const admin = await signedInUser(node.app, { linked: true });
      await db()
        .update(users)
        .set({ roles: ['user', 'admin'] })
        .where(eq(users.username, admin.username));
      const listedCoins = async () =>
        (await buyer.client.get('/api/market/coins')).body.data.find(
          (entry: { id: string }) => entry.id === listing.id,
        )?.coins;
      const before = await listedCoins();

      // No agent is connected: the paid order waits for its delivery.
      agent.socket.disconnect();
      while (node.realtime.connectedAgents().length > 0) await new Promise((r) => setTimeout(r, 20));
      let orderId: string;
      try {
        const purchase = await buyer.client.post(`/api/market/coins/${listing.id}`, {
          buyerAccountId: account,
          coins: 200_000,
          cardId,
        });
        orderId = purchase.body.data.orderId;
        await pay(purchase.body.data.url);
        for (
          let tries = 0;
          (await orderRow(orderId))?.steps.at(-1)?.text !== marketMessages.noAgent;
          tries++
        ) {
          if (tries > 400) throw new Error('the delivery never reported the missing agent');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      } finally {
        agent = await connectScriptedAgent(node);
      }
      const paid = await orderRow(orderId);
      expect(paid).toMatchObject({ status: 'paid', amountCents: 500 });
      expect(await listedCoins()).toBeLessThan(before);

      const checkoutId = paid?.checkoutOrderId ?? '';
      const refund = await admin.client.post(`/api/admin/orders/${checkoutId}/refund`);
      expect(refund).toMatchObject({ status: 200, body: { data: { orderId: checkoutId, creditsTaken: 0 } } });
      const refunded = await orderRow(orderId);
      expect(refunded).toMatchObject({ status: 'refunded', refundCents: 500, coinsDelivered: 0 });
      expect(refunded?.steps.at(-1)?.text).toBe(marketMessages.refundedByAdmin(500));
      const money = await ledgerOf(orderId);
      expect(money).toMatchObject({ escrow: 0, refund: 500, payout: 0, fee: 0 });
      expect(await listedCoins()).toBe(before);
      expect((await buyer.client.get('/api/market/balance')).body.data.refundedCents).toBe(500);
      const view = (await buyer.client.get('/api/market/orders')).body.data.find(
        (entry: { id: string }) => entry.id === orderId,
      );
      expect(view).toMatchObject({ status: 'refunded', refundCents: 500 });

      // Again, or the marketplace's part replayed: nothing moves a second time.
      const again = await admin.client.post(`/api/admin/orders/${checkoutId}/refund`);
      expect(again).toMatchObject({ status: 400, body: { message: 'Only a paid order can be refunded' } });
      const [checkout] = await db().select().from(checkoutOrders).where(eq(checkoutOrders.id, checkoutId));
      if (!checkout) throw new Error('no checkout order');
      expect(checkout.status).toBe('refunded');
      await db().transaction((tx) =>
        node.app.coinMarket.externalOrders['market-coins']!.refunded(tx, checkout),
      );
      expect((await ledgerOf(orderId)).rows).toHaveLength(money.rows.length);
      expect(await listedCoins()).toBe(before);

      // With a transfer running, the refund is refused and changes nothing.
      const commandsBefore = agent.commands.length;
      const second = await buyer.client.post(`/api/market/coins/${listing.id}`, {
        buyerAccountId: account,
        coins: 10_000,
        cardId,
      });
      await pay(second.body.data.url);
      await agent.nextCommand('transfer-start', commandsBefore);
      const delivering = await waitForOrder(second.body.data.orderId, 'delivering');
      const refused = await admin.client.post(`/api/admin/orders/${delivering.checkoutOrderId}/refund`);
      expect(refused).toMatchObject({ status: 400, body: { message: marketMessages.notRefundable } });
      const [stillPaid] = await db()
        .select()
        .from(checkoutOrders)
        .where(eq(checkoutOrders.id, delivering.checkoutOrderId ?? ''));
      expect(stillPaid?.status).toBe('paid');
      expect((await ledgerOf(delivering.id)).escrow).toBe(delivering.amountCents);
    },
  );

  it('an expired checkout cancels the order and frees its coins; no money moves', hubSuite, async () => {
    const { listing } = await sellerWithListing();
    const { buyer, account } = await buyerWithAccount();
    const purchase = await buyer.client.post(`/api/market/coins/${listing.id}`, {
      buyerAccountId: account,
      coins: 250_000,
      cardId,
    });
    const path = new URL(purchase.body.data.url).pathname;
    await node.app.inject({ method: 'POST', url: `${path}/cancel` });
    const cancelled = await waitForOrder(purchase.body.data.orderId, 'cancelled');
    expect((await ledgerOf(cancelled.id)).rows).toHaveLength(0);
    const listed = (await buyer.client.get('/api/market/coins')).body.data.find(
      (entry: { id: string }) => entry.id === listing.id,
    );
    expect(listed?.coins).toBe(285_000);
    expect(await bookBalance(db(), 'escrow')).toBeGreaterThanOrEqual(0);
  });
});
