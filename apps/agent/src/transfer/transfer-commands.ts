import {
  transferCommandSchemas,
  type AgentAck,
  type TransferAccount,
  type TransferCommandName,
  type TransferEvent,
  type TransferEventEnvelope,
  type TransferRoute,
} from '@tradedesk/domain/realtime';
import {
  measureLatency,
  seededRng,
  syncAccounts,
  systemClock,
  TransferRun,
  TransferSetupError,
  type Clock,
  type ScreenshotSide,
  type TransferSide,
} from '@tradedesk/engine';
import type { GameClientConfig, TransportObserver } from '@tradedesk/game-client';
import type { z } from 'zod';
import { screenshotCoinBalance } from '../browser/coin-balance.js';
import type { BrowserRuntime } from '../browser/browser-runtime.js';
import type { WebAppLauncher } from '../browser/launch-webapp.js';
import { GameAccount } from '../game-account.js';
import { agentRefusals, messageOf, refuse } from '../command-ack.js';
import { deliverEvent } from '../event-delivery.js';

/** The agent's socket as the transfer commands use it (socket.io-client's Socket fits). */
export interface TransferSocket {
  on(event: string, listener: (payload: unknown, ack?: (answer: AgentAck) => void) => void): unknown;
  emitWithAck(event: 'transfer-event', envelope: TransferEventEnvelope): Promise<unknown>;
}

export interface TransferCommandsOptions {
  readonly socket: TransferSocket;
  readonly game: GameClientConfig;
  readonly browser: BrowserRuntime;
  /** The game's web app for screenshots (sandbox: the sim's /web-app/); absent: none can be taken. */
  readonly webAppUrl: string | undefined;
  /** Opens accounts' web apps in visible windows (Launch Webapp); absent: no web app configured. */
  readonly launcher?: WebAppLauncher | undefined;
  /** An account the agent runs already (a snipe session). */
  readonly isAccountBusy: (accountId: string) => boolean;
  /** Free run slots of the agent. */
  readonly freeSlots: () => number;
  /** True once the agent was killed: nothing more is sent. */
  readonly isKilled: () => boolean;
  readonly clock?: Clock;
  readonly observer?: TransportObserver;
  readonly log: (line: string) => void;
}

export interface TransferCommands {
  /** Accounts a transfer uses right now. */
  isAccountBusy(accountId: string): boolean;
  /** Running transfers. */
  count(): number;
  /** The transfers (and syncs) this agent works on now: its heartbeat names them. */
  ids(): string[];
  /** Stops every transfer (each still sends its outcome). */
  stopAll(): Promise<void>;
}

/**
 * The coin-transfer commands on the agent's socket: each is validated, acknowledged at once
 * (accepted or refused), and answered with `transfer-event`s. Events of one transfer go out in
 * order, numbered from 0, each awaited until the server acknowledges it; socket.io re-sends an
 * unacknowledged one after a reconnect, so an outcome is never lost while the agent lives.
 */
