import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { AppToaster } from './app-toaster';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it.each([
    ['blank', () => toast('Saved draft')],
    ['success', () => toast.success('Saved draft')],
    ['error', () => toast.error('Saved draft')],
    ['custom', () => toast.custom(<span>Saved draft</span>)],
  ])('shows a %s toast at the top centre for five seconds', (_kind, show) => {
    render(<AppToaster />);
    act(() => void show());
    const message = screen.getByText('Saved draft');
    const placement = message.closest<HTMLElement>('[style*="justify-content"]')!;
    expect(placement.style.justifyContent).toBe('center');
    expect(placement.style.top).toBe('0px');

    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.queryByText('Saved draft')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200)); // 5.1 s: dismissed
    act(() => vi.advanceTimersByTime(1_000)); // and gone once its exit animation ends
    expect(screen.queryByText('Saved draft')).toBeNull();
  });

  it('shows, once, the toast an action left for the page after its reload', () => {
    notify.successAfterReload('Challenge deleted');
    expect(screen.queryByText('Challenge deleted')).toBeNull();
    const reloaded = render(<AppToaster />);
    expect(screen.getByText('Challenge deleted')).toBeTruthy();
    act(() => toast.remove());
    reloaded.unmount();
    render(<AppToaster />);
    expect(screen.queryByText('Challenge deleted')).toBeNull();
  });
});
