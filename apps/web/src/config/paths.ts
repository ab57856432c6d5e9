/** Every route of the site, in one place, so links and the router can never disagree. */
export const paths = {
  home: '/',
  login: '/login',
  subscription: '/subscription',
  vps: '/vps',
  accounts: '/accounts',
  coins: '/coins',
  players: '/players',
  snipe: '/snipe',
  transfer: '/transfer',
  sbc: '/sbc',
  blog: '/blog',
  blogUnlockTransferMarket: '/blog/how-to-unlock-transfer-market',
  blogPost: '/blog/:hash',
  termsOfUse: '/terms-of-use',
  privacyPolicy: '/privacy-policy',
  cookiePolicy: '/cookie-policy',
  affiliateProgramPolicy: '/affiliate-program-policy',
  refundPolicy: '/refund-policy',
  /** Not in the spec's route list; the spec's FAQ page needs an address (docs/decisions.md). */
  faq: '/faq',
  notFound: '/not-found',
  checkoutSuccess: '/checkout/success',
  checkoutCancel: '/checkout/cancel',
  admin: '/admin',
} as const;

/** The address of the blog article with this hash (`paths.blogPost`). */
export const blogPostPath = (hash: string) => paths.blogPost.replace(':hash', encodeURIComponent(hash));

export type AppPath = (typeof paths)[keyof typeof paths];

/** The login address that brings the user back to `from` once signed in. */
export function loginPathFor(from: string): string {
  if (!from || from === paths.login || from === paths.home) return paths.login;
  return `${paths.login}?redirectTo=${encodeURIComponent(from)}`;
}

/** Only same-site paths may be redirect targets (never another origin). */
export function safeRedirectTarget(value: string | null): string {
  if (value && value.startsWith('/') && !value.startsWith('//')) return value;
  return paths.home;
}
