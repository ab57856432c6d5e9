import type { FastifyInstance } from 'fastify';
import type { SimContext } from './context.js';

/** SBC endpoints (filled in by the SBC module). */
export function registerSbcRoutes(_app: FastifyInstance, _context: SimContext): void {}
