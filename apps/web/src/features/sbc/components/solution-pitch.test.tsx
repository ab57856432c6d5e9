import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { SbcSolutionPlayer } from '@tradedesk/domain';
import { SolutionPitch } from './solution-pitch';

const player = (slot: number, position: string): SbcSolutionPlayer => ({
  definitionId: 100 + slot,
  position,
  slot,
  price: 300,
  chemistry: 1,
  clubId: 1,
  nationId: 14,
  leagueId: 13,
  rating: 80,
  name: `Player ${position}`,
});

describe('the squad on the pitch', () => {
  it('stands each line from left to right as the user looks at it, whatever the slot order', () => {
    // A 4-3-3 as the game numbers its slots: right side first.
    const positions = ['GK', 'RB', 'RCB', 'LCB', 'LB', 'RCM', 'CM', 'LCM', 'RW', 'ST', 'LW'];
    renderWithProviders(
      <SolutionPitch
        solution={{
          cost: 3_300,
          proof: { kind: 'optimal' },
          players: positions.map((p, slot) => player(slot, p)),
        }}
      />,
    );
    const pitch = screen.getByRole('region', { name: 'Solution' });
    const lines = within(pitch)
      .getAllByRole('list')
      .map((line) =>
        within(line)
          .getAllByRole('listitem')
          .map((spot) => spot.getAttribute('aria-label')),
      );
    expect(lines).toEqual([
      ['LW Player LW', 'ST Player ST', 'RW Player RW'],
      ['LCM Player LCM', 'CM Player CM', 'RCM Player RCM'],
      ['LB Player LB', 'LCB Player LCB', 'RCB Player RCB', 'RB Player RB'],
      ['GK Player GK'],
    ]);
  });
});
