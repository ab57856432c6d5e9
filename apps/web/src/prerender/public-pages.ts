import { blogArticles } from '../content/blog/articles';
import { legalDocuments } from '../content/legal-documents';
import { paths } from '../config/paths';
import { coinPricesQueryOptions } from '../features/payments/api/get-coin-prices';
import { plansQueryOptions } from '../features/payments/api/get-plans';
import type { AppStart } from './app-start-script';
import type { PageQuery } from './prerendered-queries';

/**
 * Stands for the site's public address in prerendered files. The build cannot know it (one build
 * serves any deployment); the server puts its address (PUBLIC_URL, or the request's own) in its place.
 */
export const siteOriginPlaceholder = '%TRADEDESK_SITE_ORIGIN%';

/** A schema.org object for the page's JSON-LD; values in it are built for `siteOriginPlaceholder`. */
export type StructuredData = Record<string, unknown>;

/** A page of the public site, rendered to HTML at build time. */
export type PublicPage = {
  path: string;
  /** The tab title's page part ("FAQ" → "FAQ · Trade Desk"); none on the home page. */
  title?: string;
  description: string;
  /** Open Graph type: articles for the blog's posts, a website otherwise. */
  ogType: 'website' | 'article';
  /** The card image of link previews (a path on the site). */
  image: string;
  /** Filled in by the prerender (the FAQ's answers are only known once rendered). */
  structuredData?: 'faq' | StructuredData;
  /** When the page starts the app (`app-start-script.ts`): its HTML is the whole page, or it reads data. */
  appStart: AppStart;
  /**
   * The API reads the page draws (the plans' prices). The build draws it with the bundled
   * catalogue's answers, and again without them (`after-first-paint`, loading them) for a server
   * whose answers differ (build/prerender.ts).
   */
  queries?: readonly PageQuery[];
};

const plansQuery: PageQuery = { queryKey: plansQueryOptions().queryKey, address: '/api/payment/plans' };
const coinsQuery: PageQuery = { queryKey: coinPricesQueryOptions().queryKey, address: '/api/payment/coins' };

const siteImage = '/images/blog/how-sniping-works.svg';
const absolute = (path: string) => `${siteOriginPlaceholder}${path}`;

/** "FAQ" → "FAQ · Trade Desk", as the app's `useDocumentTitle` names the tab. */
export const documentTitle = (title: string | undefined) => (title ? `${title} · Trade Desk` : 'Trade Desk');

const articlePages: PublicPage[] = blogArticles.map((article) => ({
  path: article.path,
  title: article.title,
  description: article.description,
  ogType: 'article',
  image: article.image.src,
  appStart: 'on-first-intent',
  structuredData: {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.description,
    image: absolute(article.image.src),
    datePublished: article.publishedOn,
    mainEntityOfPage: absolute(article.path),
    author: { '@type': 'Organization', name: 'Trade Desk' },
    publisher: { '@type': 'Organization', name: 'Trade Desk' },
  },
}));

const legalPages: PublicPage[] = legalDocuments.map((document) => ({
  path: document.path,
  title: document.title,
  description: `Trade Desk's ${document.title}, last updated ${document.updatedOn}.`,
  ogType: 'website',
  image: siteImage,
  appStart: 'on-first-intent',
}));

/**
 * Every page a visitor or a crawler reaches without signing in. Each is whole in its HTML (the
 * plans pages with the prices the server sends them with) and starts the app on the visitor's
 * first intent; /login starts it after the first paint, its form disabled until then (a sign-in
 * form submitted before the app took it over would send the licence token in the address).
 */
export const publicPages: readonly PublicPage[] = [
  {
    path: paths.home,
    description:
      'Trade Desk: sniping, coin transfers, SBC solving and a price database for the Ultimate Team transfer market.',
    ogType: 'website',
    image: siteImage,
    appStart: 'on-first-intent',
  },
  {
    path: paths.faq,
    title: 'FAQ',
    description:
      'Answers about Trade Desk: platforms, how sniping and transfers work, account safety, billing and support.',
    ogType: 'website',
    image: siteImage,
    appStart: 'on-first-intent',
    structuredData: 'faq',
  },
  {
    path: paths.blog,
    title: 'Blog',
    description:
      'Guides for Ultimate Team traders: unlocking the transfer market, safe habits, how sniping works.',
    ogType: 'website',
    image: siteImage,
    appStart: 'on-first-intent',
  },
  ...articlePages,
  ...legalPages,
  {
    path: paths.subscription,
    title: 'Subscription',
    description:
      'Trade Desk plans: Snipe, Transfer and SBC tools for your Ultimate Team accounts, paid monthly.',
    ogType: 'website',
    image: siteImage,
    appStart: 'on-first-intent',
    queries: [plansQuery],
  },
  {
    path: paths.coins,
    title: 'Coins',
    description:
      'Buy Ultimate Team coins for PC or console, delivered to your own club through the transfer market.',
    ogType: 'website',
    image: siteImage,
    appStart: 'on-first-intent',
    queries: [coinsQuery],
  },
  {
    path: paths.vps,
    title: 'VPS plans',
    description:
      'Virtual servers that keep Trade Desk running around the clock, with the plans and their prices.',
    ogType: 'website',
    image: siteImage,
    appStart: 'on-first-intent',
    queries: [plansQuery],
  },
  {
    path: paths.accounts,
    title: 'Account plans',
    description: 'Game accounts with the transfer market unlocked, for console and PC.',
    ogType: 'website',
    image: siteImage,
    appStart: 'on-first-intent',
  },
  {
    path: paths.login,
    title: 'Login',
    description: 'Sign in to Trade Desk with your username and licence token, or with a one-time code.',
    ogType: 'website',
    image: siteImage,
    appStart: 'after-first-paint',
  },
  {
    path: paths.notFound,
    title: 'Page not found',
    description: 'This page does not exist on Trade Desk.',
    ogType: 'website',
    image: siteImage,
    appStart: 'on-first-intent',
  },
];
