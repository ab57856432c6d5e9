import type {
  AccountStatus,
  FollowUpPlacement,
  LogEntry,
  NotificationType,
  SnipeResultReport,
} from '@tradedesk/domain';

/** Why a run ended. The first three are the spec's normal endings. */
export type StopReason =
  | 'execution-time'
  | 'thresholds'
  | 'not-enough-coins'
  | 'captcha'
  | 'soft-ban'
  | 'session-expired'
  | 'market-locked'
  | 'user'
  | 'error';

interface Stamped {
  /** Clock time of the event (ms). */
  readonly at: number;
  readonly accountId: string;
}

/** Status, coins and profit of the account row. */
export interface AccountUpdateEvent extends Stamped {
  readonly type: 'account-update';
  readonly status: AccountStatus;
  readonly coins: number | undefined;
  readonly profits: number;
}

/** Requests and searches of the running session. */
export interface SessionUpsertEvent extends Stamped {
  readonly type: 'session-upsert';
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly requests: number;
  readonly searches: number;
}

/** One buy attempt (success, or a lost snipe with its error code), plus its stored log entry. */
export interface SnipeResultEvent extends Stamped {
  readonly type: 'snipe-result';
  readonly report: SnipeResultReport;
  readonly logEntry: LogEntry;
  /** The game's id of the card bought; absent for a lost snipe. */
  readonly itemId?: number;
}

/**
 * Bought cards in the unassigned pile at sign-in (the agent reads it): the server records any
 * purchase among them it has not recorded, after a run whose agent was lost.
 */
export interface UnassignedPurchasesEvent extends Stamped {
  readonly type: 'unassigned-purchases';
  readonly items: {
    readonly itemId: number;
    readonly definitionId: number;
    readonly rarity: number;
    readonly price: number;
  }[];
}

/** Who the account is in the game, read at sign-in: the club's name and its crest. */
export interface IdentityEvent extends Stamped {
  readonly type: 'identity';
  readonly username: string;
  readonly imageUrl: string;
}

/** What the follow-up did with a card just bought (after its snipe result). */
export interface FollowUpEvent extends Stamped {
  readonly type: 'follow-up';
  /** The card's definition id, as in the snipe result. */
  readonly playerId: number;
  readonly playerName: string;
  readonly placement: FollowUpPlacement;
  /** Buy Now of the listing or the quick-sell value; 0 when the card is kept. */
  readonly sellPrice: number;
}

export interface BreakStartEvent extends Stamped {
  readonly type: 'break-start';
  readonly until: number;
}

export interface BreakEndEvent extends Stamped {
  readonly type: 'break-end';
}

/** The run ended; `message` is the text the user sees. */
export interface StopEvent extends Stamped {
  readonly type: 'stop';
  readonly reason: StopReason;
  readonly message: string;
}

/** A run-log message (spec 000 §8) for the dashboard and the chat webhook. */
export interface NoticeEvent extends Stamped {
  readonly type: 'notice';
  readonly level: NotificationType;
  readonly message: string;
}

export type EngineEvent =
  | AccountUpdateEvent
  | SessionUpsertEvent
  | SnipeResultEvent
  | UnassignedPurchasesEvent
  | FollowUpEvent
  | IdentityEvent
  | BreakStartEvent
  | BreakEndEvent
  | StopEvent
  | NoticeEvent;
