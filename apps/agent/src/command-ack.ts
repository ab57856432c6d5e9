import type { AgentAck } from '@tradedesk/domain/realtime';

/** The acknowledgement of a command the agent will not run, with the reason the user sees. */
export const refuse = (message: string): AgentAck => ({ ok: false, message });

/** An error as one line for a refusal or an event: its message, else its text. */
export const messageOf = (error: unknown) =>
  error instanceof Error && error.message !== '' ? error.message : String(error);

/** Refusals every command family gives the same way. */
export const agentRefusals = {
  accountBusy: 'This account is already running on the agent',
  full: 'The agent is full',
  leaving: 'The agent is shutting down',
} as const;
