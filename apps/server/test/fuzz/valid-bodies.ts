import {
  defaultAdvancedConfig,
  defaultCalibrationConfig,
  defaultMarketConfig,
  defaultNormalFilter,
  defaultNotificationConfig,
  defaultShortcuts,
  defaultTimeConfig,
  defaultTransferConfig,
} from '@tradedesk/domain';

export const validAccount = {
  email: 'fuzz@example.com',
  password: 'sandbox-password',
  backupCode: 'ABCD1234',
  platform: 'pc',
  isManualLogin: false,
};

/** A valid body per route (mutated by the fuzzer); routes without one get arbitrary JSON. */
export const validBodies: Record<string, unknown> = {
  'POST /api/auth/token': { username: 'someone', token: 'x'.repeat(40), fingerprint: 'fp', isIFrame: false },
  'POST /api/auth/code': { username: 'someone', code: '12345678', fingerprint: 'fp' },
  'POST /api/auth/fingerprint': { fingerprint: 'fp-other', isIFrame: false },
  'POST /api/auth/forceLogout': { token: 'x'.repeat(40) },
  'POST /api/account': validAccount,
  'POST /api/account/bulk': [validAccount],
  'PUT /api/account': { ...validAccount, id: '00000000-0000-0000-0000-000000000000' },
  'POST /api/sandbox/users': { username: 'fuzzed_user', tier: 'Snipe', credits: 5, maxAccounts: 2 },
  'PUT /api/user/provider': {
    discordId: '',
    discordWebhookUrl: 'https://discord.com/api/webhooks/1/x',
    telegramId: '',
  },
  'PUT /api/user/shortcuts': defaultShortcuts(),
  'POST /api/user/decrypt': { token: 'x'.repeat(40) },
  'PUT /api/configuration/advanced': defaultAdvancedConfig(),
  'PUT /api/configuration/time': defaultTimeConfig(),
  'PUT /api/configuration/transfer': defaultTransferConfig(),
  'PUT /api/configuration/notification': defaultNotificationConfig(),
  'PUT /api/configuration/market': {
    ...defaultMarketConfig(),
    players: [{ id: 1, name: 'A', price: 10, isExcluded: false }],
  },
  'PUT /api/configuration/calibration': { delay: defaultCalibrationConfig().delay },
  'POST /api/filter': { ...defaultNormalFilter('Fuzz'), maxPrice: 1_000 },
  'POST /api/filter/import': { id: 'A'.repeat(20), type: 'normal' },
  'POST /api/market/coins': {
    accountIds: ['00000000-0000-0000-0000-000000000000'],
    price: 2.5,
    minimumBalance: 0,
    platform: 'pc',
  },
  'POST /api/market/coins/:id': {
    buyerAccountId: '00000000-0000-0000-0000-000000000000',
    coins: 100_000,
    cardId: 20_801,
  },
  'POST /api/market/sync': { accountIds: ['00000000-0000-0000-0000-000000000000'] },
  'POST /api/community/sandbox/authorize': { state: 'A'.repeat(32) },
  'POST /api/referral/verify': { code: 'ABCD1234' },
  'POST /api/payment/checkout': {
    productId: 'credits-25',
    priceId: 'credits-25-eur',
    type: 'credit',
    quantity: 1,
  },
  'POST /api/payment/receipt': { orderId: '00000000-0000-0000-0000-000000000000', key: 'k'.repeat(43) },
};

/**
 * Routes the fuzzer must not call with the shared session: they end it on purpose (a fingerprint
 * mismatch signs the browser out, a 403 with that side effect by the spec).
 */
export const endsTheSession = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/forceLogout',
  'POST /api/auth/fingerprint',
]);
