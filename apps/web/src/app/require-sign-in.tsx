import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../config/paths';
import { useIsSignedIn } from '../stores/auth-store';

/** The tools are for signed-in users only; everyone else is sent to /login and brought back after. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const isSignedIn = useIsSignedIn();
  const location = useLocation();
  if (!isSignedIn) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return children;
}
