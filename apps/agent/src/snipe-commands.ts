import {
  sessionStartSchema,
  sessionStopSchema,
  sessionSwitchSchema,
  type SessionEvent,
} from '@tradedesk/domain/realtime';
import type { EngineEvent } from '@tradedesk/engine';
import { FleetSetupError, SnipeSetupError } from '@tradedesk/engine';
import { AccountSession, type AccountSessionOptions } from './account-session.js';
import { refuse } from './command-ack.js';
import { FleetRegistry } from './fleets.js';
import type { RunHost } from './run-host.js';

/** What every session of the agent shares (game, prices, browser…): the session's options but its own. */
export type SnipeSessionSetup = Omit<AccountSessionOptions, 'command' | 'fleet' | 'send'>;

/**
 * The snipe session as a run kind: `session-start` (one AccountSession per account, in a fleet when
 * the start names one), `session-stop`, `session-switch-filter`. Events go out numbered per lease,
 * each awaited until acknowledged. A leaving agent hands a session back: it stops, its events are
 * delivered, and its place in the host's `sessions-hand-back` replaces its stop event, so the
 * server moves the run.
 */
export function registerSnipeCommands(host: RunHost, setup: SnipeSessionSetup, log: (line: string) => void) {
  const sessions = new Map<string, AccountSession>();
  /** The fleets the running sessions belong to (a multi-account start of one platform). */
  const fleets = new FleetRegistry();
  /** Leases being handed back: their stop event is replaced by the hand-back. */
  const handingBack = new Set<string>();
  /** When each running session's run has ended (its events acknowledged), by lease. */
  const finishedOf = new Map<string, Promise<void>>();

  function linkFor(leaseId: string, accountId: string) {
    let seq = 0;
    return async (event: EngineEvent): Promise<void> => {
      if (host.isKilled()) return new Promise<void>(() => {}); // a crashed agent never goes on
      // A handed-back run is not over for the user: the server moves it instead of ending it, so
      // its stop and the closing "inactive" status stay here.
      const closing =
        event.type === 'stop' || (event.type === 'account-update' && event.status === 'inactive');
      if (closing && handingBack.has(leaseId)) return;
      // Typed by the wire schema: an engine event whose shape drifts from it does not compile.
      const message: SessionEvent = { leaseId, seq: seq++, event };
      // The lease's own lane: its events in order, beside the other sessions'.
      const answer = await host.deliver('session-event', message, leaseId);
      if (answer?.stop === true && event.type !== 'stop') {
        log(`server ended lease of ${accountId}; stopping`);
        // This lease's session only: a start may have taken the account over meanwhile.
        const session = sessions.get(accountId);
        if (session?.leaseId === leaseId) void session.stop();
      }
    };
  }

  host.command('session-start', sessionStartSchema, 'Invalid start command', (command, ack) => {
    // A start for an account whose session runs here under another lease takes the account over:
    // the server claims a lease only when the account has none running, so the old lease has ended
    // there (lost while this agent was cut off, say) before the agent heard of it. The old session
    // stops (its events still go out: the server keeps a purchase of an ended lease) and the new
    // one signs in once it has ended, in its slot; refusing would fail the user's start for a
    // session the server no longer counts.
    const previous = sessions.get(command.accountId);
    const takenOver = previous !== undefined && previous.leaseId !== command.leaseId ? previous : undefined;
    const refusal = host.refusalOf(
      takenOver ? { accounts: [], takesSlot: false } : { accounts: [command.accountId], takesSlot: true },
    );
    if (refusal) return ack(refusal);
    let session: AccountSession;
    let joinedFleet = false;
    try {
      const fleet = fleets.join(command);
      joinedFleet = fleet !== undefined;
      session = new AccountSession({
        ...setup,
        command,
        ...(fleet === undefined ? {} : { fleet }),
        send: linkFor(command.leaseId, command.accountId),
      });
    } catch (error) {
      if (joinedFleet) fleets.leave(command);
      const known = error instanceof SnipeSetupError || error instanceof FleetSetupError;
      return ack(refuse(known ? error.message : 'Could not start the session'));
    }
    sessions.set(command.accountId, session);
    ack({ ok: true });
    log(
      `session ${command.accountId}: ${session.isHeadful ? 'headful (a web app window drives the run)' : 'headless'}${takenOver ? `, taking over from lease ${takenOver.leaseId}` : ''}`,
    );
    // Two sign-ins of one account end the first: the new session waits for the old one to end.
    const previousEnded = takenOver
      ? takenOver
          .stop()
          .catch(() => undefined)
          .then(() => finishedOf.get(takenOver.leaseId))
      : Promise.resolve();
    const finished = host.hold(
      {
        id: command.leaseId,
        label: `session ${command.accountId}`,
        accounts: [command.accountId],
        takesSlot: true,
        beat: 'leaseIds',
        stop: () => session.stop(),
        /** Stops the session and waits until its events are acknowledged; the host hands it back. */
        async handBack() {
          handingBack.add(session.leaseId);
          await session.stop();
          await finished;
          return { leaseId: session.leaseId, accountId: session.accountId };
        },
      },
      previousEnded
        .then(() => session.run())
        .finally(() => {
          if (sessions.get(command.accountId) === session) sessions.delete(command.accountId);
          finishedOf.delete(command.leaseId);
          fleets.leave(command);
        }),
    );
    finishedOf.set(command.leaseId, finished);
  });

  host.command('session-stop', sessionStopSchema, 'Invalid stop command', (command) => {
    const session = sessions.get(command.accountId);
    if (session?.leaseId === command.leaseId) void session.stop();
  });

  host.command('session-switch-filter', sessionSwitchSchema, 'The session is not running', (command, ack) => {
    const session = sessions.get(command.accountId);
    if (session?.leaseId !== command.leaseId) return ack(refuse('The session is not running'));
    try {
      session.switchFilter(command.filter);
      ack({ ok: true });
    } catch (error) {
      ack(refuse(error instanceof SnipeSetupError ? error.message : 'Could not switch the filter'));
    }
  });

  return {
    /** The sessions the handshake names (the server reconciles its snipe runs against them). */
    handshakeSessions: () => [...sessions.values()].map(({ accountId, leaseId }) => ({ accountId, leaseId })),
  };
}
