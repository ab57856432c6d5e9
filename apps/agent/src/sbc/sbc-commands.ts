import {
  sbcClubReadCommandSchema,
  sbcStartCommandSchema,
  sbcStopCommandSchema,
  type SbcClubReport,
  type SbcEvent,
  type SbcEventEnvelope,
} from '@tradedesk/domain/realtime';
import { MIN_CALL_INTERVAL_MS, SbcRun, systemClock, type Clock } from '@tradedesk/engine';
import type { GameClientConfig, TransportObserver } from '@tradedesk/game-client';
import { GameAccount } from '../game-account.js';
import { messageOf, refuse } from '../command-ack.js';
import type { RunHost } from '../run-host.js';
import { readClubCards } from './club-read.js';

export interface SbcCommandsOptions {
  readonly game: GameClientConfig;
  readonly clock?: Clock;
  readonly observer?: TransportObserver;
  /** Least time between two game calls of a run or a club read (default: the engine's). */
  readonly minCallIntervalMs?: number;
}

/**
 * The SBC solver bot's commands on the agent socket: `sbc-start` signs the account in through the
 * one sign-in path (GameAccount) and runs the engine's SbcRun; `sbc-stop` stops it;
 * `sbc-club-read` reads the account's club and reports its players (`sbc-club`). Events of one
 * run go out in order, numbered from 0, each awaited until the server stored it (deliverEvent, as
 * every run kind).
 */
export function registerSbcCommands(host: RunHost, options: SbcCommandsOptions): void {
  const clock = options.clock ?? systemClock;
  /** The engine runs of the solver runs this agent holds (the host holds them as runs). */
  const runs = new Map<string, SbcRun>();
  const callIntervalMs = options.minCallIntervalMs ?? MIN_CALL_INTERVAL_MS;

  function linkFor(runId: string) {
    let seq = 0;
    return async (event: SbcEvent): Promise<void> => {
      if (host.isKilled()) return new Promise<void>(() => {}); // a crashed agent never goes on
      const envelope: SbcEventEnvelope = { runId, seq: seq++, event };
      const answer = await host.deliver('sbc-event', envelope);
      if (answer?.stop === true) void runs.get(runId)?.stop();
    };
  }

  host.command('sbc-start', sbcStartCommandSchema, 'Invalid SBC command', (command, respond) => {
    if (host.get(command.runId)) return respond(refuse('This solver is already running'));
    const accounts = [command.account.accountId];
    const refusal = host.refusalOf({ accounts, takesSlot: true });
    if (refusal) return respond(refusal);
    const account = new GameAccount(command.account, options.game, options.observer);
    const send = linkFor(command.runId);
    const run = new SbcRun({
      game: account.gamePort(),
      challenges: command.challenges,
      settings: command,
      clock,
      events: { emit: send },
      ...(options.minCallIntervalMs === undefined ? {} : { minCallIntervalMs: options.minCallIntervalMs }),
    });
    runs.set(command.runId, run);
    respond({ ok: true });
    const work = (async () => {
      try {
        await account.signIn();
      } catch (error) {
        await send({ type: 'error', at: clock.now(), description: messageOf(error), costs: 0, solved: 0 });
        return;
      }
      await run.run();
    })().finally(() => runs.delete(command.runId));
    void host.hold(
      {
        id: command.runId,
        label: `sbc run ${command.runId}`,
        accounts,
        takesSlot: true,
        beat: 'runIds',
        handBackKind: 'sbc',
        stop: (cause) => run.stop(cause),
      },
      work,
    );
  });

  /** Delivers the one report of a club read, again while the server answers `retry`. */
  const report = (readId: string, outcome: SbcClubReport['outcome']) =>
    host.deliver('sbc-club', { readId, outcome } satisfies SbcClubReport);

  // The club read: sign in, read the club's players (paced as a run's calls), report them once.
  host.command('sbc-club-read', sbcClubReadCommandSchema, 'Invalid club read command', (read, respond) => {
    const { readId, account: credentials } = read;
    // A second sign-in would end the game session a snipe, transfer or solver run is using; the
    // read takes no slot, but holds its account so no run starts on it meanwhile.
    const refusal = host.refusalOf({ accounts: [credentials.accountId], takesSlot: false });
    if (refusal) return respond(refusal);
    respond({ ok: true });
    const account = new GameAccount(credentials, options.game, options.observer);
    const reading = (async () => {
      try {
        await account.signIn();
        const cards = await readClubCards(account.client.club, (page) =>
          page === 0 ? Promise.resolve() : clock.sleep(callIntervalMs),
        );
        await report(readId, { ok: true, cards });
      } catch (error) {
        await report(readId, { ok: false, description: messageOf(error) });
      }
    })();
    void host.hold(
      {
        id: readId,
        label: `club read ${readId}`,
        accounts: [credentials.accountId],
        takesSlot: false,
        stop: () => reading,
      },
      reading,
    );
  });

  host.command('sbc-stop', sbcStopCommandSchema, 'Invalid SBC command', (command) => {
    void runs.get(command.runId)?.stop();
  });
}
