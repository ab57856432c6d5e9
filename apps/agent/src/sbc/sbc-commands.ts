import {
  sbcStartCommandSchema,
  sbcStopCommandSchema,
  type AgentAck,
  type SbcEvent,
  type SbcEventEnvelope,
} from '@tradedesk/domain/realtime';
import { SbcRun, systemClock, type Clock } from '@tradedesk/engine';
import type { GameClientConfig, TransportObserver } from '@tradedesk/game-client';
import { GameAccount } from '../game-account.js';
import { agentRefusals, messageOf, refuse } from '../command-ack.js';
import { deliverEvent } from '../event-delivery.js';

/** The agent's socket as the SBC commands use it (socket.io-client's Socket fits). */
export interface SbcSocket {
  on(event: string, listener: (payload: unknown, ack?: (answer: AgentAck) => void) => void): unknown;
  emitWithAck(event: 'sbc-event', envelope: SbcEventEnvelope): Promise<unknown>;
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
  /** Least time between two game calls of a run (default: the engine's). */
  readonly minCallIntervalMs?: number;
}

export interface SbcCommands {
  isAccountBusy(accountId: string): boolean;
  count(): number;
  stopAll(): Promise<void>;
}

/**
 * The SBC solver bot's commands on the agent socket: `sbc-start` signs the account in through the
 * one sign-in path (GameAccount) and runs the engine's SbcRun; `sbc-stop` stops it. Events of one
 * run go out in order, numbered from 0, each awaited until the server stored it (deliverEvent, as
 * every run kind).
 */
export function registerSbcCommands(options: SbcCommandsOptions): SbcCommands {
  const { socket, log } = options;
  const clock = options.clock ?? systemClock;
  const runs = new Map<string, { run: SbcRun; accountId: string }>();
  const busy = (accountId: string) =>
    options.isAccountBusy(accountId) || [...runs.values()].some((entry) => entry.accountId === accountId);

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

  socket.on('sbc-stop', (payload) => {
    const parsed = sbcStopCommandSchema.safeParse(payload);
    if (parsed.success) void runs.get(parsed.data.runId)?.run.stop();
  });

  return {
    isAccountBusy: (accountId) => [...runs.values()].some((entry) => entry.accountId === accountId),
    count: () => runs.size,
    async stopAll() {
      await Promise.allSettled([...runs.values()].map((entry) => entry.run.stop()));
    },
  };
}
