/**
 * @tradedesk/agent — runs game-account sessions for the server: connects to `/client/agent`,
 * receives start / stop / switch-filter commands and streams acknowledged engine events back.
 */
export {
  agentCloseLimitMs,
  agentLeaveLimitMs,
  agentReconnectDelayMaxMs,
  startAgent,
  type AgentOptions,
  type RunningAgent,
} from './agent.js';
export { AccountSession, type AccountSessionOptions, type EventLink } from './account-session.js';
export { feedPrices } from './feed-prices.js';
export { serverPrices, type ServerPricesOptions } from './server-prices.js';
export { observedPrices, observingGame, type ObservedPrices } from './observed-prices.js';
export type { RehearsalSides } from './rehearsal/rehearsal-worlds.js';
