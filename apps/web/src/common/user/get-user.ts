import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useAuthStore } from '../../stores/auth-store';
import type { SessionUser } from './types';

export const userQueryKey = ['user'] as const;

export const getUser = () => api.get<SessionUser>('user', '', { configuration: true, filters: true });

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser });

/** The signed-in user (nothing is fetched while signed out). */
export function useUser() {
  const isSignedIn = useAuthStore((state) => state.token !== null);
  return useQuery({ ...userQueryOptions(), enabled: isSignedIn });
}
