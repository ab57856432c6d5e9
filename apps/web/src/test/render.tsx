import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../lib/query-client';

type RenderOptions = { path?: string; routes?: RouteObject[]; queryClient?: QueryClient };

/** Renders inside a memory router, a fresh query client and the toaster, as the app does. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', routes, queryClient }: RenderOptions = {},
) {
  const client = queryClient ?? createQueryClient({ onUnauthorized: () => undefined });
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient: client };
}

/** A fresh query client around a hook under test (renderHook's `wrapper`). */
export function QueryWrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      {children}
    </QueryClientProvider>
  );
}

/** A fetch stand-in answering JSON by "METHOD /path" and recording every call. */
export function fakeFetch(answers: Record<string, { status: number; body?: unknown }>) {
  const calls: { method: string; url: string; body: unknown; init: RequestInit }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined, init });
    const key = `${method} ${url.split('?')[0]}`;
    const answer = answers[key];
    if (!answer)
      return new Response(JSON.stringify({ message: `No fake answer for ${key}` }), { status: 404 });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
    });
  };
  return { fetchStub, calls };
}

/**
 * Wraps a fetch stand-in so the test can hold one "METHOD /path" while the user goes on: after
 * `hold()` its calls wait (a save, or the list read after it, still under way) until `release()`.
 */
export function holdableFetch(fetchStub: typeof fetch, key: string) {
  let isHolding = false;
  let waiting = 0;
  let release: () => void = () => undefined;
  let released = Promise.resolve();
  const held: typeof fetch = async (input, init = {}) => {
    if (isHolding && `${init.method ?? 'GET'} ${String(input).split('?')[0]}` === key) {
      waiting += 1;
      await released;
      waiting -= 1;
    }
    return fetchStub(input, init);
  };
  return {
    fetchStub: held,
    hold() {
      isHolding = true;
      released = new Promise<void>((resolve) => (release = resolve));
    },
    release() {
      isHolding = false;
      release();
    },
    /** How many calls are held now. */
    waiting: () => waiting,
  };
}
