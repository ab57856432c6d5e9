/**
 * Every page of the web app (spec 000 §2 and 001 §2, plus the home page and the FAQ). The web's
 * router and links read it, and so does the server, which answers these paths with the app's
 * index.html and any other page path with 404.
 */
export const sitePaths = {
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
  faq: '/faq',
  blog: '/blog',
  blogUnlockTransferMarket: '/blog/how-to-unlock-transfer-market',
  blogPost: '/blog/:hash',
  termsOfUse: '/terms-of-use',
  privacyPolicy: '/privacy-policy',
  cookiePolicy: '/cookie-policy',
  affiliateProgramPolicy: '/affiliate-program-policy',
  refundPolicy: '/refund-policy',
  notFound: '/not-found',
  checkoutSuccess: '/checkout/success',
  checkoutCancel: '/checkout/cancel',
  marketplace: '/marketplace',
  admin: '/admin',
} as const;

export type SitePath = (typeof sitePaths)[keyof typeof sitePaths];

const routeMatchers = Object.values(sitePaths).map(
  (pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
);

const literalPaths = new Set<string>(Object.values(sitePaths).filter((pattern) => !pattern.includes(':')));

/** Whether `pathname` (no query string, no trailing slash) is a page address without parameters. */
export function isLiteralSitePath(pathname: string): boolean {
  return literalPaths.has(pathname);
}

/** Whether the web app has a page at `pathname` (no query string). */
export function isSitePath(pathname: string): boolean {
  return routeMatchers.some((matcher) => matcher.test(pathname));
}
