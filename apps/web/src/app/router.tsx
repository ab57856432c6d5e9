import { snipePlanRequiredMessage } from '@tradedesk/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { paths } from '../config/paths';
import { HomePage } from '../routes/home';
import { NotFoundPage } from '../routes/not-found';
import { RouteError } from '../routes/route-error';
import { siteRoutes } from '../routes/site-routes';
import { RootLayout } from './layout/root-layout';
import { RequirePlan } from './require-plan';
import { RequireSignIn } from './require-sign-in';
import { ReplayEarlyClick } from '../prerender/replay-early-click';

// The sign-in forms (and their form library) load with /login only.
const LoginPage = lazy(() => import('../routes/login').then((module) => ({ default: module.LoginPage })));
// The dashboard and /players (with the filter forms and the EA id tables) load in their own
// chunks, so the home page, /login and the public pages never download them.
const SnipeDashboard = lazy(() =>
  import('../features/snipe').then((module) => ({ default: module.SnipeDashboard })),
);
const TransferPage = lazy(() =>
  import('../features/transfer').then((module) => ({ default: module.TransferPage })),
);
const SbcPage = lazy(() => import('../features/sbc').then((module) => ({ default: module.SbcPage })));
// The buying pages share one chunk (the plans' API calls and components).
const payments = () => import('../features/payments');
const SubscriptionPage = lazy(() => payments().then((module) => ({ default: module.SubscriptionPage })));
const CoinsPage = lazy(() => payments().then((module) => ({ default: module.CoinsPage })));
const VpsPage = lazy(() => payments().then((module) => ({ default: module.VpsPage })));
const CheckoutSuccessPage = lazy(() =>
  payments().then((module) => ({ default: module.CheckoutSuccessPage })),
);
const CheckoutCancelPage = lazy(() => payments().then((module) => ({ default: module.CheckoutCancelPage })));
const MarketplacePage = lazy(() =>
  import('../features/marketplace').then((module) => ({ default: module.MarketplacePage })),
);
const AdminRoute = lazy(() => import('../routes/admin').then((module) => ({ default: module.AdminRoute })));
// The plans pages arrive prerendered with their prices and start the app on the first intent: a buy
// or period click made before then is clicked again once the page has hydrated.
const paymentPage = (page: ReactNode) => (
  <Suspense fallback={<PageLoading label="Loading…" />}>
    {page}
    <ReplayEarlyClick />
  </Suspense>
);
const PlayersPage = lazy(() =>
  import('../features/players').then((module) => ({ default: module.PlayersPage })),
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: paths.home,
        element: (
          <>
            <HomePage />
            <ReplayEarlyClick />
          </>
        ),
      },
      {
        path: paths.login,
        element: (
          <Suspense fallback={<PageLoading label="Loading the sign-in page…" />}>
            <LoginPage />
          </Suspense>
        ),
      },
      {
        path: paths.notFound,
        element: (
          <>
            <NotFoundPage />
            <ReplayEarlyClick />
          </>
        ),
      },
      {
        path: paths.players,
        element: (
          <Suspense fallback={<PageLoading label="Loading the players page…" />}>
            <PlayersPage />
          </Suspense>
        ),
      },
      {
        path: paths.snipe,
        element: (
          <RequireSignIn>
            <RequirePlan tier="snipe" needsPlanMessage={snipePlanRequiredMessage}>
              <Suspense fallback={<PageLoading label="Loading the snipe dashboard…" />}>
                <SnipeDashboard />
              </Suspense>
            </RequirePlan>
          </RequireSignIn>
        ),
      },
      ...siteRoutes,
      {
        path: paths.transfer,
        element: (
          <RequireSignIn>
            <Suspense fallback={<PageLoading label="Loading the transfer page…" />}>
              <TransferPage />
            </Suspense>
          </RequireSignIn>
        ),
      },
      {
        path: paths.sbc,
        element: (
          <RequireSignIn>
            <Suspense fallback={<PageLoading label="Loading the SBC page…" />}>
              <SbcPage />
            </Suspense>
          </RequireSignIn>
        ),
      },
      {
        path: paths.marketplace,
        element: (
          <RequireSignIn>
            <Suspense fallback={<PageLoading label="Loading the marketplace…" />}>
              <MarketplacePage />
            </Suspense>
          </RequireSignIn>
        ),
      },
      { path: paths.subscription, element: paymentPage(<SubscriptionPage />) },
      { path: paths.coins, element: paymentPage(<CoinsPage />) },
      { path: paths.vps, element: paymentPage(<VpsPage />) },
      { path: paths.checkoutSuccess, element: paymentPage(<CheckoutSuccessPage />) },
      { path: paths.checkoutCancel, element: paymentPage(<CheckoutCancelPage />) },
      { path: paths.admin, element: <RequireSignIn>{paymentPage(<AdminRoute />)}</RequireSignIn> },
      // In place, not a redirect: the server answers such an address 404 with this page's HTML.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
