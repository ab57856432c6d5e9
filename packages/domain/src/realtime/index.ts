/**
 * `@tradedesk/domain/realtime`: the socket contracts shared by the server and its clients. A
 * separate entry, so the web bundle never pulls in the agent's wire schemas.
 */
// Its schemas speak plainly here too (the error map installs with the errors module).
import '../errors.js';
export * from './run-stop.js';
export * from './agent-contract.js';
export * from './transfer-contract.js';
export * from './sbc-contract.js';
export * from './rehearsal-contract.js';
export * from './sbc-club-contract.js';
