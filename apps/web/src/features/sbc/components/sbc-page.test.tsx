import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WebHubModule from '../../../lib/web-hub-socket';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeWebHubSocket } from '../../../test/fake-web-hub';
import { fakeFetch, holdableFetch, renderWithProviders } from '../../../test/render';
import { userAnswer } from '../../../test/user-answer';
import { presentedAccount } from '../../../common/accounts/test/account-fixtures';
import { CLUB_READING_POLL_MS } from '../api/account-club';
import { AWAITED_SOLUTION_POLL_MS } from '../api/sbc-api';
import { noChallengesYet, noMarketSquad } from './challenges-accordion';
import { SbcPage } from './sbc-page';

vi.mock('../../../lib/web-hub-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof WebHubModule>()),
  connectWebHub: (await import('../../../test/fake-web-hub')).connectFakeWebHub,
}));

const club = (overrides: Record<string, unknown>) => ({
  status: 200,
  body: { data: { accountId: 'a', readAt: null, isReading: false, cards: [], ...overrides } },
});

/** The page's answers for one account, club@example.com ('a'), whose club was never read. */
const pageAnswers = () => ({
  'GET /api/user': userAnswer({ tier: 'snipe' }),
  'GET /api/account': {
    status: 200,
    body: { data: [presentedAccount({ id: 'a', email: 'club@example.com' })] },
  },
  'GET /api/sbc/challenges': { status: 200, body: { data: [] } },
  'GET /api/statistic/sbc': { status: 200, body: { data: {} } },
  'GET /api/sbc/club/a': club({}),
});

