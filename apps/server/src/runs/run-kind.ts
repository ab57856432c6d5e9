import type { EventAck } from '@tradedesk/domain/realtime';
import type { RunKind } from '../db/schema.js';
import type { RunRow } from './runs-repo.js';

/** How the agent hub reads one agent event: its envelope, checked, and where it is stored. */
export interface AgentEventHandler<Envelope = unknown> {
  /** The socket event the agent sends it on. */
  name: string;
  schema: { safeParse(payload: unknown): { success: true; data: Envelope } | { success: false } };
  /** Stores it (answered only once stored; a replay is acknowledged and changes nothing). */
  apply(envelope: Envelope, agentId: string): Promise<EventAck>;
}

/**
 * One kind of run as the lifecycle (`runs/`) sees it: the rows of `runs` it owns, the agent command
 * that starts one (its payload is the domain's schema of that command), the agent events it takes and
 * what it settles when the lost-agent rule takes its runs. The lifecycle itself (start checks, lease,
 * heartbeat, the lost rule, reconcile at a connect) is written once, in `runsRepo` and the agent hub;
 * a kind only says what is its own.
 */
export interface RunKindModule {
  kinds: readonly RunKind[];
  /** The agent command a start sends (`session-start`, `transfer-start`, `sbc-start`, `rehearsal-start`). */
  startCommand: string;
  /** Each with its own envelope (`apply` is a method, so a handler of any envelope fits here). */
  events: readonly AgentEventHandler[];
  /** Ends the kind's own record of runs the lost-agent rule took (a snipe's account turns `error`…). */
  settleLost(runs: RunRow[]): Promise<unknown>;
  /**
   * Ends the kind's own record of runs a leaving agent handed back (`run-hand-back`: stopped, every
   * event delivered, and not able to resume elsewhere) that their own outcome did not end: as the
   * lost rule does, but `ended` and saying the agent shut down. A kind that moves its runs instead
   * (snipe: `sessions-hand-back`) has none.
   */
  settleHandedBack?(runs: RunRow[]): Promise<unknown>;
}

/** A handler with its envelope type checked against its schema. */
export const agentEvent = <Envelope>(handler: AgentEventHandler<Envelope>) => handler;