export function registerTransferCommands(options: TransferCommandsOptions): TransferCommands {
  const { socket, log } = options;
  const runs = new Map<string, { run: TransferRun; accounts: readonly string[] }>();
  /** Syncs being read now (a sync is a transfer record too, and beats like one while it is read). */
  const syncing = new Set<string>();
  const clock = options.clock ?? systemClock;
  const account = (credentials: TransferAccount) =>
    new GameAccount(credentials, options.game, options.observer);
  const busy = (accountId: string) =>
    options.isAccountBusy(accountId) ||
    [...runs.values()].some((entry) => entry.accounts.includes(accountId));

  /**
   * Sends the events of one transfer in order, each with the command's route (the server routes
   * them by it); a `stop` answer stops that transfer.
   */
  function linkFor({ transferId, route }: { transferId: string; route: TransferRoute }) {
    let seq = 0;
    return async (event: TransferEvent): Promise<void> => {
      if (options.isKilled()) return new Promise<void>(() => {}); // a crashed agent never goes on
      const message: TransferEventEnvelope = { route, transferId, seq: seq++, event };
      const answer = await deliverEvent({
        emit: () => socket.emitWithAck('transfer-event', message),
        isKilled: options.isKilled,
      });
      if (answer?.stop === true) void runs.get(transferId)?.run.stop();
    };
  }

  const screenshot = async (credentials: TransferAccount): Promise<{ png: string; coins: number }> => {
    if (options.webAppUrl === undefined)
      throw new Error('Screenshots need the game web app, which is not configured');
    return screenshotCoinBalance(options.browser, options.webAppUrl, credentials);
  };
  /** The sync's screenshots of a transfer's two accounts; a failure leaves that one out. */
  const screenshotsOf =
    (accounts: Record<ScreenshotSide, TransferAccount>) =>
    async (side: ScreenshotSide): Promise<string | null> => {
      try {
        return (await screenshot(accounts[side])).png;
      } catch (error) {
        log(`screenshot of the ${side} failed: ${messageOf(error)}`);
        return null;
      }
    };
  /** One side of a transfer over a game account; the sync shows its persona name once signed in. */
  const sideOf = (credentials: TransferAccount, game: GameAccount): TransferSide => ({
    accountId: credentials.accountId,
    game: game.transferGame(),
    username: () => game.client.sessionInfo?.persona.personaName,
  });

  /** Registers one command: parse, then `handle` answers the acknowledgement. */
  function command<N extends TransferCommandName>(
    name: N,
    handle: (payload: z.infer<(typeof transferCommandSchemas)[N]>, ack: (answer: AgentAck) => void) => void,
  ): void {
    socket.on(name, (payload, ack) => {
      const respond = ack ?? (() => {});
      const parsed = transferCommandSchemas[name].safeParse(payload);
      if (!parsed.success) return respond(refuse('Invalid transfer command'));
      handle(parsed.data as z.infer<(typeof transferCommandSchemas)[N]>, respond);
    });
  }

  /** One-off requests: accepted at once, answered with one event (or `error`). */
  function request<N extends Exclude<TransferCommandName, 'transfer-start' | 'transfer-stop'>>(
    name: N,
    answer: (payload: z.infer<(typeof transferCommandSchemas)[N]>) => Promise<TransferEvent>,
  ): void {
    command(name, (payload, ack) => {
      ack({ ok: true });
      const send = linkFor(payload);
      if (name === 'transfer-sync') syncing.add(payload.transferId);
      void answer(payload)
        .catch((error: unknown) => ({
          type: 'error' as const,
          at: clock.now(),
          description: messageOf(error),
        }))
        .then(send)
        .catch((error: unknown) => log(`${name} ${payload.transferId}: ${messageOf(error)}`))
        .finally(() => syncing.delete(payload.transferId));
    });
  }

  command('transfer-start', (payload, ack) => {
    if (runs.has(payload.transferId)) return ack(refuse('This transfer is already running'));
    if (busy(payload.buyer.accountId) || busy(payload.seller.accountId))
      return ack(refuse(agentRefusals.accountBusy));
    if (options.freeSlots() < 1) return ack(refuse(agentRefusals.full));
    const buyer = account(payload.buyer);
    const seller = account(payload.seller);
    let run: TransferRun;
    try {
      run = new TransferRun({
        buyer: sideOf(payload.buyer, buyer),
        seller: sideOf(payload.seller, seller),
        filter: payload.filter,
        configuration: payload.configuration,
        clock,
        rng: seededRng(Math.floor(Math.random() * 2 ** 31)),
        events: { emit: linkFor(payload) },
        screenshot: screenshotsOf(payload),
      });
    } catch (error) {
      return ack(
        refuse(error instanceof TransferSetupError ? error.message : 'Could not start the transfer'),
      );
    }
    runs.set(payload.transferId, { run, accounts: [payload.buyer.accountId, payload.seller.accountId] });
    ack({ ok: true });
    void (async () => {
      try {
        await buyer.signIn();
        await seller.signIn();
      } catch (error) {
        // Nothing was sent to the market: the run's outcome is a failure with the sign-in reason.
        await linkFor(payload)({
          type: 'transfer-failed',
          at: clock.now(),
          filter: payload.filter,
          reason: messageOf(error),
        });
        return;
      }
      await run.run();
    })()
      .catch((error: unknown) => log(`transfer ${payload.transferId} crashed: ${messageOf(error)}`))
      .finally(() => runs.delete(payload.transferId));
  });

  command('transfer-stop', (payload) => {
    void runs.get(payload.transferId)?.run.stop();
  });

  request('transfer-sync', async (payload) => {
    const buyer = account(payload.buyer);
    const seller = account(payload.seller);
    await buyer.signIn();
    await seller.signIn();
    const read = await syncAccounts({
      buyer: sideOf(payload.buyer, buyer),
      seller: sideOf(payload.seller, seller),
      filter: payload.filter,
      screenshots: payload.configuration.screenshot,
      screenshot: screenshotsOf(payload),
    });
    return { type: 'sync-result', at: clock.now(), buyer: read.buyer.snapshot, seller: read.seller.snapshot };
  });

  request('transfer-fetch-latency', async (payload) => {
    const seller = account(payload.seller);
    await seller.signIn();
    const latencyMs = await measureLatency(seller.transferGame(), () => clock.now());
    const safe = payload.configuration.safeLatency;
    return {
      type: 'latency-result',
      at: clock.now(),
      accountId: payload.seller.accountId,
      latencyMs,
      isAboveSafe: safe > 0 && latencyMs > safe,
    };
  });

  request('transfer-fetch-market-prices', async (payload) => {
    const seller = account(payload.seller);
    await seller.signIn();
    const page = await seller.client.market.search({ definitionId: payload.player.id });
    const prices = page.auctions.map((auction) => auction.buyNowPrice).filter((price) => price > 0);
    return {
      type: 'market-prices-result',
      at: clock.now(),
      definitionId: payload.player.id,
      lowestBuyNow: prices.length > 0 ? Math.min(...prices) : null,
      listings: page.auctions.length,
    };
  });

  request('transfer-screenshot', async (payload) => {
    const shot = await screenshot(payload.account);
    return {
      type: 'screenshot-result',
      at: clock.now(),
      accountId: payload.account.accountId,
      isBuyer: payload.isBuyer,
      coins: shot.coins,
      screenshot: shot.png,
    };
  });

  // Launch Webapp: the account signs in through the one sign-in path, then the window joins that session.
  request('transfer-launch-webapp', async (payload) => {
    if (options.launcher === undefined)
      throw new Error('Launch Webapp needs the game web app, which is not configured');
    if (busy(payload.account.accountId))
      throw new Error('The account is active: stop it before launching its web app');
    const game = account(payload.account);
    await game.signIn();
    const sessionId = game.client.sessionId;
    if (sessionId === undefined) throw new Error('The game did not open a session');
    const opened = await options.launcher.launch(payload.account.accountId, {
      sessionId,
      platform: payload.account.platform,
    });
    return {
      type: 'webapp-launched',
      at: clock.now(),
      accountId: payload.account.accountId,
      isBuyer: payload.isBuyer,
      ...opened,
    };
  });

  return {
    isAccountBusy: (accountId) => [...runs.values()].some((entry) => entry.accounts.includes(accountId)),
    count: () => runs.size,
    ids: () => [...runs.keys(), ...syncing],
    async stopAll() {
      await Promise.allSettled([...runs.values()].map((entry) => entry.run.stop()));
    },
  };
}
