import { fireEvent, screen } from '@testing-library/react';
import type { SbcChallengeView, SbcSolutionPlayer } from '@tradedesk/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { ChallengesAccordion } from './challenges-accordion';
import { resolveSelection, type SolutionSelection } from './selection';

afterEach(() => vi.unstubAllGlobals());

const player = (slot: number, name: string, position: string, owned: boolean) => ({
  definitionId: 100 + slot,
  position,
  slot,
  price: owned ? 150 : 900,
  chemistry: 1,
  clubId: 1,
  nationId: 14,
  leagueId: 13,
  rating: 80,
  name,
  owned,
});

/** The sandbox's 'Club Loyalty' set: its challenge asks for untradeable cards, so the market has no squad. */
const untradeables: SbcChallengeView = {
  challengeId: 'challenge-2130',
  name: 'Untradeables',
  imageId: '2130',
  rewards: [],
  expiresAt: null,
  solutions: [],
  unsolvableReason: 'the requirements cannot be met from the market',
  subChallenges: [],
};
const loyalty: SbcChallengeView = {
  challengeId: 'set-1111',
  name: 'Club Loyalty',
  imageId: '1111',
  rewards: [],
  expiresAt: null,
  solutions: [],
  subChallenges: [untradeables],
};

function renderAccordion(clubAccountId: string | undefined) {
  const { fetchStub } = fakeFetch({
    'GET /api/sbc/club/acc-1/solution/challenge-2130': {
      status: 200,
      body: {
        data: {
          accountId: 'acc-1',
          challengeId: 'challenge-2130',
          platform: 'pc',
          createdAt: '2026-11-30T09:01:00.000Z',
          cost: 900,
          proof: { kind: 'optimal' },
          players: [
            player(0, 'Own Keeper', 'GK', true),
            player(1, 'Own Back', 'LB', true),
            player(2, 'Striker', 'ST', false),
          ] satisfies (SbcSolutionPlayer & { owned: boolean })[],
        },
      },
    },
  });
  vi.stubGlobal('fetch', fetchStub);
  const selections: (SolutionSelection | null)[] = [];
  renderWithProviders(
    <ChallengesAccordion
      challenges={[loyalty]}
      isAdmin={false}
      onOpenSolution={(selection) => selections.push(selection)}
      onDelete={() => undefined}
      clubAccountId={clubAccountId}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: /Club Loyalty/ }));
  fireEvent.click(screen.getByRole('button', { name: /Untradeables/ }));
  return selections;
}

describe('a challenge the market cannot fill', () => {
  it("shows the account's club squad and selects it, so the solver can start on it", async () => {
    const selections = renderAccordion('acc-1');
    expect(screen.getByText(/The market has no squad for this challenge/)).toBeTruthy();
    expect(await screen.findByText('Own Keeper')).toBeTruthy();
    expect(screen.getAllByText('Owned')).toHaveLength(2);

    const opened = selections.at(-1);
    expect(opened).toEqual({
      challengeId: 'set-1111',
      subChallengeId: 'challenge-2130',
      solutionId: 'club:challenge-2130',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Select solution' }));
    expect(selections.at(-1)).toEqual(opened);
    // The solver window finds it: no 'Unable to find … in modal'.
    const resolved = resolveSelection([loyalty], opened!);
    expect(resolved).toMatchObject({
      challenge: { challengeId: 'challenge-2130' },
      solution: { solutionId: 'club:challenge-2130' },
    });
  });

  it('selects nothing without a club read: there is no squad to start on', () => {
    const selections = renderAccordion(undefined);
    expect(selections.at(-1)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select solution' })).toBeNull();
  });
});
