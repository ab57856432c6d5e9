import type { DefaultEventsMap, Server, Socket } from 'socket.io';

/** The room of one agent's socket: commands sent to it reach the agent on whichever node it is. */
export const agentRoom = (agentId: string) => `agent:${agentId}`;

/** What an agent socket carries; other nodes read it through `fetchSockets` (so never the key). */
export interface AgentSocketData {
  agentId: string;
  capacity: number;
  /** The agent said it is shutting down: no node picks it for a run (other nodes read it too). */
  leaving?: boolean;
}
export type AgentSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>;
export type AgentServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>;
