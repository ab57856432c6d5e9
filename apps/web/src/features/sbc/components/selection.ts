import { challengeOfClubSquad, errorMessages } from '@tradedesk/domain';
import type { SbcChallengeView, SbcSolutionView } from '@tradedesk/domain';

/** The solution the user selected: a challenge's, or one of its sub-challenges'. */
export interface SolutionSelection {
  challengeId: string;
  subChallengeId?: string;
  solutionId: string;
}

/**
 * What a selection resolves to: a stored solution, or the account's club squad of a challenge the
 * market cannot fill (its cards and cost come from the account's squad; the server builds it).
 */
export type SelectedSolution = Pick<SbcSolutionView, 'solutionId' | 'createdAt' | 'cost' | 'players'>;

/** The selected solution among a challenge's stored ones, or its club squad when it has none. */
function solutionIn(challenge: SbcChallengeView, solutionId: string): SelectedSolution | undefined {
  if (challengeOfClubSquad(solutionId) !== challenge.challengeId)
    return challenge.solutions.find((entry) => entry.solutionId === solutionId);
  if (challenge.solutions.length > 0) return undefined;
  return { solutionId, createdAt: new Date(0).toISOString(), cost: 0, players: [] };
}

/**
 * Finds the selected solution in the current challenge list, or the spec's error naming what is
 * missing (the list may have changed since the selection: a delete, a recomputed solution).
 */
export function resolveSelection(
  challenges: readonly SbcChallengeView[],
  selection: SolutionSelection,
): { solution: SelectedSolution; challenge: SbcChallengeView } | { error: string } {
  const challenge = challenges.find((entry) => entry.challengeId === selection.challengeId);
  if (!challenge) return { error: errorMessages.unableToFindChallengeInModal };
  if (selection.subChallengeId !== undefined) {
    const sub = challenge.subChallenges.find((entry) => entry.challengeId === selection.subChallengeId);
    if (!sub) return { error: errorMessages.unableToFindSubChallengeInModal };
    const solution = solutionIn(sub, selection.solutionId);
    return solution
      ? { solution, challenge: sub }
      : { error: errorMessages.unableToFindSubChallengeSolutionInModal };
  }
  const solution = solutionIn(challenge, selection.solutionId);
  return solution ? { solution, challenge } : { error: errorMessages.unableToFindSolutionInModal };
}
