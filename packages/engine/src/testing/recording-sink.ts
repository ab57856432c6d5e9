import type { EngineEvent } from '../events.js';
import type { EventSink } from '../ports.js';

/** Keeps every event; `onEvent` lets a test act mid-run (e.g. stop after the first buy). */
export class RecordingSink implements EventSink {
  readonly events: EngineEvent[] = [];

  constructor(private readonly onEvent?: (event: EngineEvent) => void | Promise<void>) {}

  async emit(event: EngineEvent): Promise<void> {
    this.events.push(event);
    await this.onEvent?.(event);
  }

  ofType<T extends EngineEvent['type']>(type: T): Extract<EngineEvent, { type: T }>[] {
    return this.events.filter((event): event is Extract<EngineEvent, { type: T }> => event.type === type);
  }

  /** Notice texts in order. */
  get notices(): string[] {
    return this.ofType('notice').map((event) => event.message);
  }
}
