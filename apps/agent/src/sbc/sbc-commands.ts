import {
  sbcClubReadCommandSchema,
  sbcStartCommandSchema,
  sbcStopCommandSchema,
  type AgentAck,
  type SbcClubReport,
  type SbcEvent,
  type SbcEventEnvelope,
} from '@tradedesk/domain/realtime';
import { MIN_CALL_INTERVAL_MS, SbcRun, systemClock, type Clock } from '@tradedesk/engine';
import type { GameClientConfig, TransportObserver } from '@tradedesk/game-client';
import { GameAccount } from '../game-account.js';
import { agentRefusals, messageOf, refuse } from '../command-ack.js';
import { deliverEvent } from '../event-delivery.js';
import { readClubCards } from './club-read.js';

/** The agent's socket as the SBC commands use it (socket.io-client's Socket fits). */
export interface SbcSocket {
  on(event: string, listener: (payload: unknown, ack?: (answer: AgentAck) => void) => void): unknown;
  emitWithAck(event: 'sbc-event', envelope: SbcEventEnvelope): Promise<unknown>;
  emitWithAck(event: 'sbc-club', report: SbcClubReport): Promise<unknown>;
}

export interface SbcCommandsOptions {
  readonly socket: SbcSocket;
  readonly game: GameClientConfig;
  /** An account the agent runs already (a snipe session or a transfer). */
  readonly isAccountBusy: (accountId: string) => boolean;
  readonly freeSlots: () => number;
  readonly isKilled: () => boolean;
  readonly clock?: Clock;
  readonly observer?: TransportObserver;
  readonly log: (line: string) => void;
  /** Least time between two game calls of a run or a club read (default: the engine's). */
  readonly minCallIntervalMs?: number;
}

export interface SbcCommands {
  isAccountBusy(accountId: string): boolean;
  count(): number;
  /** The runs this agent works on now: its heartbeat names them. */
  ids(): string[];
  stopAll(): Promise<void>;
}

/**
 * The SBC solver bot's commands on the agent socket: `sbc-start` signs the account in through the
 * one sign-in path (GameAccount) and runs the engine's SbcRun; `sbc-stop` stops it;
 * `sbc-club-read` reads the account's club and reports its players (`sbc-club`). Events of one
 * run go out in order, numbered from 0, each awaited until the server stored it (deliverEvent, as
 * every run kind).
 */
export function registerSbcCommands(options: SbcCommandsOptions): SbcCommands {
  const { socket, log } = options;
  const clock = options.clock ?? systemClock;
  const runs = new Map<string, { run: SbcRun; accountId: string }>();
  /** Accounts whose club is being read: signed in by the read, so no run starts on them meanwhile. */
  const reading = new Set<string>();
  const ownBusy = (accountId: string) =>
    reading.has(accountId) || [...runs.values()].some((entry) => entry.accountId === accountId);
  const busy = (accountId: string) => options.isAccountBusy(accountId) || ownBusy(accountId);
  const callIntervalMs = options.minCallIntervalMs ?? MIN_CALL_INTERVAL_MS;

  function linkFor(runId: string) {
    let seq = 0;
    return async (event: SbcEvent): Promise<void> => {
      if (options.isKilled()) return new Promise<void>(() => {}); // a crashed agent never goes on
      const envelope: SbcEventEnvelope = { runId, seq: seq++, event };
      const answer = await deliverEvent({
        emit: () => socket.emitWithAck('sbc-event', envelope),
        isKilled: options.isKilled,
      });
      if (answer?.stop === true) void runs.get(runId)?.run.stop();
    };
  }

  socket.on('sbc-start', (payload, ack) => {
    const respond = ack ?? (() => {});
    const parsed = sbcStartCommandSchema.safeParse(payload);
    if (!parsed.success) return respond(refuse('Invalid SBC command'));
    const command = parsed.data;
    if (runs.has(command.runId)) return respond(refuse('This solver is already running'));
    if (busy(command.account.accountId)) return respond(refuse(agentRefusals.accountBusy));
    if (options.freeSlots() < 1) return respond(refuse(agentRefusals.full));
    const account = new GameAccount(command.account, options.game, options.observer);
    const send = linkFor(command.runId);
    const run = new SbcRun({
      game: account.sbcGame(),
      challenges: command.challenges,
      settings: command,
      clock,
      events: { emit: send },
      ...(options.minCallIntervalMs === undefined ? {} : { minCallIntervalMs: options.minCallIntervalMs }),
    });
    runs.set(command.runId, { run, accountId: command.account.accountId });
    respond({ ok: true });
    void (async () => {
      try {
        await account.signIn();
      } catch (error) {
        await send({ type: 'error', at: clock.now(), description: messageOf(error), costs: 0, solved: 0 });
        return;
      }
      await run.run();
    })()
      .catch((error: unknown) => log(`sbc run ${command.runId} crashed: ${messageOf(error)}`))
      .finally(() => runs.delete(command.runId));
  });

  /** Delivers the one report of a club read, again while the server answers `retry`. */
  const report = (readId: string, outcome: SbcClubReport['outcome']) =>
    deliverEvent({
      emit: () => socket.emitWithAck('sbc-club', { readId, outcome }),
      isKilled: options.isKilled,
    });

  // The club read: sign in, read the club's players (paced as a run's calls), report them once.
  socket.on('sbc-club-read', (payload, ack) => {
    const respond = ack ?? (() => {});
    const parsed = sbcClubReadCommandSchema.safeParse(payload);
    if (!parsed.success) return respond(refuse('Invalid club read command'));
    const { readId, account: credentials } = parsed.data;
    // A second sign-in would end the game session a snipe, transfer or solver run is using.
    if (busy(credentials.accountId)) return respond(refuse(agentRefusals.accountBusy));
    reading.add(credentials.accountId);
    respond({ ok: true });
    const account = new GameAccount(credentials, options.game, options.observer);
    void (async () => {
      try {
        await account.signIn();
        const cards = await readClubCards(account.client.club, (page) =>
          page === 0 ? Promise.resolve() : clock.sleep(callIntervalMs),
        );
        await report(readId, { ok: true, cards });
      } catch (error) {
        await report(readId, { ok: false, description: messageOf(error) });
      }
    })()
      .catch((error: unknown) => log(`club read ${readId} crashed: ${messageOf(error)}`))
      .finally(() => reading.delete(credentials.accountId));
  });

  socket.on('sbc-stop', (payload) => {
    const parsed = sbcStopCommandSchema.safeParse(payload);
    if (parsed.success) void runs.get(parsed.data.runId)?.run.stop();
  });

  return {
    isAccountBusy: ownBusy,
    count: () => runs.size,
    ids: () => [...runs.keys()],
    async stopAll() {
      await Promise.allSettled([...runs.values()].map((entry) => entry.run.stop()));
    },
  };
}
