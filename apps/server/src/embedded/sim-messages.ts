/** What the server sends the sandbox game's thread when it starts it. */
export interface SimThreadOptions {
  adminKey?: string | undefined;
  /** Where the world is kept between starts. */
  stateFile?: string | undefined;
}

/** What the sandbox game's thread answers. */
export type SimThreadReply =
  | { type: 'started'; url: string; restored: boolean; problem?: string }
  | { type: 'closed' }
  | { type: 'failed'; message: string };
