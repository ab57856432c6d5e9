import { GameClient, sandboxConfig } from '@tradedesk/game-client';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { snipeLeases, snipeLogEntries } from '../../src/db/schema.js';
import { backends } from '../database.js';
import { createAccount, hubSuite, injectListing, ronaldoFilter, startPayload } from './stack.js';
import { useStackAndBrowser } from './stack-hooks.js';

// One backend: the path under test is the same on both, and each run starts three agents' worth of work.
const backend = backends[backends.length - 1] ?? 'pglite';

describe(`a purchase whose event died with its agent (${backend})`, hubSuite, () => {
  const setup = useStackAndBrowser(backend, {}, { maxAccounts: 5 });

  it('is recorded once from the unassigned pile when the account runs again, and a replay does not double it', async () => {
    const { stack, browser } = setup;
    const db = stack.database.db;
    const accountId = await createAccount(browser.http, 'in.flight@example.com');
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      'the first run to start',
    );
    const [lostLease] = await db.select().from(snipeLeases).where(eq(snipeLeases.accountId, accountId));
    const holder = stack.agents.find((agent) => agent.agentId === lostLease?.agentId);
    if (!lostLease || !holder) throw new Error('no agent of this stack holds the run');

    // The Buy Now lands in the game, and the agent dies before its event reaches the server.
    const { tradeIds } = await injectListing(stack.sim, 450);
    const game = new GameClient({ config: sandboxConfig(stack.sim.url) });
    await game.signIn(
      { email: 'in.flight@example.com', password: 'sandbox-password', backupCode: 'ABCD1234' },
      'pc',
    );
    await game.market.bid(tradeIds[0] ?? 0, 450);
    holder.kill();
    await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'error',
      'the lost run to end',
    );
    expect(await db.select().from(snipeLogEntries).where(eq(snipeLogEntries.accountId, accountId))).toEqual(
      [],
    );

    // The account runs again on another agent: the card in its unassigned pile is the lost run's purchase.
    await stack.startAgent();
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await browser.waitFor(
      (m) => m.action === 'snipe-result' && m.data.accountId === accountId && m.data.buyPrice === 450,
      'the found purchase',
    );
    const [found, ...others] = await db
      .select()
      .from(snipeLogEntries)
      .where(eq(snipeLogEntries.accountId, accountId));
    expect(others).toEqual([]);
    expect(found).toMatchObject({
      buyPrice: 450,
      isSuccess: true,
      eventId: `reconciled:${lostLease.leaseId}:${found?.itemId}`,
    });
    const itemId = found?.itemId ?? 0;

    // A replay of the pile's report, and the lost run's own event arriving late, land on that one row.
    const [liveLease] = await db.select().from(snipeLeases).where(eq(snipeLeases.accountId, accountId));
    const replayer = io(stack.server.url, {
      path: '/client/agent',
      transports: ['websocket'],
      auth: {
        key: stack.server.realtime.embeddedAgentKey,
        agentId: 'replaying-agent',
        capacity: 0,
        sessions: [],
      },
    });
    try {
      const pile = {
        type: 'unassigned-purchases',
        at: 0,
        accountId,
        items: [{ itemId, definitionId: found?.playerId, rarity: found?.rarity, price: 450 }],
      };
      expect(
        await replayer.emitWithAck('session-event', { leaseId: liveLease?.leaseId, seq: 0, event: pile }),
      ).toMatchObject({ ok: false, stop: true });
      expect(
        await replayer.emitWithAck('session-event', { leaseId: liveLease?.leaseId, seq: 0, event: pile }),
      ).toMatchObject({ ok: false, stop: true });
      const report = {
        buyerId: accountId,
        platform: 'pc',
        playerId: found?.playerId,
        playerName: found?.playerName,
        buyPrice: 450,
        sellPrice: 0,
        tax: 0,
        value: 0,
      };
      const logEntry = {
        accountId,
        playerId: found?.playerId,
        playerName: found?.playerName,
        buyPrice: 450,
        sellPrice: 0,
        rarity: found?.rarity,
        platform: 'pc',
        isSuccess: true,
        type: 'snipe',
      };
      const late = { type: 'snipe-result', at: 0, accountId, report, logEntry, itemId };
      expect(
        await replayer.emitWithAck('session-event', { leaseId: lostLease.leaseId, seq: 3, event: late }),
      ).toMatchObject({ ok: false, stop: true });
    } finally {
      replayer.disconnect();
    }
    expect(
      await db.select().from(snipeLogEntries).where(eq(snipeLogEntries.accountId, accountId)),
    ).toHaveLength(1);
  });
});