describe('SBC page', () => {
  beforeEach(() => {
    fakeWebHubSocket.reset();
    useAuthStore.setState({ token: 'licence-token' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null });
  });

  it("holds Start Solver while the club is read, and says 'Club read' once the page shows the club", async () => {
    const record = pageAnswers();
    const clubRead = holdableFetch(fakeFetch(record).fetchStub, 'GET /api/sbc/club/a');
    vi.stubGlobal('fetch', clubRead.fetchStub);
    renderWithProviders(<SbcPage />);
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: 'club@example.com' });
    await within(row).findByText('Not read');
    const start = within(row).getByRole<HTMLButtonElement>('button', { name: 'Start Solver' });
    expect(start.disabled).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Read club' }));
    expect(fakeWebHubSocket.emit).toHaveBeenCalledWith('message', {
      action: 'SBC_READ_CLUB',
      data: { id: 'a' },
    });
    // The run would be built from the club the read is replacing: Start waits for it.
    await waitFor(() => expect(start.disabled).toBe(true));

    record['GET /api/sbc/club/a'] = club({ readAt: '2026-11-27T19:00:00.000Z', cards: [{}, {}] });
    clubRead.hold();
    act(() =>
      fakeWebHubSocket.serverSends('message', {
        action: 'SBC_CLUB',
        data: { accountId: 'a', ok: true, cards: 2 },
      }),
    );
    await waitFor(() => expect(clubRead.waiting()).toBe(1));
    // The page still shows the club being read: no toast yet, and Start still waits.
    expect(screen.queryByText('Club read: 2 players')).toBeNull();
    expect(start.disabled).toBe(true);

    clubRead.release();
    expect(await screen.findByText('Club read: 2 players')).toBeTruthy();
    await waitFor(() => expect(start.disabled).toBe(false));
    expect(within(row).getByLabelText('Club').textContent).toMatch(/^2 players, read/);
  });

  it('shows the club once read even when the page missed SBC_CLUB', async () => {
    const record: Record<string, { status: number; body?: unknown }> = pageAnswers();
    vi.stubGlobal('fetch', fakeFetch(record).fetchStub);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<SbcPage />);
      const row = await screen.findByRole('row', { name: 'club@example.com' });
      await within(row).findByText('Not read');
      const start = within(row).getByRole<HTMLButtonElement>('button', { name: 'Start Solver' });
      await userEvent
        .setup({ advanceTimers: vi.advanceTimersByTime })
        .click(within(row).getByRole('button', { name: 'Read club' }));
      await waitFor(() => expect(start.disabled).toBe(true));

      // The read is stored, and its message never reaches this page (a reconnect in between).
      record['GET /api/sbc/club/a'] = club({ readAt: '2026-11-27T19:00:00.000Z', cards: [{}, {}, {}] });
      await act(() => vi.advanceTimersByTimeAsync(CLUB_READING_POLL_MS));
      await waitFor(() => expect(within(row).getByLabelText('Club').textContent).toMatch(/^3 players, read/));
      expect(start.disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sits in the layout’s main region instead of opening a second one', async () => {
    vi.stubGlobal('fetch', fakeFetch(pageAnswers()).fetchStub);
    renderWithProviders(<SbcPage />);
    await screen.findByRole('row', { name: 'club@example.com' });
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('names the browser tab after the page, like every other desk page', async () => {
    document.title = 'Trade Desk';
    vi.stubGlobal('fetch', fakeFetch(pageAnswers()).fetchStub);
    renderWithProviders(<SbcPage />);
    await waitFor(() => expect(document.title).toBe('SBC · Trade Desk'));
  });

  it('gives Start Solver back when the server refuses the club read', async () => {
    vi.stubGlobal('fetch', fakeFetch(pageAnswers()).fetchStub);
    renderWithProviders(<SbcPage />);
    const row = await screen.findByRole('row', { name: 'club@example.com' });
    await within(row).findByText('Not read');
    const start = within(row).getByRole<HTMLButtonElement>('button', { name: 'Start Solver' });
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Read club' }));
    await waitFor(() => expect(start.disabled).toBe(true));

    act(() => fakeWebHubSocket.serverSends('error', { description: 'No agent is available' }));
    expect(await screen.findByText('No agent is available')).toBeTruthy();
    await waitFor(() => expect(start.disabled).toBe(false));
    expect(within(row).getByLabelText('Club').textContent).toBe('Not read');
  });

  it('says the challenges are being read while the catalogue has none, and shows them once synced, without a reload', async () => {
    const record: Record<string, { status: number; body?: unknown }> = pageAnswers();
    vi.stubGlobal('fetch', fakeFetch(record).fetchStub);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<SbcPage />);
      const challenges = await screen.findByRole('region', { name: 'Challenges' });
      expect(within(challenges).getByRole('status').textContent).toBe(noChallengesYet);

      record['GET /api/sbc/challenges'] = {
        status: 200,
        body: {
          data: [
            {
              challengeId: 'set-1001',
              name: 'Daily Gold Upgrade',
              imageId: 'sbc_set_image_1001',
              rewards: [],
              expiresAt: null,
              solutions: [],
              subChallenges: [],
            },
          ],
        },
      };
      await act(() => vi.advanceTimersByTimeAsync(AWAITED_SOLUTION_POLL_MS));
      expect(await within(challenges).findByRole('button', { name: /Daily Gold Upgrade/ })).toBeTruthy();
      expect(within(challenges).queryByRole('status')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the catalogue's first squad once it is computed, without a reload", async () => {
    const goldUpgrade = (solutions: unknown[]) => ({
      challengeId: 'set-1001',
      name: 'Daily Gold Upgrade',
      imageId: 'sbc_set_image_1001',
      rewards: [],
      expiresAt: null,
      solutions,
      subChallenges: [],
    });
    const record: Record<string, { status: number; body?: unknown }> = pageAnswers();
    record['GET /api/sbc/challenges'] = { status: 200, body: { data: [goldUpgrade([])] } };
    vi.stubGlobal('fetch', fakeFetch(record).fetchStub);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<SbcPage />);
      await userEvent.setup().click(await screen.findByRole('button', { name: /Daily Gold Upgrade/ }));
      expect(
        await screen.findByText('The solver is computing the cheapest squad for this challenge…'),
      ).toBeTruthy();

      record['GET /api/sbc/challenges'] = {
        status: 200,
        body: {
          data: [
            goldUpgrade([
              {
                solutionId: 'sol-1',
                createdAt: '2026-11-28T10:00:00.000Z',
                platform: 'pc',
                cost: 2_950,
                proof: { kind: 'optimal' },
                players: [],
              },
            ]),
          ],
        },
      };
      await act(() => vi.advanceTimersByTimeAsync(AWAITED_SOLUTION_POLL_MS));
      expect((await screen.findByLabelText('Solution cost')).textContent).toBe('2,950');
      expect(screen.getByRole('button', { name: 'Select solution' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says why the market has no squad for a challenge, and stops reading the list again for it', async () => {
    const reason = '"Untradeable: Min. 11" cannot be met with the pool';
    const record: Record<string, { status: number; body?: unknown }> = pageAnswers();
    record['GET /api/sbc/challenges'] = {
      status: 200,
      body: {
        data: [
          {
            challengeId: 'set-1111',
            name: 'Club Loyalty',
            imageId: 'sbc_set_image_1111',
            rewards: [],
            expiresAt: null,
            solutions: [],
            unsolvableReason: reason,
            subChallenges: [],
          },
        ],
      },
    };
    const { fetchStub, calls } = fakeFetch(record);
    vi.stubGlobal('fetch', fetchStub);
    const challengeReads = () => calls.filter((call) => call.url.includes('/api/sbc/challenges')).length;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<SbcPage />);
      await userEvent.setup().click(await screen.findByRole('button', { name: /Club Loyalty/ }));
      expect(await screen.findByText(noMarketSquad(reason))).toBeTruthy();
      expect(screen.queryByText('The solver is computing the cheapest squad for this challenge…')).toBeNull();
      const reads = challengeReads();
      await act(() => vi.advanceTimersByTimeAsync(AWAITED_SOLUTION_POLL_MS * 3));
      expect(challengeReads()).toBe(reads);
    } finally {
      vi.useRealTimers();
    }
  });
});
