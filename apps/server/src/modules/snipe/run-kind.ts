import {
  sessionEventSchema,
  sessionHandBackSchema,
  sessionsHandBackSchema,
} from '@tradedesk/domain/realtime';
import { agentEvent, type RunKindModule } from '../../runs/run-kind.js';
import type { SnipeHandover } from './handover.js';
import type { RunEvents } from './run-events.js';

/**
 * Snipe as a run kind: started by `session-start`, its events stored by `RunEvents`, a run a leaving
 * agent hands back, or whose agent is lost, moved to another agent (or waiting for one).
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
  // A lost agent's runs wait for another agent, as handed-back ones do (docs/decisions/runs.md).
  settleLost: (runs) => handover.waitAfterLoss(runs),
});
