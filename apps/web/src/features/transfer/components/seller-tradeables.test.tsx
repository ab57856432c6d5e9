import type { SbcClubView } from '@tradedesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { useTransferStore } from '../../../stores/transfer-store';
import { TransferFilterEditor } from './transfer-filter-editor';

const club = (
  cards: SbcClubView['cards'],
  readAt: string | null = '2026-11-28T22:00:00.000Z',
): SbcClubView => ({
  accountId: 'seller-1',
  readAt,
  isReading: false,
  cards,
});
const starter = {
  itemId: 501,
  definitionId: 190_042,
  untradeable: false,
  discardValue: 500,
  name: 'Rafael Leão',
  rating: 82,
  rarity: 'rare' as const,
  quality: 'gold' as const,
};
const untradeable = {
  ...starter,
  itemId: 502,
  definitionId: 190_043,
  untradeable: true,
  name: 'Kept Common',
};

function answers(view: SbcClubView) {
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /api/sbc/club/seller-1': { status: 200, body: { data: view } },
      'GET /api/player-data': { status: 404, body: { message: 'Player not found' } },
    }).fetchStub,
  );
}

function renderEditor(onReadClub = vi.fn()) {
  renderWithProviders(
    <TransferFilterEditor
      filters={[]}
      onProceed={() => undefined}
      isRunning={false}
      seller={{ id: 'seller-1', onReadClub }}
    />,
  );
  return onReadClub;
}

describe("the transfer filter's seller tradeable players (issue 26: a first transfer needs a card the seller owns)", () => {
  beforeEach(() => useTransferStore.setState({ filterId: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a club read while the club was never read', async () => {
    answers(club([], null));
    const onReadClub = renderEditor();
    expect(await screen.findByText('Read the seller’s club to see the players it can trade.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Read club' }));
    expect(onReadClub).toHaveBeenCalledWith('seller-1');
  });

  it('offers the tradeable players only, and a pick fills the card (id, name, rarity, quality)', async () => {
    answers(club([untradeable, starter]));
    renderEditor();
    const pick = await screen.findByRole('button', { name: 'Rafael Leão (82 Rare Gold)' });
    expect(screen.queryByRole('button', { name: /Kept Common/ })).toBeNull();
    await userEvent.setup().click(pick);
    expect(screen.getByLabelText<HTMLInputElement>('ID').value).toBe('190042');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Rafael Leão');
    expect(screen.getByLabelText<HTMLSelectElement>('Rarity').value).toBe('rare');
    expect(screen.getByLabelText<HTMLSelectElement>('Quality').value).toBe('gold');
  });

  it('says how to get a tradeable card when the club has none', async () => {
    answers(club([untradeable]));
    renderEditor();
    expect(
      await screen.findByText(
        'The seller’s club has no tradeable player: buy one with that account on the transfer market first.',
      ),
    ).toBeTruthy();
  });
});
