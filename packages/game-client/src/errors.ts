/**
 * Typed game errors. Wire codes are translated here and nowhere else; callers switch on `kind`
 * and let `category` pick the reaction: temporary → back off and retry, operational → stop and
 * notify, user-logic → isolate the one action and carry on.
 */

export type GameErrorKind =
  | 'session-expired'
  | 'captcha'
  | 'soft-ban'
  | 'throttled'
  | 'market-locked'
  | 'not-enough-coins'
  | 'outbid-or-not-allowed'
  | 'no-such-trade'
  | 'pile-full'
  | 'duplicate-item'
  | 'invalid-transaction'
  | 'no-club'
  | 'server-error'
  | 'network-error'
  | 'malformed-response'
  | 'request-failed'
  | 'invalid-credentials'
  | 'invalid-backup-code'
  | 'account-disabled'
  | 'sign-in-failed'
  | 'invalid-input';

export type GameErrorCategory = 'temporary' | 'operational' | 'user-logic';

const categoryByKind: Record<GameErrorKind, GameErrorCategory> = {
  'session-expired': 'operational',
  captcha: 'operational',
  'soft-ban': 'operational',
  throttled: 'temporary',
  'market-locked': 'operational',
  'not-enough-coins': 'operational',
  'outbid-or-not-allowed': 'user-logic',
  'no-such-trade': 'user-logic',
  'pile-full': 'operational',
  'duplicate-item': 'user-logic',
  'invalid-transaction': 'user-logic',
  'no-club': 'operational',
  'server-error': 'temporary',
  'network-error': 'temporary',
  'malformed-response': 'operational',
  'request-failed': 'user-logic',
  'invalid-credentials': 'operational',
  'invalid-backup-code': 'operational',
  'account-disabled': 'operational',
  'sign-in-failed': 'operational',
  'invalid-input': 'user-logic',
};

/** The reaction class of an error kind. */
export function categoryOf(kind: GameErrorKind): GameErrorCategory {
  return categoryByKind[kind];
}

export interface GameErrorDetails {
  /** HTTP status / game code (0 when no answer arrived). */
  code: number;
  /** The server's own reason text, or what went wrong locally. */
  reason: string;
  /** `METHOD /path` of the call, without query string (queries can carry tokens). */
  request?: string;
  cause?: unknown;
}

/** Base class of every error the client throws. */
export abstract class GameError extends Error {
  abstract readonly kind: GameErrorKind;
  readonly code: number;
  readonly reason: string;
  readonly request: string | undefined;

  constructor(message: string, details: GameErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code;
    this.reason = details.reason;
    this.request = details.request;
  }

  get category(): GameErrorCategory {
    return categoryOf(this.kind);
  }
}

/** 'Request failed with status code {code}, and message {message}' — the spec's generic run-log text. */
function requestFailedMessage(details: GameErrorDetails): string {
  return `Request failed with status code ${details.code}, and message ${details.reason}`;
}

/** Declares one error class with a fixed kind and either a fixed message or the generic one. */
function defineError<K extends GameErrorKind>(kind: K, name: string, fixedMessage?: string) {
  const ErrorClass = class extends GameError {
    readonly kind: K = kind;
    constructor(details: GameErrorDetails) {
      super(fixedMessage ?? requestFailedMessage(details), details);
      this.name = name;
    }
  };
  Object.defineProperty(ErrorClass, 'name', { value: name });
  return ErrorClass;
}

export const SessionExpiredError = defineError(
  'session-expired',
  'SessionExpiredError',
  'Session has expired',
);
export const CaptchaError = defineError('captcha', 'CaptchaError', 'Encountered a captcha');
export const SoftBanError = defineError('soft-ban', 'SoftBanError', 'Encountered soft ban');
export const ThrottledError = defineError('throttled', 'ThrottledError', 'Rate limited');
export const MarketLockedError = defineError('market-locked', 'MarketLockedError');
export const NotEnoughCoinsError = defineError('not-enough-coins', 'NotEnoughCoinsError');
export const OutbidOrNotAllowedError = defineError('outbid-or-not-allowed', 'OutbidOrNotAllowedError');
export const NoSuchTradeError = defineError('no-such-trade', 'NoSuchTradeError');
export const PileFullError = defineError('pile-full', 'PileFullError');
export const DuplicateItemError = defineError('duplicate-item', 'DuplicateItemError');
export const InvalidTransactionError = defineError('invalid-transaction', 'InvalidTransactionError');
export const NoClubError = defineError('no-club', 'NoClubError');
export const ServerError = defineError('server-error', 'ServerError');
export const NetworkError = defineError(
  'network-error',
  'NetworkError',
  "Unable to connect to the game's servers",
);
export const MalformedResponseError = defineError('malformed-response', 'MalformedResponseError');
export const RequestFailedError = defineError('request-failed', 'RequestFailedError');
export const InvalidCredentialsError = defineError('invalid-credentials', 'InvalidCredentialsError');
export const InvalidBackupCodeError = defineError('invalid-backup-code', 'InvalidBackupCodeError');
export const AccountDisabledError = defineError('account-disabled', 'AccountDisabledError');
export const SignInFailedError = defineError('sign-in-failed', 'SignInFailedError');

/* Each class is also a type, so `error: CaptchaError` reads naturally. */
export type SessionExpiredError = InstanceType<typeof SessionExpiredError>;
export type CaptchaError = InstanceType<typeof CaptchaError>;
export type SoftBanError = InstanceType<typeof SoftBanError>;
export type ThrottledError = InstanceType<typeof ThrottledError>;
export type MarketLockedError = InstanceType<typeof MarketLockedError>;
export type NotEnoughCoinsError = InstanceType<typeof NotEnoughCoinsError>;
export type OutbidOrNotAllowedError = InstanceType<typeof OutbidOrNotAllowedError>;
export type NoSuchTradeError = InstanceType<typeof NoSuchTradeError>;
export type PileFullError = InstanceType<typeof PileFullError>;
export type DuplicateItemError = InstanceType<typeof DuplicateItemError>;
export type InvalidTransactionError = InstanceType<typeof InvalidTransactionError>;
export type NoClubError = InstanceType<typeof NoClubError>;
export type ServerError = InstanceType<typeof ServerError>;
export type NetworkError = InstanceType<typeof NetworkError>;
export type MalformedResponseError = InstanceType<typeof MalformedResponseError>;
export type RequestFailedError = InstanceType<typeof RequestFailedError>;
export type InvalidCredentialsError = InstanceType<typeof InvalidCredentialsError>;
export type InvalidBackupCodeError = InstanceType<typeof InvalidBackupCodeError>;
export type AccountDisabledError = InstanceType<typeof AccountDisabledError>;
export type SignInFailedError = InstanceType<typeof SignInFailedError>;

/** A caller passed arguments the game would refuse; nothing was sent. */
export class InvalidInputError extends GameError {
  readonly kind = 'invalid-input' as const;
  constructor(reason: string) {
    super(reason, { code: 0, reason });
    this.name = 'InvalidInputError';
  }
}

/** Narrowing helper: `isGameError(e, 'captcha')`. */
export function isGameError(error: unknown, kind?: GameErrorKind): error is GameError {
  return error instanceof GameError && (kind === undefined || error.kind === kind);
}

/** A Buy Now another buyer won first (461/478): count it as a lost snipe and carry on. */
export function isLostSnipe(error: unknown): boolean {
  return isGameError(error, 'outbid-or-not-allowed') || isGameError(error, 'no-such-trade');
}
