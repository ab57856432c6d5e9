import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { ReferralSection } from './referral-section';

/** The section with a server that accepts only GOOD1234. */
function renderReferral() {
  vi.stubGlobal('fetch', async (url: RequestInfo | URL, init: RequestInit = {}) => {
    if (!String(url).endsWith('/referral/verify')) return fakeFetch({}).fetchStub(url, init);
    const { code } = JSON.parse(String(init.body)) as { code: string };
    return new Response(JSON.stringify({ data: code === 'GOOD1234' }), { status: 200 });
  });
  const onValid = vi.fn();
  renderWithProviders(<ReferralSection onValid={onValid} />, { path: '/subscription' });
  const field = screen.getByRole('textbox', { name: 'Referral code' }) as HTMLInputElement;
  // The red border is drawn by the field's box: the label that wraps the input (daisyUI's `input`).
  const box = field.closest('label');
  if (!box) throw new Error('The referral field has no box');
  const apply = () => userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  const isMarkedInvalid = () => ({
    redBorder: box.classList.contains('input-error'),
    ariaInvalid: field.getAttribute('aria-invalid'),
  });
  return { field, apply, isMarkedInvalid, onValid };
}

afterEach(() => vi.unstubAllGlobals());

describe('the referral code field', () => {
  it('is unmarked until a code is applied', () => {
    const { isMarkedInvalid } = renderReferral();
    expect(isMarkedInvalid()).toEqual({ redBorder: false, ariaInvalid: null });
  });

  it.each([
    ['no code', '', 'Enter your referral code'],
    ['a code the server refuses', 'WRONG', 'Referral code is invalid'],
  ])(
    'takes the red border and aria-invalid for %s, and the message says why',
    async (_case, code, message) => {
      const { field, apply, isMarkedInvalid, onValid } = renderReferral();
      if (code) await userEvent.type(field, code);
      await apply();
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(isMarkedInvalid()).toEqual({ redBorder: true, ariaInvalid: 'true' });
      expect(onValid).not.toHaveBeenCalled();
    },
  );

  it('drops the red border and the refusal as soon as the code is edited, and stays unmarked once valid', async () => {
    const { field, apply, isMarkedInvalid, onValid } = renderReferral();
    await userEvent.type(field, 'WRONG');
    await apply();
    await screen.findByRole('alert');
    await userEvent.clear(field);
    expect(isMarkedInvalid()).toEqual({ redBorder: false, ariaInvalid: null });
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.type(field, 'GOOD1234');
    await apply();
    expect((await screen.findByRole('status')).textContent).toBe('Referral code is valid');
    expect(isMarkedInvalid()).toEqual({ redBorder: false, ariaInvalid: null });
    expect(field.readOnly).toBe(true);
    expect(onValid).toHaveBeenCalledWith('GOOD1234');
  });
});
