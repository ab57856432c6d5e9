import type { ReactNode } from 'react';
import { PlaceholderPage } from './placeholder-page';

type PlaceholderRoute = { path: string; title: string; description: ReactNode; isPrivate?: boolean };

/** Pages of spec §2 that are not built yet, each with what it will show. */
export const placeholderRoutes: PlaceholderRoute[] = [];

export const renderPlaceholder = ({ title, description }: PlaceholderRoute) => (
  <PlaceholderPage title={title}>{description}</PlaceholderPage>
);
