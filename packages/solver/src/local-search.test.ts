import type { SbcRequirement } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { polishAnswer } from './local-search.js';
import { placeCards, placementCost } from './placement.js';
import { buildProblem, type Problem } from './problem.js';
import { judgePlacement } from './squad-check.js';
import { and, EVERY_433_POSITION } from './test-pools.js';
import type { MarketCard } from './types.js';

const chemistry = (value: number): SbcRequirement => ({ kind: 'chemistry', scope: 'min', value });

const card = (id: number, price: number, facts: Partial<MarketCard> = {}): MarketCard => ({
  definitionId: id,
  assetId: id,
  rating: 70,
  rarityId: 0,
  positions: EVERY_433_POSITION,
  clubId: 1300,
  leagueId: 13,
  nationId: 14,
  price,
  ...facts,
});

function problemOf(market: readonly MarketCard[], target = 30): Problem {
  const built = buildProblem({ challenge: and(chemistry(target)), formation: 'f433', market }, [
    chemistry(target),
  ]);
  if ('infeasible' in built) throw new Error(built.infeasible);
  return built.problem;
}

describe('polishing an answer', () => {
  it('swaps a dear player at no chemistry for the cheapest unused card that keeps the squad eligible', () => {
    // Ten of one club at 3 chemistry each make 30; the eleventh is a filler whatever it costs.
    const core = Array.from({ length: 10 }, (_, index) => card(1 + index, 300));
    const dearFiller = card(50, 900, { clubId: 9900, leagueId: 99, nationId: 98, positions: ['GK'] });
    const cheapFiller = card(51, 100, { clubId: 9800, leagueId: 98, nationId: 97, positions: ['ST'] });
    const problem = problemOf([...core, dearFiller, cheapFiller]);
    const candidateOf = (id: number) => problem.candidates.find((c) => c.assetId === id)!;
    const placement = placeCards(problem, [...core.map((c) => candidateOf(c.assetId)), candidateOf(50)]);
    expect(judgePlacement(problem, placement).eligible).toBe(true);

    const polished = polishAnswer(problem, { placement, cost: placementCost(placement) });

    expect(polished.cost).toBe(10 * 300 + 100);
    expect(polished.placement.some((c) => c?.assetId === 51)).toBe(true);
    expect(judgePlacement(problem, polished.placement).eligible).toBe(true);
  });

  it('keeps a squad whose every cheaper swap breaks a requirement', () => {
    // Eleven of one club make 33, which the challenge asks for: an outsider in any slot leaves 30.
    const core = Array.from({ length: 11 }, (_, index) => card(1 + index, 300));
    const cheapOutsider = card(60, 100, { clubId: 9800, leagueId: 98, nationId: 97 });
    const problem = problemOf([...core, cheapOutsider], 33);
    const placement = placeCards(
      problem,
      problem.candidates.filter((c) => c.assetId !== 60),
    );
    const polished = polishAnswer(problem, { placement, cost: placementCost(placement) });
    expect(polished.cost).toBe(11 * 300);
    expect(judgePlacement(problem, polished.placement).eligible).toBe(true);
  });
});
