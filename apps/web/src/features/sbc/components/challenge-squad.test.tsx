import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import type { SbcSolutionPlayer, SbcSolutionView } from '@tradedesk/domain';
import { ChallengeSquad } from './challenge-squad';

afterEach(() => vi.unstubAllGlobals());

const player = (slot: number, name: string, position: string, price: number): SbcSolutionPlayer => ({
  definitionId: 100 + slot,
  position,
  slot,
  price,
  chemistry: 2,
  clubId: 1,
  nationId: 14,
  leagueId: 13,
  rating: 80,
  name,
});
const marketSolution: SbcSolutionView = {
  solutionId: 'sol-1',
  createdAt: '2026-11-27T09:00:00.000Z',
  platform: 'pc',
  cost: 2_700,
  proof: { kind: 'optimal' },
  players: [player(0, 'Keeper', 'GK', 900), player(1, 'Back', 'LB', 900), player(2, 'Striker', 'ST', 900)],
};
const badges = () =>
  screen.getAllByRole('listitem').map((spot) => within(spot).getByText(/^(Owned|To buy)$/).textContent);

describe("a challenge's squad on the pitch", () => {
  it('marks every card of the market solution to buy when no club was read', () => {
    renderWithProviders(
      <ChallengeSquad challengeId="set-1001" solution={marketSolution} clubAccountId={undefined} />,
    );
    expect(badges()).toEqual(['To buy', 'To buy', 'To buy']);
    expect(screen.getByLabelText('Solution cost').textContent).toBe('2,700');
  });

  it('says how far above the cheapest possible an unproven squad may be', () => {
    const unproven: SbcSolutionView = {
      ...marketSolution,
      proof: { kind: 'bounded', lowerBound: 2_000, gap: (2_700 - 2_000) / 2_700 },
    };
    renderWithProviders(
      <ChallengeSquad challengeId="set-1001" solution={unproven} clubAccountId={undefined} />,
    );
    expect(screen.getByText('(at most 35.00% above the cheapest possible)')).toBeTruthy();
  });

  it("shows the account's own cards as owned and only the rest to buy, with the cost of buying them", async () => {
    const { fetchStub } = fakeFetch({
      'GET /api/sbc/club/acc-1/solution/set-1001': {
        status: 200,
        body: {
          data: {
            accountId: 'acc-1',
            challengeId: 'set-1001',
            platform: 'pc',
            createdAt: '2026-11-27T09:01:00.000Z',
            cost: 900,
            proof: { kind: 'optimal' },
            players: [
              { ...player(0, 'Own Keeper', 'GK', 150), owned: true },
              { ...player(1, 'Own Back', 'LB', 190), owned: true },
              { ...player(2, 'Striker', 'ST', 900), owned: false },
            ],
          },
        },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(
      <ChallengeSquad challengeId="set-1001" solution={marketSolution} clubAccountId="acc-1" />,
    );
    expect(await screen.findByText('Own Keeper')).toBeTruthy();
    expect(badges()).toEqual(['To buy', 'Owned', 'Owned']); // lines from the attack down: ST, LB, GK
    expect(screen.getByLabelText('Solution cost').textContent).toBe('900');
    const keeper = within(screen.getByRole('listitem', { name: 'GK Own Keeper' }));
    expect(keeper.getByLabelText('Sell value').textContent).toBe('150');
    expect(keeper.getByText(/^Sells for/).textContent).toBe('Sells for 150');
    const striker = within(screen.getAllByRole('listitem')[0]!);
    expect(striker.getByText(/^Buy for/).textContent).toMatch(/^Buy for \d/);
  });
});
