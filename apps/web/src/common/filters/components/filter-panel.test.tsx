import { defaultNormalFilter, defaultRarityFilter } from '@tradedesk/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import type { SnipePanelFilter } from '../api/get-filters';
import { useFilterWorkspace } from '../state/use-filter-workspace';
import { FilterPanel } from './filter-panel';

const alpha: SnipePanelFilter = { ...defaultNormalFilter('Alpha'), id: 'f-a', maxPrice: 1000 };
const beta: SnipePanelFilter = { ...defaultNormalFilter('Beta'), id: 'f-b', maxPrice: 2000 };
const gamma: SnipePanelFilter = { ...defaultRarityFilter('Gamma'), id: 'f-g', maxPrice: 3000 };

function Harness(props: { saved: SnipePanelFilter[]; selected?: string[]; rotation?: boolean }) {
  const [isRotationEnabled, setRotation] = useState(props.rotation ?? false);
  const workspace = useFilterWorkspace({
    saved: props.saved,
    initialSelectedIds: props.selected ?? [],
    isRotationEnabled,
  });
  return (
    <>
      <button type="button" onClick={() => setRotation((on) => !on)}>
        toggle rotation
      </button>
      <output aria-label="selection">{workspace.selected.map((filter) => filter.label).join(',')}</output>
      <FilterPanel workspace={workspace} />
    </>
  );
}

const selection = () => screen.getByLabelText('selection').textContent;
const chips = () => within(screen.queryByLabelText('Selected filters') ?? document.createElement('div'));

describe('filter configuration panel', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("lists 'None' and every label, and a chip click removes the selection", async () => {
    renderWithProviders(<Harness saved={[alpha, beta]} selected={['f-a']} />);
    const user = userEvent.setup();
    const select = screen.getByLabelText('Select Filter') as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.text)).toEqual(['None', 'Alpha', 'Beta']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['AlphaNormal', 'BetaNormal']);

    await user.selectOptions(select, 'Beta');
    expect(selection()).toBe('Beta');
    await user.click(chips().getByRole('button', { name: 'Remove Beta' }));
    expect(selection()).toBe('');
    await user.selectOptions(select, 'Alpha');
    await user.selectOptions(select, 'None');
    expect(selection()).toBe('');
  });

  it('keeps several filters with rotation on, and only the first once rotation goes off', async () => {
    renderWithProviders(<Harness saved={[alpha, beta, gamma]} rotation />);
    const user = userEvent.setup();
    const select = screen.getByLabelText('Select Filter');
    await user.selectOptions(select, 'Beta');
    await user.selectOptions(select, 'Alpha');
    expect(selection()).toBe('Alpha,Beta');
    await user.click(screen.getByRole('button', { name: 'toggle rotation' }));
    expect(selection()).toBe('Alpha');
  });

  it('hides the add menu while a new filter is unsaved, and drops that filter on delete', async () => {
    renderWithProviders(<Harness saved={[alpha]} />);
    const user = userEvent.setup();
    // One saved filter: no share, no delete.
    expect(screen.queryByRole('button', { name: 'Share filter' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete filter' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(screen.getByRole('button', { name: '59th Minute Filter' }));
    expect(screen.queryByRole('button', { name: 'Add filter' })).toBeNull();
    expect(selection()).toBe('59th Minute');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('59th Minute59th Minute');
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();

    // An unsaved filter is simply dropped, and the add menu comes back.
    await user.click(screen.getByRole('button', { name: 'Discard new filter' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['AlphaNormal']);
    expect(selection()).toBe('');
    expect(screen.getByRole('button', { name: 'Add filter' })).toBeTruthy();
  });

  it('offers share and delete with more than one saved filter, and deletes through the API', async () => {
    const { fetchStub, calls } = fakeFetch({
      'DELETE /api/filter/f-b': { status: 200, body: { data: { id: 'f-b' } } },
      'GET /api/filter': { status: 200, body: { data: [alpha] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<Harness saved={[alpha, beta]} selected={['f-b']} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete filter' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Filter' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Beta filter')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/filter/f-b')).toBe(true);
    expect(selection()).toBe('');
  });

  it('enables Confirm on import only for a 20-character code', async () => {
    const { fetchStub, calls } = fakeFetch({
      'POST /api/filter/import': { status: 200, body: { data: gamma } },
      'GET /api/filter': { status: 200, body: { data: [alpha, gamma] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<Harness saved={[alpha]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import filter' }));
    const dialog = screen.getByRole('dialog', { name: 'Import Snipe Filter' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    await user.type(within(dialog).getByLabelText('Filter code'), 'A'.repeat(19));
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Filter code'), 'B');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    expect(await screen.findByText('Successfully imported filter')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      id: `${'A'.repeat(19)}B`,
      type: 'snipe',
    });
  });

  it('opens the chosen filter: Share and Delete act on the filter just selected, not the first tab', async () => {
    const { fetchStub, calls } = fakeFetch({
      'GET /api/filter/f-b/share': { status: 200, body: { data: { code: 'BBBBBBBBBB0123456789' } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<Harness saved={[alpha, beta]} selected={['f-a']} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Select Filter'), 'Beta');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('BetaNormal');
    expect((screen.getByLabelText('Label', { exact: true }) as HTMLInputElement).value).toBe('Beta');

    await user.click(screen.getByRole('button', { name: 'Share filter' }));
    const code = screen.getByLabelText('Share code') as HTMLInputElement;
    await vi.waitFor(() => expect(code.value).toBe('BBBBBBBBBB0123456789'));
    expect(calls.map((call) => call.url)).toContain('/api/filter/f-b/share');
  });

  it('shares a code and confirms the copy for 2.5 seconds', async () => {
    const { fetchStub } = fakeFetch({
      'GET /api/filter/f-a/share': { status: 200, body: { data: { code: 'ABCDEFGHIJ0123456789' } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderWithProviders(<Harness saved={[alpha, beta]} selected={['f-a']} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Share filter' }));
    const dialog = screen.getByRole('dialog', { name: 'Share Your Filter' });
    const code = within(dialog).getByLabelText('Share code') as HTMLInputElement;
    await vi.waitFor(() => expect(code.value).toBe('ABCDEFGHIJ0123456789'));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => within(dialog).getByRole('button', { name: 'Copy' }).click());
    expect(writeText).toHaveBeenCalledWith('ABCDEFGHIJ0123456789');
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2499));
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});
