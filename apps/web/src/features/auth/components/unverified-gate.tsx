import { env } from '../../../config/env';
import { apiUrl } from '../../../lib/api-client';

/** Starts the community sign-in (Discord, or its sandbox stand-in) and comes back to this page. */
const linkCommunityUrl = () =>
  apiUrl('community', '/discord/start', { returnTo: `${window.location.pathname}` });

type UnverifiedGateProps = { onRefresh: () => void; onSignOut: () => void; isRefreshing: boolean };

/** Replaces the whole app while the user has no linked chat-community id (spec §2). */
export function UnverifiedGate({ onRefresh, onSignOut, isRefreshing }: UnverifiedGateProps) {
  return (
    <main className="bg-base-200 flex min-h-screen items-center justify-center p-4">
      <section className="card bg-base-100 w-full max-w-md shadow-md">
        <div className="card-body items-center text-center">
          <h1 className="card-title text-2xl">Unverified account</h1>
          <p>
            Join our community server and link your chat account to verify it. Once linked, press Refresh to
            continue.
          </p>
          <a className="link link-primary" href={env.communityUrl} target="_blank" rel="noreferrer">
            Join the community server
          </a>
          <a className="btn btn-primary" href={linkCommunityUrl()}>
            Link your community account
          </a>
          <div className="card-actions mt-2">
            <button type="button" className="btn btn-outline" onClick={onRefresh} disabled={isRefreshing}>
              {isRefreshing && <span className="loading loading-spinner loading-sm" aria-hidden />}
              Refresh
            </button>
            <button type="button" className="btn btn-ghost" onClick={onSignOut}>
              Logout
            </button>
          </div>
        </div>
      </section>
    </main>
  );
}
