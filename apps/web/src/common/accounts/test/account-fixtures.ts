/** An account as GET /api/account presents it. */
export function presentedAccount(overrides: Record<string, unknown> = {}) {
  return {
    id: 'acc-1',
    username: 'TraderOne',
    email: 'one@example.com',
    imageUrl: '',
    platform: 'pc',
    coins: 125_000,
    status: 'inactive',
    description: '',
    isManualLogin: false,
    profits: 0,
    session: { requests: 0, searches: 0 },
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
