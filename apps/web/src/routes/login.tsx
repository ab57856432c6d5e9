import { Navigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../config/paths';
import { LoginForm } from '../features/auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useIsIFrame } from '../hooks/use-is-iframe';
import { useIsSignedIn } from '../stores/auth-store';

export function LoginPage() {
  useDocumentTitle('Login');
  const isSignedIn = useIsSignedIn();
  const isIFrame = useIsIFrame();
  const [searchParams] = useSearchParams();
  if (isSignedIn) return <Navigate to={safeRedirectTarget(searchParams.get('redirectTo'))} replace />;
  return (
    <section className="flex justify-center py-8">
      <div className="card bg-base-100 border-base-300 w-full max-w-sm border shadow-sm">
        <div className="card-body">
          <h1 className="card-title text-2xl">Login</h1>
          <p className="text-sm opacity-70">Sign in with your username and licence token.</p>
          <LoginForm isIFrame={isIFrame} />
        </div>
      </div>
    </section>
  );
}
