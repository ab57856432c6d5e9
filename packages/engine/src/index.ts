/**
 * @tradedesk/engine: the trading engine over ports. Snipe strategies (normal, 59th Minute,
 * fodder), follow-ups, pacing, guards and the SnipeSession that drives them; pure and
 * deterministic given its clock and rng.
 */
export * from './ports.js';
export * from './events.js';
export * from './fan-out.js';
export * from './run-log.js';
export * from './game-call-policy.js';
export * from './time/clock.js';
export * from './time/rng.js';
export * from './time/shared-virtual-clock.js';
export * from './guards/index.js';
export * from './strategies/index.js';
export * from './pricing/freshness.js';
export * from './follow-ups/follow-up.js';
export * from './session/options.js';
export * from './session/pacing.js';
export * from './session/reports.js';
export { SnipeSession } from './session/snipe-session.js';
export * from './fleet/index.js';
export * from './session/summary.js';
export { gamePortFromClient, type GameClientLike } from './adapters/game-client-port.js';
// The benchmark's baseline and measuring tools; the runnable benchmark is `@tradedesk/engine/bench`.
export * from './bench/classic-autobuyer.js';
export * from './bench/reaction-probe.js';
export * from './bench/oracle.js';
export * from './transfer/index.js';
export * from './sbc/index.js';
