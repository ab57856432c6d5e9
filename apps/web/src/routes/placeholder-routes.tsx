import type { ReactNode } from 'react';
import { paths } from '../config/paths';
import { PlaceholderPage } from './placeholder-page';

type PlaceholderRoute = { path: string; title: string; description: ReactNode; isPrivate?: boolean };

/** Pages of spec §2 that are not built yet, each with what it will show. */
export const placeholderRoutes: PlaceholderRoute[] = [
  {
    path: paths.accounts,
    title: 'Account plans',
    description: 'Game accounts for Console and PC will be offered here, with their disclaimers.',
  },
  {
    path: paths.transfer,
    title: 'Transfer between accounts',
    isPrivate: true,
    description:
      'Here you will choose a seller and a buyer account, set a transfer filter and follow every step of a coin transfer between your own accounts.',
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
