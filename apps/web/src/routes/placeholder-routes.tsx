import type { ReactNode } from 'react';
import { paths } from '../config/paths';
import { PlaceholderPage } from './placeholder-page';

type PlaceholderRoute = { path: string; title: string; description: ReactNode; isPrivate?: boolean };

/** Pages of spec §2 that are not built yet, each with what it will show. */
export const placeholderRoutes: PlaceholderRoute[] = [
  {
    path: paths.subscription,
    title: 'Subscription',
    description:
      'The plans (Headful & Headless Snipes, Multi Rarity Snipes, Coin Transfer and Other), credit packages, a referral code field and an FAQ will be listed here. Plans are not auto-renewed.',
  },
  {
    path: paths.vps,
    title: 'VPS plans',
    description: 'VPS plans to run your sessions on will be offered here.',
  },
  {
    path: paths.accounts,
    title: 'Account plans',
    description: 'Game accounts for Console and PC will be offered here, with their disclaimers.',
  },
  {
    path: paths.coins,
    title: 'Coins',
    description:
      'A coin calculator per platform (0 to 100 units of 100,000 coins) with checkout, and answers about payment, delivery and disclaimers will be here.',
  },
  {
    path: paths.sbc,
    title: 'SBC',
    isPrivate: true,
    description:
      'Squad-building challenges with their stored solutions will be listed here, with the solver that buys the players a solution needs.',
  },
  {
    path: paths.blog,
    title: 'Blog',
    description: 'Guides and news about trading on the transfer market will be posted here.',
  },
  {
    path: paths.blogUnlockTransferMarket,
    title: 'How to unlock the transfer market',
    description:
      'A step-by-step guide to unlocking the transfer market on a new game account will be published here.',
  },
  { path: paths.blogPost, title: 'Blog post', description: 'This blog post will be published here.' },
  { path: paths.termsOfUse, title: 'Terms of Use', description: 'The terms of use will be published here.' },
  {
    path: paths.privacyPolicy,
    title: 'Privacy Policy',
    description: 'The privacy policy will be published here.',
  },
  {
    path: paths.cookiePolicy,
    title: 'Cookie Policy',
    description: 'The cookie policy will be published here.',
  },
  {
    path: paths.affiliateProgramPolicy,
    title: 'Affiliate Program Policy',
    description: 'The rules of the affiliate programme will be published here.',
  },
  {
    path: paths.refundPolicy,
    title: 'Refund Policy',
    description:
      'The refund policy will be published here. In short: refunds are decided case by case, and a dispute must be raised within 72 hours.',
  },
];

export const renderPlaceholder = ({ title, description }: PlaceholderRoute) => (
  <PlaceholderPage title={title}>{description}</PlaceholderPage>
);
