import { fireEvent, screen } from '@testing-library/react';
import type { Account } from '@tradedesk/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import type { SbcChallengeView } from '@tradedesk/domain';
import { SolverModal } from './solver-modal';

const solution = {
  solutionId: 'sol-1',
  createdAt: '2026-11-25T10:00:00.000Z',
  platform: 'pc' as const,
  cost: 3_300,
  proof: { kind: 'optimal' as const },
  players: [],
};
const challenges: SbcChallengeView[] = [
  {
    challengeId: 'set-1001',
    name: 'Daily Gold Upgrade',
    imageId: 'sbc_set_image_1001',
    rewards: [],
    expiresAt: null,
    solutions: [solution],
    subChallenges: [],
  },
  {
    challengeId: 'set-1101',
    name: 'League Foundations',
    imageId: 'sbc_set_image_1101',
    rewards: [],
    expiresAt: null,
    solutions: [],
    subChallenges: [
      {
        challengeId: 'challenge-2101',
        name: 'Premier League',
        imageId: 'x',
        rewards: [],
        expiresAt: null,
        solutions: [],
        subChallenges: [],
      },
    ],
  },
];
const account = { id: 'acc-1', email: 'sbc@example.com' } as Account;

function open(selections: Parameters<typeof SolverModal>[0]['selections'], onStart = vi.fn()) {
  renderWithProviders(
    <SolverModal
      isOpen
      account={account}
      challenges={challenges}
      selections={selections}
      onClose={() => undefined}
      onStart={onStart}
    />,
  );
  return onStart;
}

// No club read unless a test answers one: the stored solution's cost shows.
beforeEach(() => vi.stubGlobal('fetch', fakeFetch({}).fetchStub));
afterEach(() => vi.unstubAllGlobals());

