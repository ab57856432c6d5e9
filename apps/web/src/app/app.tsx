import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppToaster } from '../components/ui/app-toaster';
import { endExpiredSession } from '../features/auth';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';

/** Wires the router and the query client together: any 401 ends the local session and opens /login. */
function createApp() {
  const router = createAppRouter();
  const queryClient = createQueryClient({
    onUnauthorized: (message) =>
      endExpiredSession(message, { queryClient, navigate: (to, options) => router.navigate(to, options) }),
  });
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
