import type { SbcEvent } from '@tradedesk/domain/realtime';

/** Where a run's events go; `emit` resolves once the server took the event. */
export interface SbcEventSink {
  emit(event: SbcEvent): Promise<void>;
}
