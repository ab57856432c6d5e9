import { api } from '../../../lib/api-client';
import type { SessionUser } from '../../../common/user';

/** The auth service (spec §7). Each call is small, so they share one file. */
export const authCalls = {
  signIn: (body: { username: string; token: string; fingerprint: string; isIFrame: boolean }) =>
    api.post<{ user: SessionUser }>('auth', '/token', body),
  /** Without a code: asks for a one-time code (the sandbox keeps it in the server log and notifications). */
  requestCode: (body: { username: string }) => api.post<{ sent: boolean }>('auth', '/code', body),
  signInWithCode: (body: { username: string; code: string; fingerprint: string; isIFrame: boolean }) =>
    api.post<{ user: SessionUser }>('auth', '/code', body),
  forceLogout: (body: { token: string }) => api.post<unknown>('auth', '/forceLogout', body),
  logout: () => api.post<unknown>('auth', '/logout'),
  checkFingerprint: (body: { fingerprint: string; isIFrame: boolean }) =>
    api.post<{ valid: boolean }>('auth', '/fingerprint', body),
};
