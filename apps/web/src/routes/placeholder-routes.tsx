import type { ReactNode } from 'react';
import { paths } from '../config/paths';
import { PlaceholderPage } from './placeholder-page';

type PlaceholderRoute = { path: string; title: string; description: ReactNode; isPrivate?: boolean };

/** Pages of spec §2 that are not built yet, each with what it will show. */
export const placeholderRoutes: PlaceholderRoute[] = [
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
