import { formatPercent, type SbcSolutionProof } from '@tradedesk/domain';

/**
 * How a squad's proof reads beside its cost. The solver's gap is (cost − bound) / cost, a share of
 * the squad's own cost; how far the squad may be above the cheapest possible is measured from the
 * bound instead: (cost − bound) / bound = gap / (1 − gap). Costs and bound are in the solver's
 * units (owned cards at what they would sell for), so the ratio holds whatever the squad owns.
 */
export function proofText(proof: SbcSolutionProof): string {
  if (proof.kind === 'optimal') return '(proven cheapest)';
  // A bound of 0 (cards that cost nothing) says nothing about how far off the squad may be.
  if (!(proof.gap < 1) || proof.lowerBound <= 0) return '(not proven cheapest)';
  const aboveCheapest = Math.max(0, proof.gap) / (1 - Math.max(0, proof.gap));
  return `(at most ${formatPercent(aboveCheapest * 100)} above the cheapest possible)`;
}
