/**
 * A game error: the HTTP status equals `code` and the body is the game's error document
 * (GAME-PROTOCOL §2.8, §3).
 */
export class GameError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(`${code} ${reason}${detail ? `: ${detail}` : ''}`);
    this.name = 'GameError';
  }

  /** The wire body: `{code, reason, string, message, debug}` with `code` as a string. */
  toBody(): Record<string, string> {
    return {
      code: String(this.code),
      reason: this.reason,
      string: this.reason,
      message: this.detail ?? this.reason,
      debug: '',
    };
  }
}

/** Factories for the codes the world raises, named after their meaning. */
export const gameErrors = {
  badRequest: (detail: string) => new GameError(400, 'Bad Request', detail),
  expiredSession: () => new GameError(401, 'expired session'),
  kickedSession: () => new GameError(401, 'Session Kickout'),
  notFound: (detail: string) => new GameError(404, 'Not Found', detail),
  conflict: (detail: string) => new GameError(409, 'Conflict', detail),
  tooManyRequests: () => new GameError(429, 'Too many requests'),
  captcha: () => new GameError(458, 'Captcha Triggered', 'verification required'),
  invalidBid: (detail: string) => new GameError(460, 'Bad Request', detail),
  /** A refused SBC submission: the unmet requirement keys in the reason too, so clients that read it see them. */
  requirementsNotMet: (keys: readonly string[]) => {
    const text = `requirements not met: ${keys.join(', ')}`;
    return new GameError(460, text, text);
  },
  permissionDenied: (detail: string) => new GameError(461, 'Permission Denied', detail),
  noClub: () => new GameError(465, 'No Ultimate Team club for this platform'),
  notEnoughCredits: () => new GameError(470, 'Not enough credit'),
  unassignedFull: () => new GameError(471, 'Purchased items limit exceeded'),
  duplicate: () => new GameError(472, 'Duplicate Item Type'),
  destinationFull: () => new GameError(473, 'Destination Full'),
  invalidTransaction: (detail: string) => new GameError(475, 'Invalid transaction', detail),
  noTrade: () => new GameError(478, 'No such trade exists'),
  marketLocked: () => new GameError(494, 'Transfer market is locked'),
  softBan: (code: 512 | 521) => new GameError(code, 'Request rejected'),
} as const;

/** Reasons for codes the world never raises by itself but the admin API can force. */
const FORCED_REASONS: Readonly<Record<number, string>> = {
  426: 'Upgrade Required',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The error a forced answer carries: the world's own reason for a code it knows, else a generic one. */
export function forcedError(code: number, reason?: string): GameError {
  return new GameError(code, reason ?? FORCED_REASONS[code] ?? 'Forced error', 'forced by the admin API');
}
