import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { paths } from '../config/paths';
import { legalDocuments } from '../content/legal-documents';
import { ReplayEarlyClick } from '../prerender/replay-early-click';

// The site's reading pages (Markdown renderer, article and policy texts) load in their own chunks,
// so the tools never download them.
const FaqPage = lazy(() => import('./faq').then((module) => ({ default: module.FaqPage })));
const BlogPage = lazy(() => import('./blog').then((module) => ({ default: module.BlogPage })));
const BlogArticlePage = lazy(() =>
  import('./blog-article').then((module) => ({ default: module.BlogArticlePage })),
);
const LegalPage = lazy(() => import('./legal-page').then((module) => ({ default: module.LegalPage })));
const AccountsPage = lazy(() => import('./accounts').then((module) => ({ default: module.AccountsPage })));

const loading = (page: ReactNode) => (
  <Suspense fallback={<PageLoading label="Loading the page…" />}>
    {page}
    <ReplayEarlyClick />
  </Suspense>
);

/** The public site: FAQ, blog, legal pages and account plans (spec §2, Other pages). */
export const siteRoutes: RouteObject[] = [
  { path: paths.faq, element: loading(<FaqPage />) },
  { path: paths.accounts, element: loading(<AccountsPage />) },
  { path: paths.blog, element: loading(<BlogPage />) },
  {
    path: paths.blogUnlockTransferMarket,
    element: loading(<BlogArticlePage hash="how-to-unlock-transfer-market" />),
  },
  { path: paths.blogPost, element: loading(<BlogArticlePage />) },
  ...legalDocuments.map((document) => ({
    path: document.path,
    element: loading(<LegalPage document={document} />),
  })),
];
