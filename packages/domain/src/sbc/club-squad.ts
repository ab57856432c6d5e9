const clubSquadPrefix = 'club:';

/**
 * The solution id a page sends to start the solver on the account's own squad of a challenge the
 * market cannot fill (it has no stored solution, e.g. one asking for untradeable cards): the server
 * builds that squad from the account's club, as it does for every challenge once the club was read.
 */
export const clubSquadSolutionId = (challengeId: string) => `${clubSquadPrefix}${challengeId}`;

/** The challenge a club squad's solution id names; undefined for a stored solution's id. */
export const challengeOfClubSquad = (solutionId: string): string | undefined =>
  solutionId.startsWith(clubSquadPrefix) ? solutionId.slice(clubSquadPrefix.length) : undefined;
