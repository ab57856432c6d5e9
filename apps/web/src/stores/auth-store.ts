import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { authStorageKey } from './storage-keys';

type AuthState = {
  username: string;
  /** The licence token the user signed in with; holding one is what "signed in" means. */
  token: string | null;
  isRemembered: boolean;
  fingerprint: string | null;
  signIn: (session: { username: string; token: string; isRemembered: boolean; fingerprint: string }) => void;
  setFingerprint: (fingerprint: string) => void;
  /** Forget the token and fingerprint (the username stays to prefill the form when remembered). */
  clearSession: () => void;
};

export { authStorageKey };

/**
 * "Remember me" decides where the session lives: localStorage survives closing the browser,
 * sessionStorage ends with the tab. The other store is cleared so the two never disagree.
 */
const rememberAwareStorage: StateStorage = {
  getItem: (name) => localStorage.getItem(name) ?? sessionStorage.getItem(name),
  setItem: (name, value) => {
    const isRemembered =
      (JSON.parse(value) as { state?: { isRemembered?: boolean } }).state?.isRemembered === true;
    const [keep, drop] = isRemembered ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
    keep.setItem(name, value);
    drop.removeItem(name);
  },
  removeItem: (name) => {
    localStorage.removeItem(name);
    sessionStorage.removeItem(name);
  },
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      username: '',
      token: null,
      isRemembered: false,
      fingerprint: null,
      signIn: ({ username, token, isRemembered, fingerprint }) =>
        set({ username, token, isRemembered, fingerprint }),
      setFingerprint: (fingerprint) => set({ fingerprint }),
      clearSession: () =>
        set((state) => ({
          token: null,
          fingerprint: null,
          username: state.isRemembered ? state.username : '',
        })),
    }),
    {
      name: authStorageKey,
      storage: createJSONStorage(() => rememberAwareStorage),
      partialize: ({ username, token, isRemembered, fingerprint }) => ({
        username,
        token,
        isRemembered,
        fingerprint,
      }),
    },
  ),
);

/** Signed in means holding a token (spec §6); components use this instead of reading the token. */
export const useIsSignedIn = () => useAuthStore((state) => state.token !== null);
