import { platformOf } from '@tradedesk/domain';
import type {
  AgentAck,
  EventAck,
  TransferAccount,
  TransferCommandName,
  TransferRoute,
  transferEventEnvelopeSchema,
} from '@tradedesk/domain/realtime';
import type { z } from 'zod';
import type { AppContext } from '../lib/app-context.js';
import { openCredentials } from '../modules/account/credentials.js';
import type { AccountRow } from '../modules/account/repo.js';
import type { RunKindModule } from './run-kind.js';

/**
 * Where account runs that speak in named commands run (transfers, marketplace deliveries): the agents of
 * the agent hub, the same ones that snipe.
 */
export interface TransferDispatcher {
  /** The connected agent with the most free slots, or undefined when none has one. */
  pick(): Promise<string | undefined>;
  /** Sends a transfer command to the agent and waits for its acknowledgement. */
  command(agentId: string, name: TransferCommandName, payload: unknown): Promise<AgentAck>;
}

/** One agent transfer event as the socket boundary checked it. */
export type TransferEventEnvelopeData = z.infer<typeof transferEventEnvelopeSchema>;
export type TransferRouteKind = TransferRoute['kind'];
/** Stores agent transfer events of a kind another module than the transfer page started. */
export type TransferEventStore = (envelope: TransferEventEnvelopeData) => Promise<EventAck>;

/**
 * What the socket hubs offer the modules that run work on the agents, handed over when those modules
 * are registered (the realtime module decorates `app.agentPorts`; modules that use it name it in their
 * dependencies). Null when the app runs without socket hubs (HTTP-only tests and tools): no agent runs.
 */
export interface AgentPorts {
  transfers: TransferDispatcher;
  /**
   * A page polling a run asks whether its agent is lost (connected to no node and silent past the
   * reconnect grace); if so every run the agent held up to `lastHeardAt` ends. Answers their ids.
   */
  endIfLost(agentId: string, lastHeardAt: Date): Promise<string[]>;
  /** Tells the user's transfer pages (the `/client/transfer` hub's rooms) a message or an error. */
  toTransferPages(userId: string, action: string, data: unknown): void;
  toTransferPagesError(userId: string, description: string): void;
  /** The agents' transfer events of these route kinds are stored by `store`, not by the transfer page. */
  claimTransfers(kinds: readonly TransferRouteKind[], store: TransferEventStore): void;
  /**
   * A run kind of a module registered after the hubs (the marketplace's delivery): the one
   * lifecycle (lost rule, hand-back) settles its runs through it, as it does the hubs' own kinds.
   */
  addRunKind(kind: RunKindModule): void;
  /** Runs `job` with every scheduled sweep of the node (a failure is logged; the next sweep runs it again). */
  everySweep(job: () => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket hubs' ports for the modules that run work on agents (null: no hubs). */
    agentPorts: AgentPorts | null;
  }
}

/** A game account as a transfer command carries it to the agent (credentials decrypted, never logged). */
export const agentAccountOf = (ctx: Pick<AppContext, 'cipher'>, account: AccountRow): TransferAccount => ({
  accountId: account.id,
  email: account.email,
  ...openCredentials(ctx.cipher, account),
  platform: platformOf(account),
});
