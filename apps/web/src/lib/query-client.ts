import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { errorMessage, notify } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller shows its own error (no automatic toast). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

type QueryClientHooks = {
  /** Called when any call answers 401 (the session ended): the app signs out and goes to /login. */
  onUnauthorized: (message: string) => void;
};

export function createQueryClient({ onUnauthorized }: QueryClientHooks): QueryClient {
  const handle = (error: unknown, silent: boolean | undefined) => {
    if (error instanceof ApiError && error.status === 401) {
      onUnauthorized(error.message);
      return;
    }
    if (!silent) notify.error(errorMessage(error));
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => handle(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
}
