import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { presentedAccount } from '../test/account-fixtures';
import { useAccounts } from './get-accounts';

function AccountCount() {
  const accounts = useAccounts();
  return <p>{accounts.data ? `${accounts.data.length} accounts` : 'loading'}</p>;
}

describe('accounts list', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refreshes every five minutes on its own', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { fetchStub, calls } = fakeFetch({
      'GET /api/account': { status: 200, body: { data: [presentedAccount()] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<AccountCount />);
    expect(await screen.findByText('1 accounts')).toBeTruthy();
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(299_999));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toHaveLength(2);
  });
});
