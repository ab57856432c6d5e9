import type { AccountStatus, NotificationType } from '@tradedesk/domain';
import type { EngineEvent, StopReason } from '../events.js';
import type { RequestStats } from '@tradedesk/game-client';
import type { EventSink } from '../ports.js';
import type { Clock } from '../time/clock.js';
import type { RunState } from './run-state.js';

/** Stamps and sends one account's events (time, account id, current counters). */
export class SessionReporter {
  constructor(
    private readonly events: EventSink,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly accountId: string,
    /** Requests and searches of this run. */
    private readonly counters: () => RequestStats,
  ) {}

  readonly emit = (event: EngineEvent): Promise<void> => this.events.emit(event);

  private get stamp() {
    return { at: this.clock.now(), accountId: this.accountId };
  }

  notice(level: NotificationType, message: string): Promise<void> {
    return this.emit({ type: 'notice', ...this.stamp, level, message });
  }

  account(state: RunState, status: AccountStatus): Promise<void> {
    return this.emit({
      type: 'account-update',
      ...this.stamp,
      status,
      coins: state.coins,
      profits: state.profits,
    });
  }

  session(state: RunState, endedAt: number | null): Promise<void> {
    const { requests, searches } = this.counters();
    return this.emit({
      type: 'session-upsert',
      ...this.stamp,
      startedAt: state.startedAt,
      endedAt,
      requests,
      searches,
    });
  }

  breakStart(until: number): Promise<void> {
    return this.emit({ type: 'break-start', ...this.stamp, until });
  }

  breakEnd(): Promise<void> {
    return this.emit({ type: 'break-end', ...this.stamp });
  }

  stop(reason: StopReason, message: string): Promise<void> {
    return this.emit({ type: 'stop', ...this.stamp, reason, message });
  }
}
