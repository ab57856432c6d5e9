import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { paths } from '../config/paths';
import { HomePage } from '../routes/home';
import { LoginPage } from '../routes/login';
import { NotFoundPage } from '../routes/not-found';
import { RouteError } from '../routes/route-error';
import { placeholderRoutes, renderPlaceholder } from '../routes/placeholder-routes';
import { siteRoutes } from '../routes/site-routes';
import { RootLayout } from './layout/root-layout';
import { RequireSignIn } from './require-sign-in';

// The dashboard and /players (with the filter forms and the EA id tables) load in their own
// chunks, so the home page, /login and the public pages never download them.
const SnipeDashboard = lazy(() =>
  import('../features/snipe').then((module) => ({ default: module.SnipeDashboard })),
);
const TransferPage = lazy(() =>
  import('../features/transfer').then((module) => ({ default: module.TransferPage })),
);
const PlayersPage = lazy(() =>
  import('../features/players').then((module) => ({ default: module.PlayersPage })),
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
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
            <Suspense fallback={<PageLoading label="Loading the snipe dashboard…" />}>
              <SnipeDashboard />
            </Suspense>
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
      ...placeholderRoutes.map((route) => ({
        path: route.path,
        element: route.isPrivate ? (
          <RequireSignIn>{renderPlaceholder(route)}</RequireSignIn>
        ) : (
          renderPlaceholder(route)
        ),
      })),
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
