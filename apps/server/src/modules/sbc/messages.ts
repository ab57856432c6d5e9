/** Texts of the solver bot the spec leaves open (docs/decisions/sbc.md). */
export const sbcMessages = {
  noAgent: 'No solver agent is available right now. Please try again later.',
  agentRefused: (message: string) => `The SBC solver could not start: ${message}`,
  alreadyRunning: 'The SBC solver is already running on this account',
  notRunning: 'The SBC solver is not running on this account',
  noSolutionOnPlatform:
    "This challenge has no solution priced for the account's platform yet; try again in a few minutes",
  solutionOutdated: 'This solution is no longer available; reload the page and select it again',
  /** A run cut off by a restart or a lost agent: what happened and how to finish it. */
  agentLost:
    "The solver stopped before finishing: its agent restarted or stopped responding. Cards it already bought are in the account's club: start the solver again to finish, and it uses them first.",
  /** A run a leaving agent (a deploy) stopped and handed back. */
  agentLeft:
    "The solver stopped before finishing: its agent shut down. Cards it already bought are in the account's club: start the solver again to finish, and it uses them first.",
  cannotDeleteWithSubChallenges: 'Only a challenge without sub-challenges can be deleted',
  challengeNotFound: 'Challenge not found',
  solutionNotFound: 'Solution not found',
  adminOnly: 'Only an admin may do this',
  clubNotRead: "This account's club has not been read yet: read it first",
  clubReadRunning: "This account's club is being read; wait for it to finish",
  clubReadRefused: (message: string) => `The club could not be read: ${message}`,
  clubReadFailed: (message: string) => `Reading the club failed: ${message}`,
  noClubSquad:
    "This challenge needs the account's own cards and no squad from its club was found: read the club, then start again",
  noSquadWithClub: (reason: string) => `No squad found with this account's club and the market: ${reason}`,
  /** The bell's record of a finished run: the spec's message, and the account it ran on. */
  solvedNotice: (solved: string, account: string) => `${solved} for ${account}`,
  /** The bell's record of a failed run (an error, a lost or departed agent). */
  failedNotice: (account: string, reason: string) => `SBC solver failed for ${account}: ${reason}`,
} as const;

/** Web socket actions and events of the solver (spec 001 §7, spelled as there). */
export const sbcSocket = {
  start: 'SBC_START_SOLVER',
  stop: 'SBC_STOP_SOLVER',
  notification: 'SBC_NOTIFICATION',
  finish: 'SBC_FINISH_SOLVER',
  error: 'ERROR',
  /** On join: the user's running runs with their steps so far (not in the spec: a reload keeps the progress). */
  runs: 'SBC_RUNS',
  /** Read an account's club (not in the spec): `{id}` is the account id, as SBC_STOP_SOLVER's. */
  readClub: 'SBC_READ_CLUB',
  /** A club read ended: `{accountId, ok: true, readAt, cards}` or `{accountId, ok: false, description}`. */
  club: 'SBC_CLUB',
  /**
   * A better squad for an account (not in the spec): the background refinement found a cheaper
   * one or a higher bound (a proof included); data is the account solution as the API gives it.
   */
  squad: 'SBC_SQUAD',
} as const;
