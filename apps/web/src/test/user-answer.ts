/** A user as GET /api/user presents it; a test overrides only what it is about. */
export function presentedUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u1',
    tier: 'transfer',
    roles: ['user'],
    credits: 0,
    maxAccounts: 1,
    providers: { discordId: '1' },
    ...overrides,
  };
}

/** GET /api/user answering with `presentedUser(overrides)`. */
export const userAnswer = (overrides: Record<string, unknown> = {}) => ({
  status: 200,
  body: { data: presentedUser(overrides) },
});
