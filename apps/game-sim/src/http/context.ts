import type { FastifyReply, FastifyRequest } from 'fastify';
import { gameErrors, type GameError } from '../core/errors.js';
import type { Account } from '../world/types.js';
import type { World } from '../world/world.js';
import type { SessionStore } from './sessions.js';

/** What every route module needs. */
export interface SimContext {
  readonly world: World;
  readonly sessions: SessionStore;
  readonly adminKey: string | undefined;
  /** Game path prefix, e.g. `/ut/game/fc26`. */
  readonly gamePrefix: string;
  /** Origin the sim is reachable at (filled in once listening). */
  origin(): string;
}

/** Resolves the UT session of a game call and admits it through the abuse controls. */
export function gameAccount(context: SimContext, request: FastifyRequest): Account {
  const now = context.world.catchUp();
  const header = request.headers['x-ut-sid'];
  const resolved = context.sessions.resolveSid(Array.isArray(header) ? header[0] : header, now);
  if (resolved === 'kicked') throw gameErrors.kickedSession();
  if (resolved === 'expired') throw gameErrors.expiredSession();
  const account = context.world.accounts.get(resolved.accountId);
  if (!account) throw gameErrors.expiredSession();
  context.world.abuse.admit(account, now);
  return account;
}

/** Sends a game error with HTTP status = code and the game's error body. */
export function sendGameError(reply: FastifyReply, error: GameError): FastifyReply {
  return reply.code(error.code).type('application/json').send(error.toBody());
}

/** Parses a comma list of integers (`tradeIds=1,2`), failing with 400 on junk. */
export function parseIdList(raw: unknown, name: string): number[] {
  if (typeof raw !== 'string' || raw.trim() === '') throw gameErrors.badRequest(`${name} is required`);
  const ids = raw.split(',').map((part) => Number(part.trim()));
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 0))
    throw gameErrors.badRequest(`${name} must be a comma list of ids`);
  return ids;
}
