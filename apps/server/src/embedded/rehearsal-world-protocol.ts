import type { Platform } from '@tradedesk/domain';
import type { RehearsalStartValue } from '@tradedesk/domain/realtime';

/** What the server asks of a rehearsal world's child process (each request answered by id). */
export type ChildRequest =
  | { type: 'open'; id: number; seed: number; coins: number; startValues: readonly RehearsalStartValue[] }
  | { type: 'advance'; id: number; ms: number }
  | { type: 'card'; id: number; definitionId: number; platform: Platform };

export type ChildAnswer =
  | {
      type: 'opened';
      id: number;
      url: string;
      feeds: string;
      now: number;
      limits: { perMinute: number; perHour: number };
    }
  | { type: 'advanced'; id: number; now: number }
  | { type: 'card'; id: number; card: { name: string; value: number } | null }
  | { type: 'error'; id: number; message: string };
