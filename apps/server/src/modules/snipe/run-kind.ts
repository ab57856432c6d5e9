import {
  sessionEventSchema,
  sessionHandBackSchema,
  sessionsHandBackSchema,
} from '@tradedesk/domain/realtime';
import { agentEvent, type RunKindModule } from '../../runs/run-kind.js';
import type { SnipeHandover } from './handover.js';
import { leaseOfRun } from './repo.js';
import type { RunEvents } from './run-events.js';

/**
 * Snipe as a run kind: started by `session-start`, its events stored by `RunEvents`, a run a leaving
 * agent hands back moved to another agent, a lost run's account turns `error`.
 */
export const snipeRunKind = (runEvents: RunEvents, handover: SnipeHandover): RunKindModule => ({
  kinds: ['snipe'],
  startCommand: 'session-start',
  events: [
    agentEvent({
      name: 'session-event',
      schema: sessionEventSchema,
      apply: ({ leaseId, seq, event }, agentId) => runEvents.apply(leaseId, seq, event, agentId),
    }),
    // One session at a time: what agents from before `sessions-hand-back` send.
    agentEvent({ name: 'session-hand-back', schema: sessionHandBackSchema, apply: handover.handBack }),
    agentEvent({ name: 'sessions-hand-back', schema: sessionsHandBackSchema, apply: handover.handBackMany }),
  ],
  settleLost: (runs) => runEvents.markLost(runs.map(leaseOfRun)),
});
