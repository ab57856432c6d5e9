// The signed-in user as every page reads it (GET /api/user); signing in and out is features/auth's.
export { useUser, userQueryKey, userQueryOptions } from './get-user';
export type { Credentials, SessionUser } from './types';
