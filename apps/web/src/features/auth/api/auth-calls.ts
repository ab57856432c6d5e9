import { api } from '../../../lib/api-client';
import type { SessionUser } from '../types';

/** The auth service (spec §7). Each call is small, so they share one file. */
export const authCalls = {
  signIn: (body: { username: string; token: string; fingerprint: string; isIFrame: boolean }) =>
    api.post<{ user: SessionUser }>('auth', '/token', body),
  forceLogout: (body: { token: string }) => api.post<unknown>('auth', '/forceLogout', body),
  logout: () => api.post<unknown>('auth', '/logout'),
  checkFingerprint: (body: { fingerprint: string; isIFrame: boolean }) =>
    api.post<{ valid: boolean }>('auth', '/fingerprint', body),
};
