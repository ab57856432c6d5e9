import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { PlayersPage } from '../features/players';
import { SnipeDashboard } from '../features/snipe';
import { HomePage } from '../routes/home';
import { LoginPage } from '../routes/login';
import { NotFoundPage } from '../routes/not-found';
import { RouteError } from '../routes/route-error';
import { placeholderRoutes, renderPlaceholder } from '../routes/placeholder-routes';
import { RootLayout } from './layout/root-layout';
import { RequireSignIn } from './require-sign-in';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
      { path: paths.players, element: <PlayersPage /> },
      {
        path: paths.snipe,
        element: (
          <RequireSignIn>
            <SnipeDashboard />
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
