import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths';

/** Shown instead of a page that crashed, so one broken page never blanks the whole site. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <section
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold">Something went wrong, please try again later</h1>
      {detail && <p className="max-w-lg text-sm opacity-70">{detail}</p>}
      <div className="flex gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home} className="btn btn-ghost" reloadDocument>
          Home
        </Link>
      </div>
    </section>
  );
}
