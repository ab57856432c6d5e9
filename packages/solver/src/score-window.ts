/** The rating scores a squad may have, from its team-rating requirements. */
import type { SbcRequirement } from '@tradedesk/domain';
import { maxScoreFor, minScoreFor } from './squad-check.js';

/** Rating scores (11·S + Σ max(0, 11·r − S)) a squad may have: from the team-rating requirements. */
export interface ScoreWindow {
  readonly min: number;
  readonly max: number;
}

export function scoreWindowOf(requirements: readonly SbcRequirement[]): ScoreWindow {
  let min = -Infinity;
  let max = Infinity;
  for (const requirement of requirements) {
    if (requirement.kind !== 'teamRating') continue;
    if (requirement.scope !== 'max') min = Math.max(min, minScoreFor(requirement.value));
    if (requirement.scope !== 'min') max = Math.min(max, maxScoreFor(requirement.value));
  }
  return { min, max };
}
