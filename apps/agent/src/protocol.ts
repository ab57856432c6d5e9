import { configurationSchema, filterSchema, platformSchema } from '@tradedesk/domain';
import type { EngineEvent } from '@tradedesk/engine';
import { z } from 'zod';

/**
 * The agent side of `/client/agent` (docs/realtime.md). Commands from the server are validated
 * here; what the agent sends is typed here and validated by the server.
 */
export const agentSocketPath = '/client/agent';

export const sessionStartSchema = z.object({
  leaseId: z.string().min(1),
  accountId: z.string().min(1),
  email: z.string().min(1),
  password: z.string(),
  backupCode: z.string(),
  platform: platformSchema,
  filters: z.array(filterSchema).min(1),
  configuration: configurationSchema,
});
export type SessionStart = z.infer<typeof sessionStartSchema>;

export const sessionStopSchema = z.object({ leaseId: z.string().min(1), accountId: z.string().min(1) });
export const sessionSwitchSchema = sessionStopSchema.extend({ filter: z.unknown() });

/** Answer to a command. */
export type AgentAck = { ok: true } | { ok: false; message: string };

/** What the server answers to an event; `stop` says the lease is over on its side. */
export const eventAckSchema = z.object({
  ok: z.boolean(),
  message: z.string().optional(),
  stop: z.boolean().optional(),
});

/** Handshake `auth`. `sessions` lets a reconnecting agent resume what it still runs. */
export interface AgentHandshake {
  key: string;
  agentId: string;
  capacity: number;
  sessions: Array<{ accountId: string; leaseId: string }>;
}

/** `session-event`: one engine event of one lease, numbered from 0. */
export interface SessionEventMessage {
  leaseId: string;
  seq: number;
  event: EngineEvent;
}
