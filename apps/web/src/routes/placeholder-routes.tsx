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
];

export const renderPlaceholder = ({ title, description }: PlaceholderRoute) => (
  <PlaceholderPage title={title}>{description}</PlaceholderPage>
);
