import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSEEN_REQUEST_RELEASE_MS, useOnceWhilePending } from './use-once-while-pending';

describe('useOnceWhilePending', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a double click once, and again once its request has come and gone', () => {
    const action = vi.fn();
    const { result, rerender } = renderHook(({ isPending }) => useOnceWhilePending(action, isPending), {
      initialProps: { isPending: false },
    });
    act(() => {
      result.current.run();
      result.current.run();
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.isHeld).toBe(true);
    rerender({ isPending: true });
    rerender({ isPending: false });
    expect(result.current.isHeld).toBe(false);
    act(() => result.current.run());
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('lets go of a request that never showed as pending (it failed before it was sent)', () => {
    vi.useFakeTimers();
    const action = vi.fn();
    const { result } = renderHook(() => useOnceWhilePending(action, false));
    act(() => result.current.run());
    expect(result.current.isHeld).toBe(true);
    act(() => vi.advanceTimersByTime(UNSEEN_REQUEST_RELEASE_MS));
    expect(result.current.isHeld).toBe(false);
    act(() => result.current.run());
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('keeps holding a request that is still pending past that time', () => {
    vi.useFakeTimers();
    const action = vi.fn();
    const { result, rerender } = renderHook(({ isPending }) => useOnceWhilePending(action, isPending), {
      initialProps: { isPending: false },
    });
    act(() => result.current.run());
    rerender({ isPending: true });
    act(() => vi.advanceTimersByTime(UNSEEN_REQUEST_RELEASE_MS * 5));
    act(() => result.current.run());
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('leaves no timer behind when the dialog goes before its request showed', () => {
    vi.useFakeTimers();
    const { result, unmount } = renderHook(() => useOnceWhilePending(vi.fn(), false));
    act(() => result.current.run());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
