import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppToaster } from '../components/ui/app-toaster';
import { endExpiredSession } from '../features/auth';
import { createQueryClient } from '../lib/query-client';
import { prerenderedQueries, seedQueries } from '../prerender/prerendered-queries';
import { createAppRouter } from './router';

/** Wires the router and the query client together: any 401 ends the local session and opens /login. */
function createApp() {
  const router = createAppRouter();
  const queryClient = createQueryClient({
    onUnauthorized: (message) =>
      endExpiredSession(message, { queryClient, navigate: (to, options) => router.navigate(to, options) }),
  });
  // A prerendered plans page carries the prices it shows: the app draws from them, as the HTML did.
  seedQueries(queryClient, prerenderedQueries(document));
  return { router, queryClient };
}

export function App() {
  const [{ router, queryClient }] = useState(createApp);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>
  );
}
