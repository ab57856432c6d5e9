import type { ZodType, ZodTypeDef } from 'zod';
import type { GameClientConfig } from './config.js';
import { errorFromResponse } from './error-mapping.js';
import { MalformedResponseError, SessionExpiredError } from './errors.js';
import type { Transport, TransportResponse } from './transport.js';

export type QueryValue = string | number | boolean | undefined;

/** One call to `/ut/game/<segment>/<path>`. */
export interface GameCall<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Validates the answer; the game's answers are input too. */
  schema: ZodType<T, ZodTypeDef, unknown>;
  /** A faster reader of the usual answer (hot path); undefined hands the body to `schema`. */
  fastRead?: (body: unknown) => T | undefined;
  isSearch?: boolean;
}

/** Sends calls that need a UT session; the session layer supplies the sid and re-authentication. */
export type GameCaller = <T>(call: GameCall<T>) => Promise<T>;

export function buildUrl(base: string, path: string, query: Record<string, QueryValue> = {}): URL {
  const url = new URL(`${base}${path.startsWith('/') ? '' : '/'}${path}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** Parses a JSON answer; an empty body is `undefined` (many write calls answer 200 with nothing). */
export function parseJsonBody(response: TransportResponse, request: string): unknown {
  if (response.text.trim() === '') return undefined;
  try {
    return JSON.parse(response.text) as unknown;
  } catch (cause) {
    if (response.status >= 400) return undefined;
    throw new MalformedResponseError({ code: response.status, reason: 'Answer is not JSON', request, cause });
  }
}

/** Validates a successful answer against its schema; failures name the first bad field. */
export function validateAnswer<T>(
  schema: ZodType<T, ZodTypeDef, unknown>,
  body: unknown,
  status: number,
  request: string,
): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? 'answer' : issue.path.join('.');
  throw new MalformedResponseError({
    code: status,
    reason: `Unexpected answer: ${where}: ${issue?.message ?? 'invalid'}`,
    request,
  });
}

/** Common web-app headers (GAME-PROTOCOL §1.3). */
export function webAppHeaders(config: GameClientConfig): Record<string, string> {
  return {
    Accept: '*/*',
    Origin: config.origin,
    Referer: config.referer,
    'User-Agent': config.userAgent,
  };
}

export interface GameHttpOptions {
  config: GameClientConfig;
  transport: Transport;
  /** Current session id, or undefined before sign-in. */
  sid: () => string | undefined;
  /** Obtains a fresh sid with the still-valid access token; throws when that is impossible. */
  reauthenticate: () => Promise<void>;
}

/** Builds the caller used by every endpoint module: headers, JSON, validation, error mapping, one re-auth. */
export function createGameCaller(options: GameHttpOptions): GameCaller {
  const { config, transport } = options;
  const sendOnce = async (call: GameCall<unknown>): Promise<TransportResponse> => {
    const sid = options.sid();
    if (sid === undefined) {
      throw new SessionExpiredError({
        code: 401,
        reason: 'Not signed in',
        request: `${call.method} ${call.path}`,
      });
    }
    const headers: Record<string, string> = {
      ...webAppHeaders(config),
      'X-UT-SID': sid,
      'Cache-Control': 'no-cache',
    };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    return transport.send({
      method: call.method,
      url: buildUrl(config.utasUrl, `/ut/game/${config.gameSegment}/${call.path}`, call.query),
      headers,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      ...(call.isSearch === true ? { isSearch: true } : {}),
    });
  };

  return async <T>(call: GameCall<T>): Promise<T> => {
    const request = `${call.method} /ut/game/${config.gameSegment}/${call.path}`;
    let response = await sendOnce(call as GameCall<unknown>);
    if (response.status === 401) {
      // The sid expired or was kicked: mint a new one once with the access token, then retry once.
      await options.reauthenticate();
      response = await sendOnce(call as GameCall<unknown>);
    }
    return readAnswer(response, call.schema, request, call.fastRead);
  };
}

/** Turns an answer into validated data or the typed error its status means. */
export function readAnswer<T>(
  response: TransportResponse,
  schema: ZodType<T, ZodTypeDef, unknown>,
  request: string,
  fastRead?: (body: unknown) => T | undefined,
): T {
  const body = parseJsonBody(response, request);
  if (response.status >= 400) throw errorFromResponse(response.status, body, request);
  if (response.status >= 300) {
    throw new MalformedResponseError({ code: response.status, reason: 'Unexpected redirect', request });
  }
  return fastRead?.(body) ?? validateAnswer(schema, body, response.status, request);
}
