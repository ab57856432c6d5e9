import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppToaster } from './app-toaster';
import { ConfirmModal } from './confirm-modal';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';

/** A page with a button behind the dialog and the toaster, as the app draws them. */
function Page({ withConfirmation = false }: { withConfirmation?: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <main>
        <button type="button">Refresh prices</button>
        <button type="button" onClick={() => setOpen(true)}>
          Add account
        </button>
        <Modal
          isOpen={isOpen}
          title="Create Account"
          onClose={close}
          actions={
            <ModalActions confirmLabel="Submit" onCancel={close} onConfirm={() => setConfirming(true)} />
          }
        >
          <label>
            Email <input type="email" />
          </label>
          <label>
            Password <input type="password" />
          </label>
        </Modal>
        {withConfirmation && (
          <ConfirmModal
            isOpen={isConfirming}
            title="Save anyway?"
            confirmLabel="Save anyway"
            onConfirm={() => setConfirming(false)}
            onClose={() => setConfirming(false)}
          >
            <p>a@b.c is sniping now.</p>
          </ConfirmModal>
        )}
      </main>
      <AppToaster />
    </>
  );
}

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  const opener = screen.getByRole('button', { name: 'Add account' });
  await user.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Create Account' }) };
};

describe('the shared modal keeps the keyboard inside it', () => {
  it('moves the focus to its first field, and Tab and Shift+Tab cycle within it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await open(user);
    const email = screen.getByLabelText('Email');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(document.activeElement).toBe(email);

    await user.tab(); // Password
    await user.tab(); // Cancel
    await user.tab();
    expect(document.activeElement).toBe(submit);
    await user.tab(); // from the last: back to the first, not to the page
    expect(document.activeElement).toBe(email);
    await user.tab({ shift: true }); // from the first: to the last
    expect(document.activeElement).toBe(submit);
  });

  it('makes the page behind inert while open, keeps the toasts live, and gives the focus back', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page />);
    const { opener, dialog } = await open(user);
    const behind = screen.getByText('Refresh prices');
    expect(behind.closest('[inert]')).not.toBeNull();
    expect(opener.closest('[inert]')).not.toBeNull();
    expect(dialog.closest('[inert]')).toBeNull();
    expect(container.querySelector('[data-live-outside-dialogs]')?.closest('[inert]')).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('a dialog opened over another takes the keyboard, and Escape closes only it', async () => {
    const user = userEvent.setup();
    render(<Page withConfirmation />);
    const { dialog } = await open(user);
    const submit = screen.getByRole('button', { name: 'Submit' });
    await user.click(submit);
    const confirmation = screen.getByRole('dialog', { name: 'Save anyway?' });
    expect(dialog.closest('[inert]')).not.toBeNull();
    expect(confirmation.closest('[inert]')).toBeNull();
    // The least harmful answer takes the focus; Tab stays among the confirmation's two buttons.
    const [cancel, saveAnyway] = [
      confirmation.querySelector('button:not(.modal-backdrop)'),
      screen.getByRole('button', { name: 'Save anyway' }),
    ];
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(saveAnyway);
    await user.tab();
    expect(document.activeElement).toBe(cancel);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Save anyway?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBe(dialog);
    expect(dialog.closest('[inert]')).toBeNull();
    expect(document.activeElement).toBe(submit);
  });

  it('makes what the page adds beside the dialog while it is open inert too', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await open(user);
    const banner = document.createElement('div');
    banner.innerHTML = '<button type="button">Dismiss banner</button>';
    document.body.append(banner);
    await waitFor(() => expect(banner.hasAttribute('inert')).toBe(true));

    await user.keyboard('{Escape}');
    expect(banner.hasAttribute('inert')).toBe(false);
    banner.remove();
  });
});
