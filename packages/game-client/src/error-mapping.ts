import {
  CaptchaError,
  DuplicateItemError,
  InvalidTransactionError,
  MarketLockedError,
  NoClubError,
  NoSuchTradeError,
  NotEnoughCoinsError,
  OutbidOrNotAllowedError,
  PileFullError,
  RequestFailedError,
  ServerError,
  SessionExpiredError,
  SoftBanError,
  ThrottledError,
  type GameError,
  type GameErrorDetails,
} from './errors.js';

type ErrorFactory = new (details: GameErrorDetails) => GameError;

/** Game code → typed error (GAME-PROTOCOL §3). Codes not listed fall back by range. */
const errorByCode: Record<number, ErrorFactory> = {
  401: SessionExpiredError,
  426: ThrottledError,
  429: ThrottledError,
  458: CaptchaError,
  459: CaptchaError,
  460: OutbidOrNotAllowedError,
  461: OutbidOrNotAllowedError,
  465: NoClubError,
  470: NotEnoughCoinsError,
  471: PileFullError,
  472: DuplicateItemError,
  473: PileFullError,
  475: InvalidTransactionError,
  478: NoSuchTradeError,
  494: MarketLockedError,
  512: SoftBanError,
  521: SoftBanError,
};

/** Reads the server's reason from an error body `{code, reason, message, ...}` (any may be missing). */
export function reasonFromBody(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    for (const key of ['reason', 'message', 'ErrorMessage', 'string']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return fallback;
}

/** The game code of an error body; FC-era servers send it as the HTTP status too. */
function codeFromBody(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const raw = (body as Record<string, unknown>)['code'];
  const code = typeof raw === 'string' ? Number.parseInt(raw, 10) : raw;
  return typeof code === 'number' && Number.isInteger(code) && code >= 400 ? code : undefined;
}

/** Translates one failed answer into the typed error a caller can switch on. */
export function errorFromCode(code: number, reason: string, request?: string): GameError {
  const details: GameErrorDetails = { code, reason, ...(request === undefined ? {} : { request }) };
  const Factory = errorByCode[code] ?? (code >= 500 ? ServerError : RequestFailedError);
  return new Factory(details);
}

/** Translates an HTTP error answer (status ≥ 400) and its parsed body, if any. */
export function errorFromResponse(status: number, body: unknown, request: string): GameError {
  // The HTTP status is authoritative; a body code only refines a generic status (e.g. 400 with 461 inside).
  const bodyCode = codeFromBody(body);
  const code = errorByCode[status] === undefined && bodyCode !== undefined ? bodyCode : status;
  return errorFromCode(code, reasonFromBody(body, `HTTP ${status}`), request);
}
