import { Navigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../config/paths';
import { useState } from 'react';
import { CodeLoginForm, LoginForm } from '../features/auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useHydrated } from '../hooks/use-hydrated';
import { useIsIFrame } from '../hooks/use-is-iframe';
import { useIsSignedIn } from '../stores/auth-store';

type SignInMethod = 'token' | 'code';
const signInMethods: ReadonlyArray<readonly [SignInMethod, string]> = [
  ['token', 'Licence token'],
  ['code', 'One-time code'],
];

export function LoginPage() {
  useDocumentTitle('Login');
  const isSignedIn = useIsSignedIn();
  const isIFrame = useIsIFrame();
  const [searchParams] = useSearchParams();
  const [method, setMethod] = useState<SignInMethod>('token');
  const isRunByTheApp = useHydrated();
  if (isSignedIn) return <Navigate to={safeRedirectTarget(searchParams.get('redirectTo'))} replace />;
  return (
    <section className="flex justify-center py-8">
      <div className="card bg-base-100 border-base-300 w-full max-w-sm border shadow-sm">
        <div className="card-body">
          <h1 className="card-title text-2xl">Login</h1>
          {/* The page arrives prerendered: until the app runs it, a submit would be the browser's own
              and put the token in the address. */}
          <fieldset disabled={!isRunByTheApp} className="contents">
            <div role="tablist" className="tabs tabs-box" aria-label="Sign-in method">
              {signInMethods.map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  role="tab"
                  aria-selected={method === value}
                  className={`tab ${method === value ? 'tab-active' : ''}`}
                  onClick={() => setMethod(value)}
                >
                  {label}
                </button>
              ))}
            </div>
            {method === 'token' ? (
              <>
                <p className="text-sm opacity-70">Sign in with your username and licence token.</p>
                <LoginForm isIFrame={isIFrame} />
              </>
            ) : (
              <>
                <p className="text-sm opacity-70">Sign in with your username and a one-time code.</p>
                <CodeLoginForm isIFrame={isIFrame} />
              </>
            )}
          </fieldset>
        </div>
      </div>
    </section>
  );
}
