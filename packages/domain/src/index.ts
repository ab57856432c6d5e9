/**
 * @tradedesk/domain: the shared product model. Enumerations, EA id tables, business
 * constants, zod schemas with the spec's exact messages, validation rules, price math and
 * formatting. No I/O (the card catalogue is the separate node-only entry `./catalogue`; the
 * socket contracts of server and agent are the entry `./realtime`).
 */
export * from './enums/index.js';
export * from './ids/index.js';
export * from './constants.js';
export * from './messages.js';
export * from './notices.js';
export * from './game-error-reasons.js';
export * from './errors.js';
export * from './schemas/index.js';
export * from './rules/index.js';
export * from './selection/index.js';
export * from './math/index.js';
export * from './format/index.js';
export * from './sbc/index.js';
export * from './routes.js';
export * from './web-app/index.js';
export * from './market/index.js';
