import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { TOAST_DURATION_MS } from '../config/limits';
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
      <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />
    </QueryClientProvider>
  );
}
