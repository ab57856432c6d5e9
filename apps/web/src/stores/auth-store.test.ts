import { beforeEach, describe, expect, it } from 'vitest';
import { authStorageKey, useAuthStore } from './auth-store';

const signIn = (isRemembered: boolean) =>
  useAuthStore.getState().signIn({ username: 'demo', token: 'tok', isRemembered, fingerprint: 'fp' });

describe('auth store', () => {
  beforeEach(() =>
    useAuthStore.setState({ username: '', token: null, isRemembered: false, fingerprint: null }),
  );

  it('keeps a remembered session in local storage, so it survives closing the browser', () => {
    signIn(true);
    expect(localStorage.getItem(authStorageKey)).toContain('"token":"tok"');
    expect(sessionStorage.getItem(authStorageKey)).toBeNull();
  });

  it('keeps a session that is not remembered only for this tab', () => {
    signIn(false);
    expect(sessionStorage.getItem(authStorageKey)).toContain('"token":"tok"');
    expect(localStorage.getItem(authStorageKey)).toBeNull();
  });

  it('forgets token and fingerprint on sign-out but keeps a remembered username for the form', () => {
    signIn(true);
    useAuthStore.getState().clearSession();
    expect(useAuthStore.getState()).toMatchObject({ token: null, fingerprint: null, username: 'demo' });
    signIn(false);
    useAuthStore.getState().clearSession();
    expect(useAuthStore.getState().username).toBe('');
  });
});
