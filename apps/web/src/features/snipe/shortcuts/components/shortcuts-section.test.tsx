import { defaultShortcuts } from '@tradedesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../../test/render';
import { ShortcutsSection, storedShortcutsOf } from './shortcuts-section';

const keyField = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('keyboard shortcuts settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the default keys of the game web app', () => {
    renderWithProviders(<ShortcutsSection stored={defaultShortcuts()} />);
    expect(keyField('Go to the transfer market').value).toBe('a');
    expect(keyField('Go home').value).toBe('Escape');
    expect(keyField('Buy').value).toBe('b');
    expect(keyField('Previous page').value).toBe('←');
    expect(keyField('Next selection').value).toBe('↓');
    expect(keyField('Max buy now up').value).toBe('l');
    expect(save().disabled).toBe(true);
  });

  it('binds the pressed key, resets to the defaults and saves the user shortcuts', async () => {
    const { fetchStub, calls } = fakeFetch({
      'PUT /api/user/shortcuts': { status: 200, body: { data: {} } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<ShortcutsSection stored={defaultShortcuts()} />);
    const user = userEvent.setup();
    await user.click(keyField('Buy'));
    await user.keyboard('n');
    expect(keyField('Buy').value).toBe('n');
    expect(save().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(keyField('Buy').value).toBe('b');
    expect(save().disabled).toBe(true);

    await user.click(keyField('Quick sell'));
    await user.keyboard('x');
    await user.click(save());
    expect(await screen.findByText('Updated shortcuts')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({
      market: { quickSell: 'x', buy: 'b' },
      general: { goHome: 'Escape' },
    });
  });

  it('falls back to the defaults when the stored shortcuts are missing', () => {
    expect(storedShortcutsOf(undefined)).toEqual(defaultShortcuts());
    expect(storedShortcutsOf({ general: {} })).toEqual(defaultShortcuts());
  });
});
