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
import { messageOf, refuse } from '../command-ack.js';
import type { RunHost } from '../run-host.js';

export interface TransferCommandsOptions {
  readonly game: GameClientConfig;
  readonly browser: BrowserRuntime;
  /** The game's web app for screenshots (sandbox: the sim's /web-app/); absent: none can be taken. */
  readonly webAppUrl: string | undefined;
  /** Opens accounts' web apps in visible windows (Launch Webapp); absent: no web app configured. */
  readonly launcher?: WebAppLauncher | undefined;
  readonly clock?: Clock;
  readonly observer?: TransportObserver;
  readonly log: (line: string) => void;
}

/**
 * The coin-transfer commands on the agent's socket: each is validated, acknowledged at once
 * (accepted or refused), and answered with `transfer-event`s. Events of one transfer go out in
 * order, numbered from 0, each awaited until the server acknowledges it; socket.io re-sends an
 * unacknowledged one after a reconnect, so an outcome is never lost while the agent lives.
 */
export function registerTransferCommands(host: RunHost, options: TransferCommandsOptions): void {
  const { log } = options;
  /** The engine runs of the transfers this agent holds (the host holds them as runs). */
  const runs = new Map<string, TransferRun>();
  const clock = options.clock ?? systemClock;
  const account = (credentials: TransferAccount) =>
    new GameAccount(credentials, options.game, options.observer);

  /**
   * Sends the events of one transfer in order, each with the command's route (the server routes
   * them by it); a `stop` answer stops that transfer.
   */
  function linkFor({ transferId, route }: { transferId: string; route: TransferRoute }) {
    let seq = 0;
    return async (event: TransferEvent): Promise<void> => {
      if (host.isKilled()) return new Promise<void>(() => {}); // a crashed agent never goes on
      const message: TransferEventEnvelope = { route, transferId, seq: seq++, event };
      const answer = await host.deliver('transfer-event', message);
      if (answer?.stop === true) void runs.get(transferId)?.stop();
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
    game: game.gamePort(),
    username: () => game.client.sessionInfo?.persona.personaName,
  });

  /** Registers one command: parse (refused as invalid otherwise), then `handle` answers the acknowledgement. */
  function command<N extends TransferCommandName>(
    name: N,
    handle: (payload: z.infer<(typeof transferCommandSchemas)[N]>, ack: (answer: AgentAck) => void) => void,
  ): void {
    host.command(name, transferCommandSchemas[name], 'Invalid transfer command', (payload, ack) =>
      handle(payload as z.infer<(typeof transferCommandSchemas)[N]>, ack),
    );
  }

  /** One-off requests: accepted at once, answered with one event (or `error`). */
  function request<N extends Exclude<TransferCommandName, 'transfer-start' | 'transfer-stop'>>(
    name: N,
    answer: (payload: z.infer<(typeof transferCommandSchemas)[N]>) => Promise<TransferEvent>,
  ): void {
    command(name, (payload, ack) => {
      ack({ ok: true });
      const send = linkFor(payload);
      const answered = answer(payload)
        .catch((error: unknown) => ({
          type: 'error' as const,
          at: clock.now(),
          description: messageOf(error),
        }))
        .then(send)
        .catch((error: unknown) => log(`${name} ${payload.transferId}: ${messageOf(error)}`));
      // A sync is a transfer record too: held (and named in the heartbeat) while it is read. It
      // takes no slot and holds no account, as before; a leaving agent waits for its answer.
      if (name === 'transfer-sync')
        void host.hold(
          {
            id: payload.transferId,
            label: `sync ${payload.transferId}`,
            accounts: [],
            takesSlot: false,
            beat: 'transferIds',
            handBackKind: 'sync',
            stop: () => answered,
          },
          answered,
        );
    });
  }

  command('transfer-start', (payload, ack) => {
    if (host.get(payload.transferId)) return ack(refuse('This transfer is already running'));
    const accounts = [payload.buyer.accountId, payload.seller.accountId];
    const refusal = host.refusalOf({ accounts, takesSlot: true });
    if (refusal) return ack(refusal);
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
    runs.set(payload.transferId, run);
    ack({ ok: true });
    const work = (async () => {
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
    })().finally(() => runs.delete(payload.transferId));
    void host.hold(
      {
        id: payload.transferId,
        label: `transfer ${payload.transferId}`,
        accounts,
        takesSlot: true,
        beat: 'transferIds',
        // The server's run kind: a marketplace delivery's transfer is a run of its own kind.
        handBackKind: payload.route.kind === 'market-delivery' ? 'delivery' : 'transfer',
        stop: (cause) => run.stop(cause),
      },
      work,
    );
  });

  command('transfer-stop', (payload) => {
    void runs.get(payload.transferId)?.stop();
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
    const latencyMs = await measureLatency(seller.gamePort(), () => clock.now());
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
    if (host.isAccountBusy(payload.account.accountId))
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
}