describe('the solver modal', () => {
  it("shows the cost the challenge card shows: the account's club squad once its club was read", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/sbc/club/acc-1': {
          status: 200,
          body: {
            data: { accountId: 'acc-1', readAt: '2026-11-27T19:00:00.000Z', isReading: false, cards: [] },
          },
        },
        'GET /api/sbc/club/acc-1/solution/set-1001': {
          status: 200,
          body: {
            data: {
              accountId: 'acc-1',
              challengeId: 'set-1001',
              platform: 'pc',
              createdAt: '2026-11-27T19:01:00.000Z',
              cost: 2_950,
              proof: { kind: 'optimal' },
              players: [],
            },
          },
        },
      }).fetchStub,
    );
    open([{ challengeId: 'set-1001', solutionId: 'sol-1' }]);
    expect(await screen.findByText('Daily Gold Upgrade: 2,950 coins')).toBeTruthy();
    expect(screen.getByText('Estimated cost: 2,950 coins')).toBeTruthy();
  });

  it('starts with the spec defaults; steps only with auto-list, and then greater than 0', async () => {
    const onStart = open([{ challengeId: 'set-1001', solutionId: 'sol-1' }]);
    expect(await screen.findByLabelText('Search Speed (ms)')).toHaveProperty('value', '3500');
    expect(screen.getByLabelText('Max Purchase Attempts')).toHaveProperty('value', '3');
    expect(screen.getByLabelText('Repetitions')).toHaveProperty('value', '1');
    const steps = screen.getByLabelText('Steps', { exact: false });
    expect(steps).toHaveProperty('value', '1');
    expect(steps).toHaveProperty('disabled', true);
    expect(screen.getByText('Daily Gold Upgrade: 3,300 coins')).toBeTruthy();

    // Non-positive attempts and repetitions are ignored.
    fireEvent.change(screen.getByLabelText('Max Purchase Attempts'), { target: { value: '0' } });
    expect(screen.getByLabelText('Max Purchase Attempts')).toHaveProperty('value', '3');
    // More than the agent takes stays as typed: the schema's message says so under the field.
    fireEvent.change(screen.getByLabelText('Repetitions'), { target: { value: '999999999999' } });
    expect(screen.getByLabelText('Repetitions')).toHaveProperty('value', '999999999999');
    expect(screen.getByRole('alert').textContent).toBe('Repetitions must be at most 100');
    expect(screen.getByRole('button', { name: 'Start' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Repetitions'), { target: { value: '1' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search Speed (ms)'), { target: { value: '1e9' } });
    expect(screen.getByRole('alert').textContent).toBe('Search speed must be between 1,000 and 600,000 ms');
    fireEvent.change(screen.getByLabelText('Search Speed (ms)'), { target: { value: '3500' } });
    expect(screen.getByRole('button', { name: 'Start' })).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByLabelText('Auto List'));
    expect(steps).toHaveProperty('disabled', false);
    fireEvent.change(steps, { target: { value: '0' } });
    const start = screen.getByRole('button', { name: 'Start' });
    expect(start).toHaveProperty('disabled', true);
    fireEvent.change(steps, { target: { value: '2' } });
    expect(start).toHaveProperty('disabled', false);
    fireEvent.click(start);
    expect(onStart).toHaveBeenCalledWith({
      searchSpeed: 3500,
      maxPurchaseAttempts: 3,
      numOfRepititions: 1,
      enableAutoList: true,
      numOfSteps: 2,
    });
  });

  it.each(['0', '999', ''])(
    'refuses a search speed of %j with the message under the field, and holds Start back',
    async (typed) => {
      const onStart = open([{ challengeId: 'set-1001', solutionId: 'sol-1' }]);
      const speed = await screen.findByLabelText('Search Speed (ms)');
      fireEvent.change(speed, { target: { value: typed } });
      expect(speed).toHaveProperty('value', typed);
      expect(speed.getAttribute('aria-invalid')).toBe('true');
      expect(speed.className).toContain('input-error');
      expect(screen.getByRole('alert').textContent).toBe('Search speed must be between 1,000 and 600,000 ms');
      const start = screen.getByRole('button', { name: 'Start' });
      expect(start).toHaveProperty('disabled', true);
      fireEvent.click(start);
      expect(onStart).not.toHaveBeenCalled();

      fireEvent.change(speed, { target: { value: '1000' } });
      expect(screen.queryByRole('alert')).toBeNull();
      expect(speed.getAttribute('aria-invalid')).toBeNull();
      expect(speed.className).not.toContain('input-error');
      fireEvent.click(start);
      expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ searchSpeed: 1_000 }));
    },
  );

  it('shows no estimate while Repetitions is out of range, and the product once it is back', async () => {
    open([{ challengeId: 'set-1001', solutionId: 'sol-1' }]);
    const repetitions = await screen.findByLabelText('Repetitions');
    fireEvent.change(repetitions, { target: { value: '3' } });
    expect(screen.getByText('Estimated cost: 9,900 coins')).toBeTruthy();
    fireEvent.change(repetitions, { target: { value: '101' } });
    expect(screen.getByRole('alert').textContent).toBe('Repetitions must be at most 100');
    expect(screen.getByText('Estimated cost: —')).toBeTruthy();
    fireEvent.change(repetitions, { target: { value: '2' } });
    expect(screen.getByText('Estimated cost: 6,600 coins')).toBeTruthy();
  });

  it('names Steps when it is emptied with auto-list on', async () => {
    open([{ challengeId: 'set-1001', solutionId: 'sol-1' }]);
    fireEvent.click(await screen.findByLabelText('Auto List'));
    fireEvent.change(screen.getByLabelText('Steps', { exact: false }), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('Steps must be a number');
    fireEvent.change(screen.getByLabelText('Steps', { exact: false }), { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toBe('Steps must be greater than 0 when auto list is on');
  });

  it.each([
    [{ challengeId: 'set-9', solutionId: 'sol-1' }, 'Unable to find challenge in modal'],
    [
      { challengeId: 'set-1101', subChallengeId: 'challenge-9', solutionId: 's' },
      'Unable to find sub challenge in modal',
    ],
    [
      { challengeId: 'set-1101', subChallengeId: 'challenge-2101', solutionId: 's' },
      'Unable to find sub challenge solution in modal',
    ],
    [{ challengeId: 'set-1001', solutionId: 'old' }, 'Unable to find solution in modal'],
  ])(
    'names what it cannot find, says an unexpected error occured and disables submit',
    async (selection, text) => {
      open([selection]);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe('An unexpected error has occured');
      expect(screen.getByRole('button', { name: 'Start' })).toHaveProperty('disabled', true);
    },
  );
});
