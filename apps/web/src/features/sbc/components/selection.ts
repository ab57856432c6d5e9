import { errorMessages } from '@tradedesk/domain';
import type { SbcChallengeView, SbcSolutionView } from '@tradedesk/domain';

/** The solution the user selected: a challenge's, or one of its sub-challenges'. */
export interface SolutionSelection {
  challengeId: string;
  subChallengeId?: string;
  solutionId: string;
}

/**
 * Finds the selected solution in the current challenge list, or the spec's error naming what is
 * missing (the list may have changed since the selection: a delete, a recomputed solution).
 */
export function resolveSelection(
  challenges: readonly SbcChallengeView[],
  selection: SolutionSelection,
): { solution: SbcSolutionView; challenge: SbcChallengeView } | { error: string } {
  const challenge = challenges.find((entry) => entry.challengeId === selection.challengeId);
  if (!challenge) return { error: errorMessages.unableToFindChallengeInModal };
  if (selection.subChallengeId !== undefined) {
    const sub = challenge.subChallenges.find((entry) => entry.challengeId === selection.subChallengeId);
    if (!sub) return { error: errorMessages.unableToFindSubChallengeInModal };
    const solution = sub.solutions.find((entry) => entry.solutionId === selection.solutionId);
    return solution
      ? { solution, challenge: sub }
      : { error: errorMessages.unableToFindSubChallengeSolutionInModal };
  }
  const solution = challenge.solutions.find((entry) => entry.solutionId === selection.solutionId);
  return solution ? { solution, challenge } : { error: errorMessages.unableToFindSolutionInModal };
}
