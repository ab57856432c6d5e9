import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, holdableFetch, renderWithProviders } from '../../../test/render';
import { CreateAccountModal } from './create-account-modal';
import { EditAccountModal } from './edit-account-modal';
import { presentedAccount } from '../test/account-fixtures';
import { accountSchema } from '@tradedesk/domain';

const field = (name: string) => screen.getByLabelText(name, { exact: false });

describe('create account form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts empty on PC with manual login off and shows the account rules', async () => {
    const { fetchStub, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<CreateAccountModal isOpen onClose={() => undefined} />);
    const user = userEvent.setup();
    expect((field('Email') as HTMLInputElement).value).toBe('');
    expect((field('Platform') as HTMLSelectElement).value).toBe('pc');
    expect((field('Manual Login') as HTMLInputElement).checked).toBe(false);

    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Password'), 'correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // Under the fields, and the first one as a toast (the message already names its field).
    expect(await screen.findAllByText('Email must be a valid e-mail address')).toHaveLength(2);
    expect(screen.getByText('Backup code is required')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email').className).toContain('input-error');
    expect(field('Backup Code').getAttribute('aria-invalid')).toBe('true');
    expect(field('Password').getAttribute('aria-invalid')).toBeNull();

    await user.type(field('Backup Code'), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('Backup code must be 8 characters long')).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('takes any password the game takes, and asks in words for a missing one', async () => {
    const { fetchStub, calls } = fakeFetch({ 'POST /api/account': { status: 201, body: { data: {} } } });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<CreateAccountModal isOpen onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(field('Email'), 'one@example.com');
    await user.type(field('Backup Code'), 'ABCD1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('Password is required')).length).toBeGreaterThan(0);
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);

    await user.type(field('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['POST']));
  });

  it("once corrected, says only 'Account created successfully': the old rule's toast goes", async () => {
    // Walked on the production start: after a first Submit on the empty form, the corrected form
    // showed 'Account created successfully' with 'Email must be a valid e-mail address' under it.
    const { fetchStub } = fakeFetch({ 'POST /api/account': { status: 201, body: { data: {} } } });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<CreateAccountModal isOpen onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Email must be a valid e-mail address')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // A repeated Submit does not stack a second copy of the same toast.
    expect(screen.getAllByText('Email must be a valid e-mail address')).toHaveLength(2);

    await user.type(field('Email'), 'fixed@example.com');
    await user.type(field('Password'), 'correct-horse-1');
    await user.type(field('Backup Code'), 'ABCD1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Account created successfully')).toBeTruthy();
    expect(screen.queryByText('Email must be a valid e-mail address')).toBeNull();
  });

  it('needs no backup code with manual login and creates the account', async () => {
    const { fetchStub, calls } = fakeFetch({ 'POST /api/account': { status: 201, body: { data: {} } } });
    vi.stubGlobal('fetch', fetchStub);
    const onClose = vi.fn();
    renderWithProviders(<CreateAccountModal isOpen onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(field('Manual Login'));
    await user.type(field('Email'), 'manual@example.com');
    await user.type(field('Password'), 'correct-horse-1');
    await user.selectOptions(field('Platform'), 'Console');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Account created successfully')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      email: 'manual@example.com',
      password: 'correct-horse-1',
      backupCode: '',
      isManualLogin: true,
      platform: 'ps',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('creates the account once for a double click on Submit, and offers Submit again after a refusal', async () => {
    const { fetchStub, calls } = fakeFetch({
      'POST /api/account': { status: 409, body: { message: 'An account with this email already exists' } },
    });
    const held = holdableFetch(fetchStub, 'POST /api/account');
    vi.stubGlobal('fetch', held.fetchStub);
    renderWithProviders(<CreateAccountModal isOpen onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(field('Email'), 'twice@example.com');
    await user.type(field('Password'), 'correct-horse-1');
    await user.type(field('Backup Code'), 'ABCD1234');
    held.hold();
    await user.dblClick(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(held.waiting()).toBe(1));
    held.release();
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/account')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false),
    );
  });
});

describe('edit account form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('prefills the stored credentials and keeps Submit disabled until something changes', async () => {
    const { fetchStub, calls } = fakeFetch({
      'POST /api/user/decrypt': {
        status: 201,
        body: { data: { email: 'one@example.com', password: 'stored-pass-1', backupCode: 'CODE1234' } },
      },
      'PUT /api/account': { status: 200, body: { data: {} } },
    });
    vi.stubGlobal('fetch', fetchStub);
    const account = accountSchema.parse(presentedAccount());
    renderWithProviders(<EditAccountModal account={account} onClose={() => undefined} />);
    const user = userEvent.setup();

    await waitFor(() => expect((field('Backup Code') as HTMLInputElement).value).toBe('CODE1234'));
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    await user.type(field('Backup Code'), 'X');
    expect(submit.disabled).toBe(false);
    await user.type(field('Backup Code'), '{Backspace}');
    expect(submit.disabled).toBe(true);

    await user.clear(field('Backup Code'));
    await user.type(field('Backup Code'), 'NEWC0DE1');
    await user.click(submit);
    expect(await screen.findByText('Account edited successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      id: 'acc-1',
      email: 'one@example.com',
      backupCode: 'NEWC0DE1',
    });
  });
});
