import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { presentedAccount } from '../test/account-fixtures';
import { noAccountRowsMessage } from '../import/parse-accounts-csv';
import { ImportAccountsModal } from './import-accounts-modal';

const csv = (lines: string[]) => new File([lines.join('\n')], 'accounts.csv', { type: 'text/csv' });

const upload = (file: File) =>
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });

const rowStates = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => [row.querySelectorAll('td')[1]?.textContent, row.getAttribute('data-state')]);
const statusOf = (email: string) =>
  within(screen.getByText(email).closest('tr') as HTMLElement).getByTestId('import-row-status').textContent;

describe('import accounts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews success, warning and error rows and keeps Confirm disabled while any row is an error', async () => {
    const { fetchStub } = fakeFetch({
      'GET /api/account': { status: 200, body: { data: [presentedAccount({ email: 'known@example.com' })] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<ImportAccountsModal isOpen onClose={() => undefined} />);
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    // Upload opens once the user's accounts are known (for the already-exists warnings).
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Upload CSV' }) as HTMLButtonElement).disabled).toBe(false),
    );
    upload(
      csv([
        'Email,Password,Backup Code,Platform,Manual Login',
        ' new@example.com , secret-pass-1 , ABCD1234 , PC , false',
        'known@example.com,secret-pass-2,ABCD1234,console,true',
        'broken-email,secret-pass-3,,pc,false',
        'new@example.com,another-pass,ZZZZ9999,pc,true',
      ]),
    );

    expect(await screen.findByText('Row 3: Email must be a valid e-mail address')).toBeTruthy();
    expect(rowStates()).toEqual([
      ['new@example.com', 'success'],
      ['known@example.com', 'warning'],
      ['broken-email', 'error'],
    ]);
    expect(confirm.disabled).toBe(true);
  });

  it.each([
    ['an empty file', ''],
    ['a header alone', 'Email,Password,Backup Code,Platform,Manual Login'],
  ])('says why nothing can be imported from %s', async (_case, text) => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/account': { status: 200, body: { data: [] } } }).fetchStub);
    renderWithProviders(<ImportAccountsModal isOpen onClose={() => undefined} />);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Upload CSV' }) as HTMLButtonElement).disabled).toBe(false),
    );
    upload(new File([text], 'accounts.csv', { type: 'text/csv' }));
    expect(await screen.findByText(noAccountRowsMessage)).toBeTruthy();
  });

  it('says on the row why it is bad, flags a platform read another way, and lets a row be removed', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/account': { status: 200, body: { data: [] } } }).fetchStub);
    renderWithProviders(<ImportAccountsModal isOpen onClose={() => undefined} />);
    expect(
      screen.getByText(
        'Manual login is always on for imported accounts: you sign each one in yourself when it starts.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Upload CSV' }) as HTMLButtonElement).disabled).toBe(false),
    );
    upload(
      csv([
        'email,password,backup code,platform,manual login',
        'box@example.com,secret-pass-1,ABCD1234,xbox,false',
        'switch@example.com,secret-pass-2,ABCD1234,switch,false',
        'short@example.com,,,pc,false',
      ]),
    );
    await screen.findByText('box@example.com');
    expect(statusOf('box@example.com')).toBe("Ready · 'xbox' is read as Console");
    expect(statusOf('switch@example.com')).toBe("Unknown platform 'switch' (use pc or ps)");
    expect(statusOf('short@example.com')).toBe('Password is required');
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove row 3' }));
    expect(rowStates()).toEqual([['box@example.com', 'success']]);
    expect(confirm.disabled).toBe(false);
  });

  it('imports only the success rows and reports how many were stored', async () => {
    const { fetchStub, calls } = fakeFetch({
      'GET /api/account': { status: 200, body: { data: [presentedAccount({ email: 'known@example.com' })] } },
      'POST /api/account/bulk': {
        status: 201,
        body: { data: { accounts: [presentedAccount()], rejected: [] } },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    const onClose = vi.fn();
    renderWithProviders(<ImportAccountsModal isOpen onClose={onClose} />);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Upload CSV' }) as HTMLButtonElement).disabled).toBe(false),
    );
    upload(
      csv([
        'email,password,backup code,platform,manual login',
        'fresh@example.com,secret-pass-1,,ps,true',
        'known@example.com,secret-pass-2,ABCD1234,pc,true',
      ]),
    );
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await userEvent.setup().click(confirm);

    expect(await screen.findByText('1 accounts imported successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual([
      {
        email: 'fresh@example.com',
        password: 'secret-pass-1',
        backupCode: '',
        isManualLogin: true,
        platform: 'ps',
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });
});
